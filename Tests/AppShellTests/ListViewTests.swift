import AppShell
import AppShellTesting
import XCTest

/// A data source of numbered rows that counts what the list asks it for.
@MainActor
private final class CountingSource: ListDataSource {
    var count: Int
    private(set) var requestedRows: [Int] = []

    init(count: Int) {
        self.count = count
    }

    func row(at index: Int) -> ListRow {
        requestedRows.append(index)
        return ListRow(StyledText("row \(index)"))
    }
}

@MainActor
private struct TableSource: ListDataSource {
    let rows: [[String]]
    var count: Int { rows.count }
    func row(at index: Int) -> ListRow { ListRow(columns: rows[index].map { StyledText($0) }) }
}

/// The virtualized list: only visible rows are asked for, selection moves and stays visible.
final class ListViewTests: XCTestCase {
    @MainActor
    private static func screen(for list: ListView, size: Size) -> HeadlessScreen {
        HeadlessScreen(scene: WidgetScene(render: list.render(into:area:), handle: list.handle), size: size)
    }

    func testAsksOnlyForTheRowsOnScreenOfAMillion() {
        onMainActor {
            let source = CountingSource(count: 1_000_000)
            let list = ListView(dataSource: source)
            let screen = Self.screen(for: list, size: Size(width: 12, height: 4))
            XCTAssertEqual(source.requestedRows, [0, 1, 2, 3])
            screen.send(.character("G"))
            XCTAssertEqual(source.requestedRows.suffix(4), [999_996, 999_997, 999_998, 999_999])
            XCTAssertEqual(source.requestedRows.count, 8, "one frame per key, four rows per frame")
            assertScreen(screen, equals: ["row 999996", "row 999997", "row 999998", "row 999999"])
            XCTAssertEqual(list.selectedIndex, 999_999)
        }
    }

    func testMovingTheSelectionScrollsToKeepItVisible() {
        onMainActor {
            let list = ListView(dataSource: CountingSource(count: 10))
            let screen = Self.screen(for: list, size: Size(width: 8, height: 3))
            assertScreen(screen, equals: ["row 0", "row 1", "row 2"])
            assertStyle(screen, row: 0, columns: 0..<8, equals: Theme.default.selection)
            assertStyle(screen, at: Point(x: 0, y: 1), equals: .plain)
            screen.send([.down, .character("j"), .down])
            XCTAssertEqual(list.selectedIndex, 3)
            assertScreen(screen, equals: ["row 1", "row 2", "row 3"])
            assertStyle(screen, at: Point(x: 0, y: 2), equals: Theme.default.selection)
            screen.send(.pageDown)
            XCTAssertEqual(list.selectedIndex, 6)
            assertScreen(screen, equals: ["row 4", "row 5", "row 6"])
            screen.send([.up, .character("k"), .up])
            assertScreen(screen, equals: ["row 3", "row 4", "row 5"])
            screen.send(.pageUp)
            XCTAssertEqual(list.selectedIndex, 0)
            screen.send(.end)
            assertScreen(screen, equals: ["row 7", "row 8", "row 9"])
            screen.send(.home)
            assertScreen(screen, equals: ["row 0", "row 1", "row 2"])
            screen.send(.character("k"))
            XCTAssertEqual(list.selectedIndex, 0, "no wrap-around at the top")
        }
    }

    func testSelectionDidChangeReportsEachMove() {
        onMainActor {
            let list = ListView(dataSource: CountingSource(count: 3))
            var reported: [Int?] = []
            list.selectionDidChange = { reported.append($0) }
            _ = list.handle(.down)
            _ = list.handle(.down)
            _ = list.handle(.down)  // already at the end: no change
            list.select(0)
            XCTAssertEqual(reported, [1, 2, 0])
            XCTAssertFalse(list.handle(.enter), "enter belongs to the scene")
        }
    }

    func testEmptyStateText() {
        onMainActor {
            let list = ListView(dataSource: CountingSource(count: 0), emptyText: "No entries yet")
            let screen = Self.screen(for: list, size: Size(width: 10, height: 2))
            assertScreen(screen, equals: ["No entrie…", ""])
            assertStyle(screen, at: Point(x: 0, y: 0), equals: Theme.default.dim)
            XCTAssertNil(list.selectedIndex)
            XCTAssertTrue(list.handle(.down), "movement keys are still the list's")
        }
    }

    func testReloadAfterTheCountChangesKeepsTheSelectionInRange() {
        onMainActor {
            let source = CountingSource(count: 5)
            let list = ListView(dataSource: source)
            var reported: [Int?] = []
            list.selectionDidChange = { reported.append($0) }
            list.select(4)
            source.count = 2
            list.reload()
            XCTAssertEqual(list.selectedIndex, 1)
            source.count = 0
            list.reload()
            XCTAssertNil(list.selectedIndex)
            source.count = 3
            list.reload()
            XCTAssertEqual(list.selectedIndex, 0)
            XCTAssertEqual(reported, [4, 1, nil, 0])
        }
    }

    func testAShrunkSourceIsNeverAskedForRowsItNoLongerHas() {
        onMainActor {
            let source = CountingSource(count: 100)
            let list = ListView(dataSource: source)
            let screen = Self.screen(for: list, size: Size(width: 8, height: 3))
            screen.send(.end)
            source.count = 2
            screen.render()
            XCTAssertTrue(source.requestedRows.suffix(2).allSatisfy { $0 < 2 })
            assertScreen(screen, equals: ["row 0", "row 1", ""])
        }
    }

    func testColumnsTruncateCleanly() {
        onMainActor {
            let source = TableSource(rows: [
                ["Groceries", "2024-05-01", "3"],
                ["日本語のメモ", "2024-05-02", "12"],
                ["A very long title that does not fit", "2024-05-03", "1234"],
            ])
            let list = ListView(
                dataSource: source,
                columns: [
                    ListColumn(.flexible(minimum: 4)), ListColumn(.fixed(10)),
                    ListColumn(.fixed(3), alignment: .trailing),
                ],
                columnSpacing: 1
            )
            let screen = Self.screen(for: list, size: Size(width: 30, height: 3))
            assertScreen(
                screen,
                equals: [
                    "Groceries       2024-05-01   3",
                    "日本語のメモ    2024-05-02  12",
                    "A very long ti… 2024-05-03 12…",
                ])
            // The flexible column keeps its minimum; the column that no longer fits is dropped.
            screen.resize(to: Size(width: 16, height: 3))
            assertScreen(
                screen,
                equals: [
                    "Gro… 2024-05-01",
                    "日…  2024-05-02",
                    "A v… 2024-05-03",
                ])
        }
    }

    func testCustomRowsStayInsideTheirRow() {
        onMainActor {
            struct CustomSource: ListDataSource {
                var count: Int { 2 }
                func row(at index: Int) -> ListRow {
                    ListRow { buffer, rect, style in
                        buffer.put("#\(index) custom", at: Point(x: rect.x, y: rect.y), style: style)
                        buffer.put("escaped", at: Point(x: rect.x, y: rect.y + 1))  // outside its row: dropped
                    }
                }
            }
            let list = ListView(dataSource: CustomSource())
            let screen = Self.screen(for: list, size: Size(width: 12, height: 3))
            assertScreen(screen, equals: ["#0 custom", "#1 custom", ""])
            assertStyle(screen, at: Point(x: 11, y: 0), equals: Theme.default.selection)
        }
    }

    func testRendersAtTinySizes() {
        onMainActor {
            let list = ListView(dataSource: CountingSource(count: 5))
            let screen = Self.screen(for: list, size: Size(width: 1, height: 1))
            assertScreen(screen, equals: ["…"])
            screen.send(.down)
            screen.resize(to: Size(width: 0, height: 0))
            screen.resize(to: Size(width: 40, height: 12))
            assertScreen(screen, equals: ["row 0", "row 1", "row 2", "row 3", "row 4", "", "", "", "", "", "", ""])
            assertStyle(screen, at: Point(x: 39, y: 1), equals: Theme.default.selection)
        }
    }

    func testColumnLayoutSharesTheSpareWidth() {
        let columns = [ListColumn(.flexible(minimum: 2)), ListColumn(.fixed(4)), ListColumn(.flexible(minimum: 2))]
        let frames = ListColumn.layout(columns, width: 15, spacing: 1)
        XCTAssertEqual(frames.map(\.x), [0, 6, 11])
        XCTAssertEqual(frames.map(\.width), [5, 4, 4])
        let cramped = ListColumn.layout(columns, width: 5, spacing: 1)
        XCTAssertEqual(cramped.map(\.width), [2, 2, 0], "columns past the edge get no width")
    }
}
