import AppFactory
import AppShell
import AppShellTesting
import Foundation
import XCTest

/// The principle for every kind the app has a layout for, on files nobody wrote by hand: any text a
/// stranger puts in a `.layout` file loads or is refused with located, printable errors; it never
/// crashes or hangs the loader, and what is accepted draws inside its area at every size. The files
/// are the shipped ones cut, spliced and salted with hostile pieces (huge numbers, deep nesting,
/// aliases, control characters, wide text), so the mutations stay close to what a person edits.
final class LayoutStrangerFileTests: XCTestCase {
    private static let shipped = [
        "Sources/EntryUI/Layouts/EntryList.layout", "Sources/EntriesContext/Layouts/EntryDetails.layout",
        "Sources/EntriesContext/Layouts/EntryPreview.layout", "Sources/EntriesContext/Layouts/EntryMoreDetails.layout",
        "Sources/SettingsContext/Layouts/SettingsEntryList.layout",
    ]
    private static let salt = [
        "\n", " ", "  ", "- ", ":", "{", "}", "[", "]", ",", "\"", "'", "#", "&a ", "*a", "!!str ", "? ", "|\n", ">\n",
        "1000000000", "-1", "99999999999999999999", "1e9", "0x10", "fill", "fit max 400%", "fill min 1000",
        "fill min 39",
        "kind: EntryList\n", "kind: EntryDetails\n", "kind: EntryPreview\n", "kind: EntryMoreDetails\n",
        "kind: SettingsEntryList\n",
        "kind: Settings\n", "row:\n", "lines:\n", "body: body\n",
        "outlet: ", "text: ", "width: ", "show: ", "date: ", "role: ", "rule: ", "label: ", "prefix: ", "shown-from: ",
        "max-lines: ",
        "title", "tags", "words", "body", "created", "star", "id", "snippet", "edited", "relative", "dim", "bold: true",
        "\u{1B}[31m", "\\e[2J", "\u{7}", "\u{0}", "\t", "\r", "漢字", "e\u{301}", "\u{200B}", "\u{FEFF}", "\u{202E}",
        String(repeating: "[", count: 300), String(repeating: "- ", count: 200), String(repeating: "W", count: 500),
        String(repeating: "  - {outlet: title, width: 1}\n", count: 40),
    ]

    private func seeds() throws -> [String] {
        let tree = try SourceTree(containing: #filePath)
        return try Self.shipped.map { try tree.text(of: $0) }
    }

    /// A seed cut, spliced with another and salted: each step picks a random place.
    private static func mutated(_ seeds: [String], using random: inout SeededGenerator) -> String {
        var text = Array(seeds.randomElement(using: &random)!)
        for _ in 0..<Int.random(in: 1...6, using: &random) {
            let at = Int.random(in: 0...text.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: text.insert(contentsOf: salt.randomElement(using: &random)!, at: at)
            case 1: text.removeSubrange(at..<min(text.count, at + Int.random(in: 1...20, using: &random)))
            case 2:
                let other = Array(seeds.randomElement(using: &random)!)
                let from = Int.random(in: 0..<other.count, using: &random)
                text.insert(
                    contentsOf: other[from..<min(other.count, from + Int.random(in: 1...80, using: &random))], at: at)
            default:
                if at < text.count { text[at] = salt.randomElement(using: &random)!.first ?? " " }
            }
        }
        return String(text)
    }

    func testAnyFileLoadsOrIsRefusedWithLocatedPrintableErrors() throws {
        let seeds = try seeds()
        var random = SeededGenerator(seed: 3_131)
        var accepted = 0
        var refused = 0
        let started = Date()
        for round in 0..<600 {
            let text = Self.mutated(seeds, using: &random)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            let result = LayoutCatalog.loader.parse(text, fileName: "Stranger.layout")
            if let layout = result.layout {
                accepted += 1
                XCTAssertEqual(result.diagnostics.errors, [], "round \(round)")
                XCTAssertLessThanOrEqual(layout.columns.count, LayoutLoader.maximumParts)
                XCTAssertLessThanOrEqual(layout.lines.count, LayoutLoader.maximumParts)
                Self.assertDrawsInside(layout, "round \(round)\n\(text)")
            } else {
                refused += 1
                XCTAssertFalse(result.diagnostics.errors.isEmpty, "refused without an error, round \(round):\n\(text)")
            }
            for diagnostic in result.diagnostics {
                let line = diagnostic.description
                XCTAssertTrue(line.hasPrefix("Stranger.layout:"), line)
                XCTAssertFalse(
                    line.unicodeScalars.contains { TextSanitizer.isUnsafe($0) || $0 == "\n" },
                    "unprintable: \(line.debugDescription)")
                XCTAssertLessThanOrEqual(diagnostic.line, lineCount + 1, "round \(round): \(line)")
                XCTAssertLessThan(line.count, 600, "round \(round): a message as long as \(line.count)")
            }
        }
        // Both sides are exercised: the mutations are neither all harmless nor all fatal.
        XCTAssertGreaterThan(accepted, 20)
        XCTAssertGreaterThan(refused, 200)
        XCTAssertLessThan(
            Date().timeIntervalSince(started), 60,
            "600 files took too long: something in the loader grows with its input")
    }

    /// Huge and deep files are refused by size and depth before anything is built, in bounded time.
    func testHugeAndDeepFilesAreRefusedQuickly() {
        let inputs = [
            "kind: EntryList\nrow:\n" + String(repeating: "  - {outlet: title, width: 1}\n", count: 200_000),
            "kind: EntryDetails\nlines: " + String(repeating: "[", count: 100_000)
                + String(repeating: "]", count: 100_000) + "\n",
            "kind: EntryList\nrow:\n  - {text: \"" + String(repeating: "漢", count: 1_000_000) + "\", width: fill}\n",
            "a: &a [x, x, x, x, x, x, x, x]\n"
                + (1...20).map {
                    "a\($0): &a\($0) [*a\($0 == 1 ? "" : String($0 - 1)), *a\($0 == 1 ? "" : String($0 - 1))]"
                }.joined(separator: "\n"),
        ]
        for input in inputs {
            let started = Date()
            let result = LayoutCatalog.loader.parse(input, fileName: "Huge.layout")
            XCTAssertNil(result.layout)
            XCTAssertFalse(result.diagnostics.errors.isEmpty)
            XCTAssertLessThan(
                Date().timeIntervalSince(started), 5,
                "\(input.prefix(60))…: \(result.diagnostics.first?.description ?? "")")
        }
    }

    /// Rows at every width (1 to 130) and lines at 120×40, 80×24, 40×12 and 1×1, with hostile values:
    /// nothing outside the area.
    private static func assertDrawsInside(_ layout: Layout, _ message: @autoclosure () -> String) {
        let values = ["", "漢字の日記 and e\u{301} text", String(repeating: "long ", count: 300), "\u{1B}[2J", "7"]
        var pick = 0
        let value: (LayoutItem) -> StyledText = { _ in
            pick += 1
            return StyledText(TextSanitizer.sanitized(values[pick % values.count]))
        }
        let sentinel = Cell(text: "§", style: Style(foreground: .red), width: 1)
        if !layout.columns.isEmpty {
            for width in 1...130 {
                let plan = layout.rowPlan(width: width) { $0 * 7 % 50 }
                var x = 0
                for (slot, placed) in plan.widths.enumerated() {
                    XCTAssertLessThanOrEqual(min(x, width) + placed, width, "width \(width): \(message())")
                    x += plan.sizes[slot] + plan.gap
                }
                var buffer = Buffer(size: Size(width: width + 2, height: 3), filling: sentinel)
                x = 1
                for (slot, index) in plan.shown.enumerated() where plan.widths[slot] > 0 {
                    let text = layout.text(of: layout.columns[index], theme: .default, value: value)
                    let clip = Rect(x: 1, y: 1, width: width, height: 1)
                    buffer.put(line: text, at: Point(x: x, y: 1), width: plan.widths[slot], clip: clip)
                    x += plan.sizes[slot] + plan.gap
                }
                assertOnlyInside(buffer, Rect(x: 1, y: 1, width: width, height: 1), sentinel, message())
            }
        }
        for size in [
            Size(width: 120, height: 40), Size(width: 80, height: 24), Size(width: 40, height: 12),
            Size(width: 1, height: 1),
        ] {
            var buffer = Buffer(size: Size(width: size.width + 2, height: size.height + 2), filling: sentinel)
            let area = Rect(x: 1, y: 1, width: size.width, height: size.height)
            let body = layout.renderLines(into: &buffer, area: area, theme: .default, value: value)
            XCTAssertTrue(body.isEmpty || (body.y >= area.y && body.maxY <= area.maxY), "\(size): \(message())")
            assertOnlyInside(buffer, area, sentinel, message())
        }
    }

    private static func assertOnlyInside(
        _ buffer: Buffer, _ area: Rect, _ sentinel: Cell, _ message: @autoclosure () -> String
    ) {
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width where !((area.x..<area.maxX).contains(x) && (area.y..<area.maxY).contains(y))
            {
                XCTAssertEqual(buffer[x, y], sentinel, "drawn outside at \(x),\(y): \(message())")
            }
        }
    }
}
