// The layout files (AppShell `LayoutLoader`, as the app checks a person's `<Kind>.layout` against the
// scene kinds that exist), then what the scenes do with a layout that checks clean: a row kind drawn
// by a `ListView` with the layout's row plan, a lines kind drawn with `renderLines`.
//
// The input is the file's text, then (after a NUL, which no layout may hold) the values the outlets
// show, separated by NULs: stranger values than any fixture (controls, escapes, wide and combining
// characters) come from the fuzzer as well.
//
// What must hold:
// - every diagnostic names the file and points inside it, and a layout comes back only without errors;
// - a layout that checks clean draws inside its area at every size tried (1x1; 40x12, 80x24 or 120x40
//   by the input's length; and one the input chooses): every cell around the area keeps the mark it
//   was filled with;
// - the lines leave the body (a lines kind's) the rest of the area, at least one line of it when the
//   area has more than one;
// - no cell holds a raw control character (C0, DEL, C1), whatever the literals or the values hold;
// - a wide cell is followed, inside the area, by its continuation;
// - a row plan never places columns past the width.
import AppShell
import EntriesContext
import EntryUI
import FuzzSupport

/// The kinds the app's layout catalog checks files against (but for the Settings list, a row like the entry list).
let kinds = [EntryListLayout.kind, EntryDetailsLayout.kind, EntryPreviewPaneLayout.kind, EntryMoreDetailsLayout.kind]
let loader = LayoutLoader(kinds: kinds)
/// What the buffer is filled with before drawing: a private-use character no renderer writes.
let untouched = Cell(text: "\u{E000}")
let fileName = "Fuzz.layout"

/// libFuzzer's entry point: checks the input's text as a layout file and draws a clean one at several sizes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let parts = bytes.split(separator: 0, maxSplits: 8, omittingEmptySubsequences: false)
    let text = parts.first.map { String(decoding: $0, as: UTF8.self) } ?? ""
    var values = parts.dropFirst().map { String(decoding: $0, as: UTF8.self) }
    if values.isEmpty { values = ["Weekly review", "漢字の日記", "e\u{301}te\u{301}", "\u{1B}[2J\u{07}", ""] }
    let (layout, diagnostics) = loader.parse(text, fileName: fileName)
    let lines = TextLines(text)
    for diagnostic in diagnostics {
        fuzzCheck(diagnostic.fileName == fileName, "a diagnostic names another file: \(diagnostic)")
        fuzzCheck(
            lines.contains(line: diagnostic.line, column: diagnostic.column),
            "a diagnostic outside the file (\(lines.maximumLine) lines, \(lines.maximumColumn) columns): \(diagnostic)")
        fuzzCheck(!diagnostic.message.isEmpty, "a diagnostic without a message: \(diagnostic)")
        fuzzCheck(
            !containsRawControl(diagnostic.message), "a raw control character in \(diagnostic.message.debugDescription)"
        )
    }
    guard let layout else { return 0 }
    fuzzCheck(diagnostics.errors.isEmpty, "a layout came back with errors: \(diagnostics.errors)")
    let value: (LayoutItem) -> StyledText = { item in
        guard case .outlet(let index) = item.content else { return StyledText() }
        return StyledText(values[index % values.count])
    }
    // A size the input chooses, from its last two bytes (the layout's text rarely ends there usefully).
    let chosen = Size(width: Int(bytes.last ?? 0) % 201, height: Int(bytes.dropLast().last ?? 0) % 50)
    // 1x1, one of the terminal sizes the app is tried at (by the input's length: drawing all three
    // for every input tripled the cost of a run), and the chosen one.
    let terminals = [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 120, height: 40)]
    let sizes = [Size(width: 1, height: 1), terminals[count % terminals.count], chosen]
    MainActor.assumeIsolated {
        let isRow = kinds.contains {
            guard $0.name == layout.kind, case .row = $0.shape else { return false }
            return true
        }
        for size in sizes {
            let area = Rect(x: 2, y: 1, width: size.width, height: size.height)
            var buffer = Buffer(size: Size(width: size.width + 4, height: size.height + 2), filling: untouched)
            if isRow {
                let plan = layout.rowPlan(width: size.width) { index in values[index % values.count].count * 3 % 70 }
                var x = 0
                for (slot, placed) in plan.widths.enumerated() {
                    fuzzCheck(
                        placed >= 0 && min(x, size.width) + placed <= size.width,
                        "a column placed past the width \(size.width): \(plan)")
                    x += plan.sizes[slot] + plan.gap
                }
                let rows = Rows(layout: layout, plan: plan, value: value)
                let list = ListView(dataSource: rows, theme: .default, columnSpacing: layout.gap)
                list.columns = plan.listColumns(of: layout)
                list.render(into: &buffer, area: area)
            } else {
                let body = layout.renderLines(into: &buffer, area: area, theme: .default, value: value)
                fuzzCheck(
                    body.isEmpty || (body.y >= area.y && body.maxY == area.maxY && body.width == area.width),
                    "the body is not the rest of the area: \(body) in \(area)")
                fuzzCheck(size.height < 2 || body.height >= 1, "the lines left the body no line at \(size)")
            }
            checkDrawnInside(buffer, area: area)
        }
    }
    return 0
}

/// Three rows of the layout's columns, the values from the input.
@MainActor
final class Rows: ListDataSource {
    let layout: Layout
    let plan: LayoutRowPlan
    let value: (LayoutItem) -> StyledText
    init(layout: Layout, plan: LayoutRowPlan, value: @escaping (LayoutItem) -> StyledText) {
        self.layout = layout
        self.plan = plan
        self.value = value
    }
    var count: Int { 3 }
    func row(at index: Int) -> ListRow {
        ListRow(columns: plan.shown.map { layout.text(of: layout.columns[$0], theme: .default, value: value) })
    }
}

func checkDrawnInside(_ buffer: Buffer, area: Rect) {
    for y in 0..<buffer.size.height {
        for x in 0..<buffer.size.width {
            let cell = buffer[x, y]
            guard (area.x..<area.maxX).contains(x) && (area.y..<area.maxY).contains(y) else {
                fuzzCheck(cell == untouched, "a cell written outside the area \(area) at \(x),\(y): \(cell)")
                continue
            }
            fuzzCheck(
                !containsRawControl(cell.text), "a raw control character at \(x),\(y): \(cell.text.debugDescription)")
            fuzzCheck(cell.width <= 2, "a cell \(cell.width) columns wide at \(x),\(y)")
            if cell.width == 2 {
                fuzzCheck(
                    x + 1 < area.maxX && buffer[x + 1, y].isContinuation,
                    "a wide cell at \(x),\(y) without its continuation inside \(area)")
            }
        }
    }
}
