import AppShell
import AppShellTesting
import EntryModel
import SettingsContext
import XCTest

/// The principle for Settings' entry list, on layouts nobody wrote by hand: generated files (any mix
/// of the kind's outlets, widths from 0 to 10^9, alignments, roles, labels, prefixes and texts with
/// control bytes and wide or combining characters, up to forty columns) load or are refused with
/// located errors, and whatever loads is drawn by the real scene, over entries whose titles and tags
/// are hostile too, at 120×40, 80×24, 40×12 and 1×1: never outside its area, never a control byte in
/// a cell, never half of a wide character.
final class SettingsEntryListStrangerLayoutTests: XCTestCase {
    private static let loader = LayoutLoader(kinds: [SettingsEntryListLayout.kind])
    private static let texts = [
        "", " ", "* ", "#", "[", "]", "漢字", "e\u{301}", "\u{1B}[2J", "\u{7}", "\u{0}", "\t", "\r\n", "\u{202E}",
        "\u{200B}", "\u{9B}31m", String(repeating: "W", count: 250), "★ ", "🙂",
    ]
    private static let widths = [
        "1", "2", "7", "12", "fit", "fit", "fit max 40%", "fit max 100%", "5%", "25%", "100%", "fill", "fill min 1",
        "fill min 20",
    ]
    /// Widths a hostile file gives: refused, or fitting only from a width far beyond any screen.
    private static let hostileWidths = [
        "0", "40", "1000", "1001", "1000000000", "-3", "fit max 0%", "fit max 400%", "fill min 39", "fill min 1000",
    ]
    private static let hostileEntries: [EntryDraft] = {
        let titles = [
            "漢字の日記 and e\u{301} text", "\u{1B}[2J\u{1B}]0;owned\u{7}clear", String(repeating: "long ", count: 200),
            "tab\there\rreturn", "\u{202E}reversed", "🙂🙂🙂 wide", "", "plain",
        ]
        let tags = [["漢字"], ["\u{1B}[31mred"], [String(repeating: "t", count: 300)], [], ["a", "b", "c"]]
        let now = Date(timeIntervalSince1970: 1_795_262_400)
        return (0..<60).map { index in
            let created = now.addingTimeInterval(-Double(index) * 86_400 * 37)
            return EntryDraft(
                title: titles[index % titles.count], tags: tags[index % tags.count], createdAt: created,
                updatedAt: created.addingTimeInterval(Double(index) * 3_600), starred: index % 3 == 0)
        }
    }()

    /// `text` as a YAML double-quoted scalar, control characters as escapes: they reach the loader.
    private static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                let code = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - code.count) + code
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// A layout file of random columns: half of them written as a person would (so that many load),
    /// the other half with hostile widths, texts and roles besides.
    private static func generated(using random: inout SeededGenerator) -> String {
        let hostile = Bool.random(using: &random)
        let outlets = SettingsEntryListLayout.kind.outlets
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        func item() -> String {
            var fields: [String] = []
            if chance(85) {
                let outlet = pick(outlets)
                fields.append("outlet: \(outlet.name)")
                if outlet.type == .date, chance(60) {
                    fields.append("date: \(pick(LayoutDateFormat.allCases).rawValue)")
                }
            } else {
                fields.append(
                    "text: \(quoted(!hostile || chance(70) ? pick(["·", " | ", "#", "漢", "→ "]) : pick(texts)))")
            }
            for key in ["label", "prefix", "suffix", "empty"] where chance(20) {
                let text = !hostile || chance(70) ? pick(["* ", "#", "(", ")", "漢 ", "no tags", "🙂"]) : pick(texts)
                fields.append("\(key): \(quoted(text))")
            }
            if chance(15) {
                fields.append("role: \(pick(hostile ? ["dim", "highlight", "dimm"] : ["dim", "highlight"]))")
            }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        var lines = ["kind: SettingsEntryList"]
        if chance(50) { lines.append("gap: \(Int.random(in: 0...9, using: &random))") }
        lines.append("row:")
        let columnCount = hostile && chance(10) ? 40 : Int.random(in: 1...8, using: &random)
        var filled = false
        for _ in 0..<columnCount {
            var width = hostile && chance(15) ? pick(hostileWidths) : pick(widths)
            if width.hasPrefix("fill") {
                // Mostly one fill per row, as a person writes it; a second one now and then is refused.
                if filled, chance(90) { width = "fit" }
                filled = true
            }
            var column = "  - width: \(width)"
            if chance(25) { column += "\n    align: \(pick(["left", "right", "center"]))" }
            if chance(20) { column += "\n    shown-from: \(pick(["0", "24", "56", "100", "1000"]))" }
            if chance(35) {
                if chance(30) { column += "\n    role: dim" }
                column += "\n    show:"
                for _ in 0..<Int.random(in: 1...4, using: &random) { column += "\n      - \(item())" }
            } else {
                let fields = item().dropFirst().dropLast()
                column += "\n    " + fields.replacingOccurrences(of: ", ", with: "\n    ")
            }
            lines.append(column)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func testGeneratedLayoutsLoadOrAreRefusedAndDrawOnlyInsideTheirArea() throws {
        var random = SeededGenerator(seed: 3_103)
        var accepted = 0
        var refused = 0
        let started = Date()
        for round in 0..<160 {
            let text = Self.generated(using: &random)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            let result = Self.loader.parse(text, fileName: "SettingsEntryList.layout")
            for diagnostic in result.diagnostics {
                let line = diagnostic.description
                XCTAssertTrue(line.hasPrefix("SettingsEntryList.layout:"), line)
                XCTAssertFalse(
                    line.unicodeScalars.contains { TextSanitizer.isUnsafe($0) || $0 == "\n" },
                    "unprintable: \(line.debugDescription)")
                XCTAssertGreaterThan(diagnostic.line, 0, "round \(round): not located: \(line)")
                XCTAssertLessThanOrEqual(diagnostic.line, lineCount, "round \(round): \(line)")
            }
            guard let layout = result.layout else {
                refused += 1
                XCTAssertFalse(result.diagnostics.errors.isEmpty, "refused without an error, round \(round):\n\(text)")
                continue
            }
            accepted += 1
            try onMainActor { try Self.assertDrawsInside(layout, "round \(round):\n\(text)") }
        }
        // Both sides are exercised: the generated files are neither all accepted nor all refused.
        XCTAssertGreaterThan(accepted, 40)
        XCTAssertGreaterThan(refused, 20)
        XCTAssertLessThan(Date().timeIntervalSince(started), 120, "160 layouts took too long")
    }

    /// The real scene with `layout`, over the hostile entries, drawn into a larger buffer filled with a
    /// sentinel, scrolled a little at each size.
    @MainActor
    private static func assertDrawsInside(_ layout: Layout, _ message: @autoclosure () -> String) throws {
        let harness = try SettingsHarness(
            size: Size(width: 120, height: 40), entries: hostileEntries, presentInWindow: false,
            entryListLayout: layout)
        harness.screen.send(.character("e"))
        let sentinel = Cell(text: "§", style: Style(foreground: .red), width: 1)
        for size in [
            Size(width: 120, height: 40), Size(width: 80, height: 24), Size(width: 40, height: 12),
            Size(width: 1, height: 1),
        ] {
            for step in 0..<3 {
                if step > 0 { _ = harness.navigator.handle(.character("j")) }
                var buffer = Buffer(size: Size(width: size.width + 4, height: size.height + 2), filling: sentinel)
                let area = Rect(x: 2, y: 1, width: size.width, height: size.height)
                harness.navigator.render(into: &buffer, area: area)
                assertCells(buffer, area: area, sentinel: sentinel, "\(size) step \(step): \(message())")
            }
        }
    }

    private static func assertCells(
        _ buffer: Buffer, area: Rect, sentinel: Cell, _ message: @autoclosure () -> String
    ) {
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                let inside = (area.x..<area.maxX).contains(x) && (area.y..<area.maxY).contains(y)
                guard inside else {
                    XCTAssertEqual(cell, sentinel, "drawn outside at \(x),\(y): \(message())")
                    continue
                }
                XCTAssertFalse(
                    cell.text.unicodeScalars.contains { TextSanitizer.isUnsafe($0) },
                    "a control byte at \(x),\(y): \(cell.text.debugDescription) \(message())")
                if cell.width == 2 {
                    XCTAssertTrue(
                        x + 1 < area.maxX && buffer[x + 1, y].width == 0, "half a wide character at \(x),\(y)")
                }
                if cell.width == 0 {
                    XCTAssertTrue(x > area.x && buffer[x - 1, y].width == 2, "a wide character's orphan at \(x),\(y)")
                }
            }
        }
    }
}
