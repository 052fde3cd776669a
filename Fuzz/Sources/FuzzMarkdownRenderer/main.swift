// The Markdown renderer (AppShell `MarkdownView`, as the details screen shows an entry's body):
// the text parsed, laid out and drawn into a region of a fuzzer-chosen size and place in a larger
// buffer, then scrolled (down, a page, to the end, which skims the last blocks) and drawn again.
//
// What must hold after every draw:
// - nothing is written outside the region: every cell around it still holds the mark it was filled with;
// - no cell inside holds a raw control character (C0, DEL, C1): bytes from a stranger's entry never
//   reach the terminal as they are;
// - cells are well formed: width 0, 1 or 2, and a wide cell is followed, inside the region, by its
//   continuation.
import AppShell
import FuzzSupport

/// What the buffer is filled with before drawing: a private-use character no renderer writes.
let untouched = Cell(text: "\u{E000}")

/// libFuzzer's entry point: renders the input's tail with `MarkdownView` into a region sized and placed by its first
/// bytes, scrolls and redraws, and checks after each draw that nothing is written outside the region, no raw control
/// character reaches a cell, and cells are well formed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var input = FuzzInput(start, count)
    let width = Int(input.byte() % 100)
    let height = Int(input.byte() % 40)
    let x = Int(input.byte() % 4), y = Int(input.byte() % 4)
    let steps = input.byte()
    let keepsLineBreaks = steps & 0x80 == 0
    let text = String(decoding: input.rest(), as: UTF8.self)
    MainActor.assumeIsolated {
        let view = MarkdownView(text: text, keepsLineBreaks: keepsLineBreaks)
        let area = Rect(x: x, y: y, width: width, height: height)
        draw(view, in: area)
        for key: Key in [.down, .pageDown, .end, .up] where steps & 0x0F != 0 {
            _ = view.handle(key)
            draw(view, in: area)
        }
    }
    return 0
}

@MainActor
func draw(_ view: MarkdownView, in area: Rect) {
    let size = Size(width: area.maxX + 3, height: area.maxY + 3)
    var buffer = Buffer(size: size, filling: untouched)
    view.render(into: &buffer, area: area)
    // Row by row, the columns in three runs (left of the region, in it, right of it), so that no cell
    // needs its own inside-or-outside test: this check runs five times per input over every cell, and
    // every comparison in it is instrumented for the fuzzer; the renderer's own work is a fraction.
    for row in 0..<size.height {
        guard row >= area.y, row < area.maxY else {
            for column in 0..<size.width { checkUntouched(buffer[column, row], column, row, area) }
            continue
        }
        for column in 0..<area.x { checkUntouched(buffer[column, row], column, row, area) }
        for column in area.x..<area.maxX {
            let cell = buffer[column, row]
            // Most cells hold one printable ASCII character, or are left as they were (one three-byte
            // character, like every other one of three bytes, no control): nothing more to look at.
            let utf8 = cell.text.utf8
            if cell.width == 1, let byte = utf8.first,
                (utf8.count == 1 && byte >= 0x20 && byte != 0x7F) || (utf8.count == 3 && byte >= 0xE0)
            {
                continue
            }
            fuzzCheck(
                !containsRawControl(cell.text),
                "a raw control character at \(column),\(row): \(cell.text.debugDescription)")
            fuzzCheck(cell.width <= 2, "a cell \(cell.width) columns wide at \(column),\(row)")
            if cell.width == 2 {
                fuzzCheck(
                    column + 1 < area.maxX && buffer[column + 1, row].isContinuation,
                    "a wide cell at \(column),\(row) without its continuation inside \(area)")
            }
        }
        for column in area.maxX..<size.width { checkUntouched(buffer[column, row], column, row, area) }
    }
}

func checkUntouched(_ cell: Cell, _ column: Int, _ row: Int, _ area: Rect) {
    fuzzCheck(cell == untouched, "a cell written outside the region \(area) at \(column),\(row): \(cell)")
}
