import AppShell
import XCTest

/// A duplicate key is renamed before the YAML is composed (so that the rest of the file is still
/// checked); every problem found after it must still point at the place in the file as written: the
/// same line, and the column of the very character.
final class StoryboardDuplicateKeyPositionTests: XCTestCase {
    /// The 1-based line and column (in characters) of the last `fragment` in `text`.
    private func place(
        of fragment: String, in text: String, file: StaticString = #filePath, line: UInt = #line
    ) -> (line: Int, column: Int) {
        let lines = text.components(separatedBy: "\n")
        guard let number = lines.lastIndex(where: { $0.contains(fragment) }),
            let range = lines[number].range(of: fragment, options: .backwards)
        else {
            XCTFail("no `\(fragment)` in the text", file: file, line: line)
            return (0, 0)
        }
        return (
            number + 1, lines[number].unicodeScalars.distance(from: lines[number].startIndex, to: range.lowerBound) + 1
        )
    }

    private func assertReported(
        _ diagnostics: [StoryboardDiagnostic], _ fragment: String, at place: (line: Int, column: Int),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let found = diagnostics.filter { $0.message.contains(fragment) }
        XCTAssertFalse(
            found.isEmpty,
            "no diagnostic with “\(fragment)” in:\n" + diagnostics.map(\.description).joined(separator: "\n"),
            file: file, line: line)
        for diagnostic in found {
            XCTAssertEqual(
                [diagnostic.line, diagnostic.column], [place.line, place.column],
                "“\(diagnostic.message)” points elsewhere than the text it is about", file: file, line: line)
        }
    }

    private func diagnose(_ text: String) -> [StoryboardDiagnostic] {
        var diagnostics: [StoryboardDiagnostic] = []
        onMainActor { diagnostics = diagnoseWithFakeRegistry(text) }
        return diagnostics
    }

    func testASyntaxErrorAfterADuplicateOnTheSameLinePointsAtTheCharacter() {
        let text = """
            storyboard: Demo
            initial: list
            scenes:
              list: {kind: ItemList, kind: ItemList, title: Items]
            """
        assertReported(diagnose(text), "YAML syntax error", at: place(of: "]", in: text))
    }

    func testAProblemAfterADuplicateFieldOnTheSameLinePointsAtItsValue() {
        let text = """
            storyboard: Demo
            initial: list
            scenes:
              list: {kind: ItemList, title: Items}
              detail: {kind: ItemDetail, title: Detail}
            segues:
              more: {kind: push, kind: replace, from: list, to: gone}
            """
        let diagnostics = diagnose(text)
        assertReported(diagnostics, "field `kind` appears twice", at: place(of: "kind: replace", in: text))
        assertReported(diagnostics, "unknown scene `gone`", at: place(of: "gone", in: text))
    }

    func testADuplicateKeyWrittenOverTwoLinesKeepsTheLinesAfterIt() {
        // A double-quoted key continued with `\` on the next line is the same name, `list`.
        let text = """
            storyboard: Demo
            initial: list
            scenes:
              list: {kind: ItemList, title: Items}
              ? "li\\
                st"
              : {kind: ItemList, title: Again}
              detail: {kind: ItemDetail, titel: Detail}
            """
        let diagnostics = diagnose(text)
        assertReported(diagnostics, "duplicate scene `list`", at: place(of: "\"li", in: text))
        assertReported(diagnostics, "unknown field `titel`", at: place(of: "titel", in: text))
    }

    func testAKeysFileProblemAfterADuplicateKeyPointsAtItsKey() {
        let text = """
            Entries:
              scenes:
                list: {x: quit, x: refresh, nosuchkey: quit}
            """
        let (_, diagnostics) = KeyOverlayLoader.parse(text, fileName: "keys.yaml")
        assertReported(diagnostics, "is bound twice", at: place(of: "x: refresh", in: text))
        assertReported(diagnostics, "nosuchkey", at: place(of: "nosuchkey", in: text))
    }

    func testAKeysFileSyntaxErrorAfterADuplicateContextPointsAtTheCharacter() {
        let text = """
            Entries: {keys: {q: quit}}
            Entries: {keys: {q: quit}]
            """
        let (_, diagnostics) = KeyOverlayLoader.parse(text, fileName: "keys.yaml")
        assertReported(diagnostics, "YAML syntax error", at: place(of: "]", in: text))
    }
}
