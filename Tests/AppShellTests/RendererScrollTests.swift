import AppShellTesting
import XCTest
import AppShell

/// Scrolled blocks of rows are moved with a scroll region, and every frame, applied to the previous
/// screen, reproduces the new buffer exactly.
final class RendererScrollTests: XCTestCase {
    /// A header, a list of `rows` items starting at `first` with row `selected` highlighted, a footer.
    private func listFrame(first: Int, selectedRow: Int, rows: Int = 6, width: Int = 24) -> Buffer {
        var lines = ["Header"]
        lines += (0..<rows).map { itemText(first + $0) }
        lines.append("Footer")
        var buffer = makeBuffer(lines, width: width)
        for x in 0..<width {
            buffer[x, 1 + selectedRow].style = Style(background: .cyan)
        }
        return buffer
    }

    /// Rows that differ in most of their cells, as list rows with different titles do.
    private func itemText(_ number: Int) -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        return "\(number) " + String(repeating: letters[number % letters.count], count: 14)
    }

    func testScrollingAListByOneRowUsesAScrollRegion() {
        let before = listFrame(first: 0, selectedRow: 5)
        let after = listFrame(first: 1, selectedRow: 5)
        let text = renderedText([before, after])
        // Rows 1–5 (zero-based) scroll up; the selected last row stays and only its text changes,
        // the row that lost the selection is rewritten plain.
        XCTAssertTrue(text.hasPrefix("\(esc)[2;6r\(esc)[S\(esc)[r"), text)
        XCTAssertFalse(text.contains("cccc"), "rows that only moved are not rewritten: \(text)")
        XCTAssertTrue(text.contains("5 ffffffffffffff"), text)
        XCTAssertTrue(text.contains("6 gggggggggggggg"), text)
    }

    func testScrollingBackUsesScrollDown() {
        let before = listFrame(first: 5, selectedRow: 0)
        let after = listFrame(first: 4, selectedRow: 0)
        let text = renderedText([before, after])
        XCTAssertTrue(text.hasPrefix("\(esc)[3;7r\(esc)[T\(esc)[r"), text)
        XCTAssertFalse(text.contains("hhhh"), "rows that only moved are not rewritten: \(text)")
        XCTAssertTrue(text.contains("4 eeeeeeeeeeeeee"), text)
    }

    func testScrollingIsSmallerThanRewriting() {
        let before = listFrame(first: 0, selectedRow: 5, rows: 30, width: 80)
        let after = listFrame(first: 1, selectedRow: 5, rows: 30, width: 80)
        var plain = Renderer(colorSupport: .trueColor, usesScrollRegions: false)
        var scrolling = Renderer(colorSupport: .trueColor)
        _ = plain.frame(before)
        _ = scrolling.frame(before)
        XCTAssertLessThan(scrolling.frame(after).count * 3, plain.frame(after).count)
    }

    func testFramesReplayedOnAnEmulatorMatchTheBuffers() {
        var random = SeededGenerator(seed: 7)
        let rgbStyles = [
            Style.plain, Style(foreground: .red), Style(background: .blue, attributes: .bold),
            Style(foreground: .rgb(10, 200, 30), attributes: .underline),
        ]
        let ansiStyles = [
            Style.plain, Style(foreground: .red), Style(background: .blue, attributes: .bold),
            Style(foreground: .ansi(10), attributes: [.underline, .reverse]),
        ]
        for (support, styles) in [(ColorSupport.trueColor, rgbStyles), (.ansi16, ansiStyles)] {
            var renderer = Renderer(colorSupport: support)
            var terminal = MiniTerminal(width: 16, height: 9)
            var frame = Buffer(size: Size(width: 16, height: 9))
            for step in 0..<400 {
                frame = mutate(frame, styles: styles, using: &random)
                let bytes = renderer.frame(frame)
                terminal.apply(bytes)
                if let row = (0..<9).first(where: {
                    terminal.buffer.line($0) != frame.line($0) || rowStyles(terminal.buffer, $0) != rowStyles(frame, $0)
                }) {
                    return XCTFail(
                        "step \(step) with \(support), row \(row): screen \(terminal.buffer.line(row).debugDescription) "
                            + "frame \(frame.line(row).debugDescription) after \(String(decoding: bytes, as: UTF8.self).debugDescription)"
                    )
                }
                XCTAssertEqual(terminal.buffer.cells, frame.cells, "step \(step)")
            }
        }
    }

    /// A random change: scroll a block, rewrite some cells (narrow or wide, in a few styles), or clear.
    private func rowStyles(_ buffer: Buffer, _ row: Int) -> [Style] {
        (0..<buffer.size.width).map { buffer[$0, row].style }
    }

    private func mutate(_ frame: Buffer, styles: [Style], using random: inout SeededGenerator) -> Buffer {
        var next = frame
        let width = frame.size.width, height = frame.size.height
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
            let top = Int.random(in: 0..<(height - 2), using: &random)
            let bottom = Int.random(in: (top + 2)...height, using: &random)
            let distance = Int.random(in: 1...2, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            for y in (top..<bottom) {
                let source = y + distance
                for x in 0..<width {
                    next[x, y] = source >= top && source < bottom ? frame[x, source] : randomCell(styles, &random)
                }
            }
            repairWideCells(&next)
        case 4...8:
            for _ in 0..<Int.random(in: 1...12, using: &random) {
                let x = Int.random(in: 0..<width, using: &random), y = Int.random(in: 0..<height, using: &random)
                if Int.random(in: 0..<5, using: &random) == 0, x + 1 < width {
                    let style = styles.randomElement(using: &random) ?? .plain
                    next[x, y] = Cell(
                        text: ["日", "本", "🙂"].randomElement(using: &random) ?? "日", style: style, width: 2)
                    next[x + 1, y] = .continuation(style: style)
                } else {
                    next[x, y] = randomCell(styles, &random)
                }
            }
            repairWideCells(&next)
        default:
            next = Buffer(size: frame.size)
        }
        return next
    }

    private func randomCell(_ styles: [Style], _ random: inout SeededGenerator) -> Cell {
        let letters = Array("abcdefxyz ")
        return Cell(
            text: String(letters.randomElement(using: &random) ?? "a"),
            style: styles.randomElement(using: &random) ?? .plain)
    }

    /// Keeps buffers well formed: every wide cell has its continuation, every continuation its wide cell.
    private func repairWideCells(_ buffer: inout Buffer) {
        for y in 0..<buffer.size.height {
            var x = 0
            while x < buffer.size.width {
                let cell = buffer[x, y]
                if cell.width == 2 {
                    if x + 1 < buffer.size.width {
                        buffer[x + 1, y] = .continuation(style: cell.style)
                        x += 2
                    } else {
                        buffer[x, y] = Cell(text: " ", style: cell.style)
                        x += 1
                    }
                } else {
                    if cell.isContinuation { buffer[x, y] = Cell(text: " ", style: cell.style) }
                    x += 1
                }
            }
        }
    }
}
