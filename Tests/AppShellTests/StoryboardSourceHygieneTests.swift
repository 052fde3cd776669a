import Foundation
import XCTest

/// The segue problem, kept out of the code base: no `switch` over segue identifiers and no string
/// cases in code that deals with segues, anywhere in Sources/ (every module). (Forced casts, `try!`
/// and implicitly unwrapped optionals are swift-format's rules, checked by `make lint`.)
final class StoryboardSourceHygieneTests: XCTestCase {
    /// The package's Sources directory, found from this file's path.
    private var sourcesDirectory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    func testSourcesHaveNoSwitchesOverSegueIdentifiers() throws {
        let files = try swiftFiles(in: sourcesDirectory)
        XCTAssertGreaterThan(files.count, 20, "the Sources directory was found")
        var findings: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            let relative = file.path.replacingOccurrences(
                of: sourcesDirectory.deletingLastPathComponent().path + "/", with: "")
            findings += SegueHygieneChecker.findings(in: text).map { "\(relative):\($0.line): \($0.problem)" }
        }
        XCTAssertEqual(findings, [], "\n" + findings.joined(separator: "\n"))
    }

    func testTheCheckerFindsTheSegueProblemOfTheTalk() {
        let code = """
            class ListViewController {
                var model: DetailViewModel!
                var names: [String]!
                override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
                    switch segue.identifier! {
                    case "showDetail":
                        let destination = segue.destination as! DetailViewController  // the classic
                        destination.model = try! makeModel()
                    default: break
                    }
                }
                func route(segueID: String) {
                    if segueID == "x" {}
                    switch segueID { default: break }
                }
                func fine(kind: SegueKind) {
                    switch segue.kind { case .push: break }
                    let text = "as! in a string"  // as! in a comment
                    if a != b {}
                }
            }
            """
        let findings = SegueHygieneChecker.findings(in: code)
        XCTAssertEqual(findings.map(\.line), [5, 6, 14])
    }

    private func swiftFiles(in directory: URL) throws -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else {
            return []
        }
        return enumerator.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }.sorted { $0.path < $1.path }
    }
}

/// Line-based heuristics for the code smells of the segue problem. Comments and string literals are
/// removed first, so that documentation may talk about them.
enum SegueHygieneChecker {
    struct Finding: Equatable {
        var line: Int
        var problem: String
    }

    static func findings(in text: String) -> [Finding] {
        var findings: [Finding] = []
        var functionMentionsSegues = false
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = index + 1
            let hasStringCase = rawLine.range(of: #"^\s*case\s+""#, options: .regularExpression) != nil
            let code = stripCommentsAndStrings(rawLine)
            if code.range(of: #"\bfunc\s"#, options: .regularExpression) != nil {
                functionMentionsSegues = code.range(of: "segue", options: .caseInsensitive) != nil
            }
            if let subject = switchSubject(code),
                subject.range(
                    of: #"identifier|segue(?!\.(kind|destination)\b)"#,
                    options: [.regularExpression, .caseInsensitive]) != nil
            {
                findings.append(Finding(line: line, problem: "`switch` over a segue identifier (`\(subject)`)"))
            }
            if hasStringCase, functionMentionsSegues {
                findings.append(Finding(line: line, problem: "`case \"…\"` in a function dealing with segues"))
            }
        }
        return findings
    }

    /// The text between `switch` and `{`, if the line has a switch.
    private static func switchSubject(_ code: String) -> String? {
        guard let range = code.range(of: #"\bswitch\s+"#, options: .regularExpression) else { return nil }
        let rest = code[range.upperBound...]
        return String(rest.prefix { $0 != "{" }).trimmingCharacters(in: .whitespaces)
    }

    /// The line without `//` comments and with string literals emptied (`"..."` becomes `""`).
    private static func stripCommentsAndStrings(_ line: String) -> String {
        var result = ""
        var inString = false
        var previous: Character = " "
        var iterator = line.makeIterator()
        while let character = iterator.next() {
            if inString {
                if character == "\"", previous != "\\" {
                    inString = false
                    result.append(character)
                }
                previous = previous == "\\" && character == "\\" ? " " : character
                continue
            }
            if character == "/", previous == "/" {
                result.removeLast()
                break
            }
            if character == "\"" { inString = true }
            result.append(character)
            previous = character
        }
        return result
    }
}
