import AppShellTesting
import XCTest

@testable import AppShell

/// Rows whose texts and style did not change are copied from the last frame instead of laid out
/// again: a frame drawn that way must be the frame a fresh layout of every row draws, whatever the
/// rows hold (wide and combining characters, cut columns), the keys, the widths and what the buffer
/// held around the list.
final class ListViewDrawnRowsTests: XCTestCase {
    @MainActor
    private final class EditableSource: ListDataSource {
        var rows: [[StyledText]]
        init(rows: [[StyledText]]) { self.rows = rows }
        var count: Int { rows.count }
        func row(at index: Int) -> ListRow { ListRow(columns: rows[index]) }
    }

    private static let pieces = ["a", "Zebra", "日本", "語", "e\u{301}", "👍🏽", "—", " ", "tag", "x"]

    private static func text(_ random: inout SeededGenerator) -> StyledText {
        var text = StyledText("")
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let piece = pieces.randomElement(using: &random) ?? "a"
            let style = Bool.random(using: &random) ? Style.plain : Style(foreground: .red, attributes: .bold)
            text = text + StyledText(piece, style: style)
        }
        return text
    }

    private static func columns(_ random: inout SeededGenerator) -> [ListColumn] {
        (0..<Int.random(in: 1...4, using: &random)).map { _ in
            Bool.random(using: &random)
                ? ListColumn(.fixed(Int.random(in: 1...6, using: &random)), alignment: .trailing)
                : ListColumn(.flexible(minimum: Int.random(in: 0...5, using: &random)))
        }
    }

    /// A buffer holding a wide grapheme on each side of `area`'s rows, so that a row's edges cut them.
    private static func background(size: Size, area: Rect) -> Buffer {
        var buffer = Buffer(size: size)
        for y in area.y..<area.maxY {
            buffer.put(line: "日", at: Point(x: area.x - 1, y: y), width: 2, style: .plain)
            buffer.put(line: "語", at: Point(x: area.maxX - 1, y: y), width: 2, style: .plain)
        }
        return buffer
    }

    func testFramesDrawnFromKeptRowsEqualFramesLaidOutAfresh() {
        onMainActor {
            var random = SeededGenerator(seed: 31)
            for trial in 0..<60 {
                let source = EditableSource(
                    rows: (0..<Int.random(in: 1...30, using: &random)).map { _ in
                        (0..<3).map { _ in Self.text(&random) }
                    })
                let list = ListView(dataSource: source, columns: Self.columns(&random))
                for step in 0..<25 {
                    switch Int.random(in: 0...9, using: &random) {
                    case 0: list.columns = Self.columns(&random)
                    case 1: list.columnSpacing = Int.random(in: 0...2, using: &random)
                    case 2, 3:
                        let index = Int.random(in: 0..<source.rows.count, using: &random)
                        source.rows[index][Int.random(in: 0..<3, using: &random)] = Self.text(&random)
                    default:
                        let keys: [Key] = [.character("j"), .character("k"), .pageDown, .pageUp, .home, .end]
                        _ = list.handle(keys.randomElement(using: &random) ?? .down)
                    }
                    let size = Size(width: Int.random(in: 3...40, using: &random), height: 8)
                    let area = Rect(x: 1, y: 1, width: size.width - 2, height: 6)
                    var kept = Self.background(size: size, area: area)
                    list.render(into: &kept, area: area)
                    list.forgetDrawnRows()
                    var fresh = Self.background(size: size, area: area)
                    list.render(into: &fresh, area: area)
                    // Compared whole, reported short (a buffer's description is a page).
                    guard kept == fresh else {
                        let row = (0..<size.height).first { y in
                            (0..<size.width).contains { kept[$0, y] != fresh[$0, y] }
                        }
                        return XCTFail(
                            "trial \(trial), step \(step), width \(size.width): row \(row ?? -1) differs from a fresh layout"
                        )
                    }
                }
            }
        }
    }
}
