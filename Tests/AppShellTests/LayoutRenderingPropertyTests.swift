import AppShell
import AppShellTesting
import Foundation
import XCTest

/// The principle, on layouts nobody wrote by hand: any layout the loader accepts draws inside its
/// area at every width, its columns add up to the width, and wide or combining characters are never
/// split. The layouts are generated as text (so they pass through the loader as a person's file
/// does), with values that are long, wide, combining, empty or hostile.
final class LayoutRenderingPropertyTests: XCTestCase {
    private static let values = [
        "", "a", "Weekly review", "漢字の日記を書く", "e\u{301}te\u{301} cafe\u{301}", "👩‍👩‍👧 family", "\u{1B}[2J bell\u{07}",
        String(repeating: "long words ", count: 40), "x",
    ]
    private static let literals = ["·", " | ", "漢", "é", "->", "[", "]"]

    /// The text of a random layout of `kind` (which may be invalid: the loader decides).
    private static func layoutText(kind: LayoutKind, using random: inout SeededGenerator) -> String {
        let outlets = kind.outlets.filter { $0.type != .markdown }.map(\.name)
        func item() -> String {
            if Int.random(in: 0..<5, using: &random) == 0 {
                return "{text: \"\(literals.randomElement(using: &random)!)\"}"
            }
            let name = outlets.randomElement(using: &random)!
            var fields = ["outlet: \(name)"]
            if name == "created" {
                fields.append("date: \(LayoutDateFormat.allCases.randomElement(using: &random)!.rawValue)")
            }
            if Bool.random(using: &random) { fields.append("prefix: \"(\""); fields.append("suffix: \")\"") }
            if Int.random(in: 0..<4, using: &random) == 0 {
                fields.append("label: \"\(literals.randomElement(using: &random)!)\"")
            }
            if Int.random(in: 0..<4, using: &random) == 0 { fields.append("empty: \"-\"") }
            return "{" + fields.joined(separator: ", ") + "}"
        }
        func show() -> String {
            "[" + (0..<Int.random(in: 1...3, using: &random)).map { _ in item() }.joined(separator: ", ") + "]"
        }
        let align = "align: \(LayoutAlignment.allCases.randomElement(using: &random)!.rawValue)"
        let role = "role: \(Theme.Role.allCases.randomElement(using: &random)!.rawValue)"
        var text = "kind: \(kind.name)\n"
        switch kind.shape {
        case .row:
            text += "gap: \(Int.random(in: 0...3, using: &random))\nrow:\n"
            var hasFill = false
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let width: String
                switch Int.random(in: 0..<5, using: &random) {
                case 0: width = "\(Int.random(in: 1...14, using: &random))"
                case 1: width = "fit"
                case 2: width = "fit max \(Int.random(in: 1...100, using: &random))%"
                case 3: width = "\(Int.random(in: 1...100, using: &random))%"
                default:
                    width = hasFill ? "fit" : "fill min \(Int.random(in: 0...12, using: &random))"
                    hasFill = true
                }
                text +=
                    "  - {show: \(show()), width: \(width), \(align), \(role), shown-from: \(Int.random(in: 0...90, using: &random))}\n"
            }
        case .lines:
            text += "lines:\n"
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let overflow = Bool.random(using: &random) ? "wrap" : "cut"
                text +=
                    "  - {show: \(show()), \(align), \(role), overflow: \(overflow), max-lines: \(Int.random(in: 0...4, using: &random)), hide-empty: \(Bool.random(using: &random))}\n"
            }
            text += "body: body\n"
        }
        return text
    }

    /// A value for every outlet of a row, picked from hostile samples.
    private static func values(using random: inout SeededGenerator) -> (LayoutItem) -> StyledText {
        let picked = (0..<8).map { _ in values.randomElement(using: &random)! }
        return { item in
            guard case .outlet(let index) = item.content else { return StyledText() }
            return StyledText(picked[index % picked.count])
        }
    }

    @MainActor
    private final class Rows: ListDataSource {
        let layout: Layout
        var plan: LayoutRowPlan?
        let value: (LayoutItem) -> StyledText
        init(layout: Layout, value: @escaping (LayoutItem) -> StyledText) {
            self.layout = layout
            self.value = value
        }
        var count: Int { 3 }
        func row(at index: Int) -> ListRow {
            ListRow(
                columns: (plan?.shown ?? []).map { layout.text(of: layout.columns[$0], theme: .default, value: value) })
        }
    }

    private static let sentinel = Cell(text: "#", style: Style(foreground: .red), width: 1)

    /// Cells outside `area` untouched; no wide grapheme without its continuation, nor the reverse.
    private static func assertDrawnInside(_ buffer: Buffer, area: Rect, _ message: @autoclosure () -> String) {
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width {
                let cell = buffer[x, y]
                let inside = (area.x..<area.maxX).contains(x) && (area.y..<area.maxY).contains(y)
                if !inside {
                    XCTAssertEqual(cell, Self.sentinel, "drawn outside at \(x),\(y): \(message())")
                    continue
                }
                if cell.width == 2 {
                    XCTAssertTrue(
                        x + 1 < area.maxX && buffer[x + 1, y].isContinuation,
                        "wide grapheme split at \(x),\(y): \(message())")
                }
                if cell.isContinuation {
                    XCTAssertTrue(
                        x > area.x && buffer[x - 1, y].width == 2, "orphan continuation at \(x),\(y): \(message())")
                }
                // No sample value starts with a combining mark: one alone in a cell was cut from its letter.
                if let first = cell.text.unicodeScalars.first, first.value >= 0x300 {
                    XCTAssertFalse(
                        [.nonspacingMark, .enclosingMark, .spacingMark].contains(first.properties.generalCategory),
                        "a combining mark cut from its letter at \(x),\(y): \(message())")
                }
            }
        }
    }

    func testEveryAcceptedRowLayoutDrawsInsideItsAreaAtEveryWidth() {
        onMainActor {
            var random = SeededGenerator(seed: 31)
            var accepted = 0
            for round in 0..<100 {
                let text = Self.layoutText(kind: LayoutTestKinds.row, using: &random)
                guard let layout = LayoutTestKinds.loader.parse(text, fileName: "G.layout").layout else { continue }
                accepted += 1
                let rows = Rows(layout: layout, value: Self.values(using: &random))
                let list = ListView(dataSource: rows, theme: .default, columnSpacing: layout.gap)
                let naturals = layout.columns.map { _ in Int.random(in: 0...60, using: &random) }
                for width in Array(1...200) + [120, 80, 40, 1] {
                    let plan = layout.rowPlan(width: width) { naturals[$0] }
                    rows.plan = plan
                    // Within the width, and a shown `fill` takes exactly the rest when the others leave some.
                    var x = 0
                    for (slot, placed) in plan.widths.enumerated() {
                        XCTAssertLessThanOrEqual(
                            min(x, width) + placed, width, "round \(round) width \(width)\n\(text)")
                        x += plan.sizes[slot] + plan.gap
                    }
                    let total = plan.sizes.reduce(0, +) + plan.gap * max(0, plan.sizes.count - 1)
                    let fills = plan.shown.contains {
                        if case .fill = layout.columns[$0].width { return true } else { return false }
                    }
                    if fills, total <= width || plan.shown.count == 1 {
                        XCTAssertEqual(
                            plan.widths.reduce(0, +) + plan.gap * max(0, plan.widths.count - 1), width,
                            "round \(round) width \(width): \(plan)\n\(text)")
                    }
                    list.columns = plan.listColumns(of: layout)
                    var buffer = Buffer(size: Size(width: width + 4, height: 5), filling: Self.sentinel)
                    let area = Rect(x: 2, y: 1, width: width, height: 3)
                    list.render(into: &buffer, area: area)
                    Self.assertDrawnInside(buffer, area: area, "round \(round) width \(width)\n\(text)")
                }
            }
            XCTAssertGreaterThan(accepted, 40, "the generator should make mostly valid layouts")
        }
    }

    func testEveryAcceptedLineLayoutDrawsInsideItsAreaAtEverySize() {
        var random = SeededGenerator(seed: 3131)
        var accepted = 0
        for round in 0..<100 {
            let text = Self.layoutText(kind: LayoutTestKinds.page, using: &random)
            guard let layout = LayoutTestKinds.loader.parse(text, fileName: "G.layout").layout else { continue }
            accepted += 1
            let value = Self.values(using: &random)
            let sizes =
                [
                    Size(width: 120, height: 40), Size(width: 80, height: 24), Size(width: 40, height: 12),
                    Size(width: 1, height: 1),
                ]
                + (1...200).map { Size(width: $0, height: 1 + $0 % 13) }
            for size in sizes {
                var buffer = Buffer(size: Size(width: size.width + 4, height: size.height + 2), filling: Self.sentinel)
                let area = Rect(x: 2, y: 1, width: size.width, height: size.height)
                let body = layout.renderLines(into: &buffer, area: area, theme: .default, value: value)
                XCTAssertTrue(
                    body.isEmpty || (body.y >= area.y && body.maxY == area.maxY && body.width == area.width),
                    "the body is the rest of the area: \(body) in \(area)")
                XCTAssertTrue(size.height < 2 || body.height >= 1, "the body keeps a line: \(size)\n\(text)")
                Self.assertDrawnInside(buffer, area: area, "round \(round) size \(size)\n\(text)")
            }
        }
        XCTAssertGreaterThan(accepted, 70)
    }
}
