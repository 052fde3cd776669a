@testable import AppFactory
import Foundation
import XCTest

/// The theme picked in Settings is written into the person's config file as one line: an existing
/// `theme:` rewritten in place, or a line added. Any file it cannot edit that way stays byte for byte.
final class ConfigFileThemeWriterTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("ThemeWriter-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func writer(_ name: String = "config.yaml") -> ConfigFileThemeWriter {
        ConfigFileThemeWriter(path: folder.appendingPathComponent(name).path, home: folder.path)
    }

    private func file(_ name: String = "config.yaml") -> String { folder.appendingPathComponent(name).path }

    func testEditsAsText() throws {
        let cases: [(before: String, after: String)] = [
            ("", "theme: light\n"),
            ("editor: vi\n", "editor: vi\ntheme: light\n"),
            ("editor: vi", "editor: vi\ntheme: light\n"),
            ("# only a comment\n", "# only a comment\ntheme: light\n"),
            ("theme: dark\n", "theme: light\n"),
            ("theme: dark   # evenings\nmouse: false\n", "theme: light   # evenings\nmouse: false\n"),
            ("theme: \"dark\"\n", "theme: \"light\"\n"),
            ("theme: 'mono'\n", "theme: 'light'\n"),
            ("mouse: true\r\ntheme: dark\r\n", "mouse: true\r\ntheme: light\r\n"),
            ("theme:    high-contrast\n", "theme:    light\n"),
        ]
        for (before, after) in cases {
            try before.write(toFile: file(), atomically: true, encoding: .utf8)
            try writer().write(themeName: "light")
            XCTAssertEqual(
                try String(contentsOfFile: file(), encoding: .utf8), after, "from \(before.debugDescription)")
        }
    }

    func testRefusesWhatItCannotEditAsOneLineAndLeavesTheFileAlone() throws {
        let refused = [
            "{editor: vi, theme: dark}\n",  // the theme is not on a line of its own
            "{editor: vi}\n",  // a line added would not read back
            "theme: dark\ntheme: dark\n",  // a problem already
            "theme: [dark]\n",
            "editor: vi\n...\n",  // the document ends before the end of the file
            "\u{FF}\u{FE}garbage: [\n",
        ]
        for text in refused {
            let data = Data(text.utf8)
            try data.write(to: URL(fileURLWithPath: file()))
            XCTAssertThrowsError(try writer().write(themeName: "light"), text.debugDescription) { error in
                XCTAssertTrue(
                    String(describing: error).hasPrefix("cannot keep the theme in \(self.file()): "), "\(error)")
            }
            XCTAssertEqual(
                try Data(contentsOf: URL(fileURLWithPath: file())), data, "untouched: \(text.debugDescription)")
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".tmp")
            }
            XCTAssertEqual(leftovers, [])
        }
    }

    func testCreatesAMissingFileAndItsFolder() throws {
        let nested = ConfigFileThemeWriter(
            path: folder.appendingPathComponent("a/entries/config.yaml").path, home: folder.path)
        try nested.write(themeName: "mono")
        XCTAssertEqual(try String(contentsOfFile: nested.path, encoding: .utf8), "theme: mono\n")
    }

    func testWritesThroughASymbolicLinkAndKeepsThePermissions() throws {
        try "editor: vi\n".write(toFile: file("real.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file("real.yaml"))
        try FileManager.default.createSymbolicLink(atPath: file(), withDestinationPath: file("real.yaml"))
        try writer().write(themeName: "light")
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: file()), file("real.yaml"), "still a link")
        XCTAssertEqual(try String(contentsOfFile: file("real.yaml"), encoding: .utf8), "editor: vi\ntheme: light\n")
        let permissions =
            try FileManager.default.attributesOfItem(atPath: file("real.yaml"))[.posixPermissions] as? NSNumber
        XCTAssertEqual(permissions?.intValue, 0o600)
    }

    func testNoConfigPathIsAnError() {
        XCTAssertThrowsError(try ConfigFileThemeWriter(path: "", home: "/").write(themeName: "light"))
    }
}
