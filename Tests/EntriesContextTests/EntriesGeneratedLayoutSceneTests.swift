import AppShell
import AppShellTesting
import EntriesContext
import EntryModel
import EntryUI
import XCTest

/// The principle for the Entries context's own kinds, drawn by its real scenes: generated valid
/// layouts of `EntryList`, `EntryDetails`, `EntryPreview` and `EntryMoreDetails` (any mix of each
/// kind's outlets and placements, written as a person's file and loaded by the loader) are drawn
/// over entries with wide, combining, control and very long text at 120×40, 80×24, 40×12 and 1×1,
/// on the list (with the preview where it shows), the details and more details: nothing outside
/// the context's area, no control byte in a cell, never half of a wide character, never a combining
/// mark apart from its letter. More details
/// write their lines as text (not through the lines renderer), so only their own scene shows this.
final class EntriesGeneratedLayoutSceneTests: XCTestCase {
    private static let kinds = [
        EntryListLayout.kind, EntryDetailsLayout.kind, EntryPreviewPaneLayout.kind, EntryMoreDetailsLayout.kind,
    ]
    private static let loader = LayoutLoader(kinds: kinds)
    private static let sizes = [
        Size(width: 120, height: 40), Size(width: 80, height: 24), Size(width: 40, height: 12),
        Size(width: 1, height: 1),
    ]
    private static let literals = ["·", " | ", "漢字", "e\u{301}", "->", "", "★ "]

    private static let entries: [EntryDraft] = [
        Samples.draft(
            "漢字の日記を書く " + String(repeating: "長い", count: 40), day: 3, updatedDay: 9, tags: ["日本", "e\u{301}te\u{301}"],
            body: "# 見出し\n\n漢字の日記 " + String(repeating: "wide 漢 ", count: 200) + "\n\n- e\u{301}\u{301}\n",
            more: "more 漢字 " + String(repeating: "x", count: 500)),
        Samples.draft(
            "Escape \u{1B}[2J bell\u{07} tab\there", day: 2, tags: ["\u{1B}[31mred", "work"],
            body: "text with \u{1B}]0;title\u{07} and \u{9B}31m and [[Link]]", more: "\u{1B}[2J"),
        Samples.draft(
            String(repeating: "long words ", count: 60), day: 1, tags: (0..<12).map { "tag\($0)" },
            body: String(repeating: "word ", count: 3_000)),
        Samples.draft("", day: 0),
    ]

    /// The text of a valid layout of `kind`: its outlets in random placements. A row keeps to widths
    /// that fit 40 columns once its columns shown from 41 up are hidden, so every text loads.
    private static func layoutText(of kind: LayoutKind, using random: inout SeededGenerator) -> String {
        let placeable = kind.outlets.filter { $0.type != .markdown }
        func pick<T>(_ values: [T]) -> T { values[Int.random(in: 0..<values.count, using: &random)] }
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        func item() -> String {
            if chance(15) { return "{text: \"\(pick(literals))\"}" }
            let outlet = pick(placeable)
            var fields = ["outlet: \(outlet.name)"]
            if outlet.type == .date, chance(70) { fields.append("date: \(pick(LayoutDateFormat.allCases).rawValue)") }
            if chance(30) { fields.append("prefix: \"\(pick(literals))\"") }
            if chance(20) { fields.append("suffix: \"\(pick(literals))\"") }
            if chance(20) { fields.append("label: \"\(pick(literals))\"") }
            if chance(20) { fields.append("empty: \"-\"") }
            if chance(20) { fields.append("role: \(pick(Theme.Role.allCases).rawValue)") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        func show() -> String {
            "[" + (0..<Int.random(in: 1...3, using: &random)).map { _ in item() }.joined(separator: ", ") + "]"
        }
        var text = "kind: \(kind.name)\n"
        switch kind.shape {
        case .row:
            let gap = Int.random(in: 0...2, using: &random)
            text += "gap: \(gap)\nrow:\n"
            var fill = false
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                // Fixed widths and a fill's minimum stay small; a wide fixed column shows from 60.
                var width: String
                var shownFrom = pick([0, 0, 0, 24, 56, 80, 100])
                switch Int.random(in: 0..<6, using: &random) {
                case 0: width = "\(Int.random(in: 1...4, using: &random))"
                case 1:
                    width = "\(Int.random(in: 10...30, using: &random))"
                    shownFrom = max(shownFrom, 60)
                case 2: width = "fit"
                case 3: width = "fit max \(Int.random(in: 1...100, using: &random))%"
                case 4: width = "\(Int.random(in: 1...100, using: &random))%"
                default:
                    width = fill ? "fit" : "fill min \(Int.random(in: 0...6, using: &random))"
                    fill = true
                }
                let align = pick(LayoutAlignment.allCases).rawValue
                text += "  - {show: \(show()), width: \(width), align: \(align), shown-from: \(shownFrom)}\n"
            }
        case .lines:
            let count = Int.random(in: 0...6, using: &random)
            text += count == 0 ? "lines: []\n" : "lines:\n"
            for _ in 0..<count {
                if chance(10) {
                    text += "  - {rule: \"\(pick(["─", "=", "漢", "-·"]))\"}\n"
                    continue
                }
                let overflow = chance(50) ? "wrap" : "cut"
                text +=
                    "  - {show: \(show()), align: \(pick(LayoutAlignment.allCases).rawValue), overflow: \(overflow), "
                    + "max-lines: \(Int.random(in: 0...4, using: &random)), hide-empty: \(chance(50)), bold: \(chance(30))}\n"
            }
            if chance(85), let body = kind.outlets.first(where: { $0.type == .markdown }) {
                text += "body: \(body.name)\n"
            }
        }
        return text
    }

    func testGeneratedLayoutsOfEveryEntriesKindDrawOnlyInsideTheirArea() throws {
        var random = SeededGenerator(seed: 3_131_31)
        for kind in Self.kinds {
            for round in 0..<12 {
                let text = Self.layoutText(of: kind, using: &random)
                let loaded = Self.loader.parse(text, fileName: "\(kind.name).layout")
                XCTAssertEqual(loaded.diagnostics.map(\.description), [], "a generated valid layout:\n\(text)")
                let layout = try XCTUnwrap(loaded.layout, text)
                try onMainActor { try Self.assertScreensDrawInside(kind: kind, layout, "round \(round)\n\(text)") }
            }
        }
    }

    /// The context with `layout` for `kind`, at every size: the list (twice, a row down), the
    /// details and more details of the selected entry, each drawn into a larger buffer of sentinels.
    @MainActor
    private static func assertScreensDrawInside(
        kind: LayoutKind, _ layout: Layout, _ message: @autoclosure () -> String
    ) throws {
        for size in sizes {
            let harness = try EntriesHarness(
                entries: entries, size: size,
                listRowLayout: kind.name == EntryListLayout.kindName ? layout : nil,
                detailsLayout: kind.name == EntryDetailsLayout.kindName ? layout : nil,
                previewLayout: kind.name == EntryPreviewPaneLayout.kindName ? layout : nil,
                moreDetailsLayout: kind.name == EntryMoreDetailsLayout.kindName ? layout : nil)
            for (step, keys) in [[], ["j"], ["enter"], ["m"], ["esc", "esc", "j", "m"]].enumerated() {
                try harness.press(keys)
                let sentinel = Cell(text: "§", style: Style(foreground: .red), width: 1)
                var buffer = Buffer(size: Size(width: size.width + 4, height: size.height + 2), filling: sentinel)
                let area = Rect(x: 2, y: 1, width: size.width, height: size.height)
                harness.controller.navigator.render(into: &buffer, area: area)
                assertCells(
                    buffer, area: area, sentinel: sentinel,
                    "\(size) step \(step) \(harness.sceneIdentifiers): \(message())")
            }
        }
    }

    private static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }  // below the first combining mark
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .spacingMark: return true
        default: return false
        }
    }

    private static func assertCells(
        _ buffer: Buffer, area: Rect, sentinel: Cell, _ message: @autoclosure () -> String
    ) {
        var failures = 0
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width where failures < 3 {
                let cell = buffer[x, y]
                let inside = (area.x..<area.maxX).contains(x) && (area.y..<area.maxY).contains(y)
                var problem: String?
                if !inside {
                    if cell != sentinel { problem = "drawn outside" }
                } else if cell.text.unicodeScalars.contains(where: { TextSanitizer.isUnsafe($0) }) {
                    problem = "a control byte \(cell.text.debugDescription)"
                } else if cell.width == 2, !(x + 1 < area.maxX && buffer[x + 1, y].isContinuation) {
                    problem = "half a wide character \(cell.text)"
                } else if cell.isContinuation, !(x > area.x && buffer[x - 1, y].width == 2) {
                    problem = "a wide character's orphan half"
                } else if let first = cell.text.unicodeScalars.first, Self.isCombining(first) {
                    // No value starts with a combining mark: one alone in a cell was cut from its letter.
                    problem = "a combining mark cut from its letter \(cell.text.debugDescription)"
                }
                if let problem {
                    failures += 1
                    XCTFail("\(problem) at \(x),\(y): \(message())")
                }
            }
        }
    }
}

extension EntriesHarness {
    /// Sends `names` one by one (none: nothing).
    fileprivate func press(_ names: [String]) throws {
        for name in names { screen.send(try Key(name: name)) }
    }
}
