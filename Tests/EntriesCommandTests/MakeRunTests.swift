import Foundation
import XCTest

/// `make run`, the README's first command, on a fresh clone and again: with a stand-in for `swift` that
/// lays out its build folder as SwiftPM does (`release` a link to the platform's folder, made by the
/// first build), so that the Makefile's own logic is tested in seconds instead of a release build.
final class MakeRunTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("make-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    /// A `swift` that counts its builds and, like SwiftPM's first build, replaces whatever `release`
    /// is in the build folder with a link to `x86_64-unknown-linux-gnu/release`, where it writes an
    /// `entries` that prints its arguments.
    private func fakeSwift(buildFolder: URL, builds: URL) throws -> URL {
        let script = scratch.appendingPathComponent("swift")
        try """
        #!/bin/sh
        [ "$1" = build ] || exit 0
        echo build >> '\(builds.path)'
        platform='\(buildFolder.path)/x86_64-unknown-linux-gnu/release'
        mkdir -p "$platform"
        if [ ! -L '\(buildFolder.path)/release' ]; then
            rm -rf '\(buildFolder.path)/release'
            ln -s x86_64-unknown-linux-gnu/release '\(buildFolder.path)/release'
        fi
        printf '#!/bin/sh\\necho "app ran with $*"\\n' > "$platform/entries"
        chmod +x "$platform/entries"
        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    private func make(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["make", "--no-print-directory", "-C", EntriesStoryboardCommandTests.repositoryRoot.path]
            + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func testAFirstRunBuildsAndOpensTheAppAndASecondOneSkipsTheBuild() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else {
            throw XCTSkip("make is not installed")
        }
        let buildFolder = scratch.appendingPathComponent("build")
        let builds = scratch.appendingPathComponent("builds")
        let swift = try fakeSwift(buildFolder: buildFolder, builds: builds)
        let arguments = ["run", "SWIFT=\(swift.path)", "BUILD_DIR=\(buildFolder.path)", "ARGS=--hello"]

        let first = try make(arguments)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertTrue(first.output.contains("app ran with --hello"), first.output)

        let second = try make(arguments)
        XCTAssertEqual(second.status, 0, second.output)
        XCTAssertTrue(second.output.contains("is up to date"), second.output)
        XCTAssertTrue(second.output.contains("app ran with --hello"), second.output)
        XCTAssertEqual(try String(contentsOf: builds, encoding: .utf8), "build\n", "one build for two runs")
    }
}
