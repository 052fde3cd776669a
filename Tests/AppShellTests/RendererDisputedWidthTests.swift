import AppShellTesting
import XCTest
@testable import AppShell

/// Graphemes whose width terminals disagree about (👍🏽, flags, ❤️): the renderer erases their cells,
/// positions the cursor absolutely after them and writes again the cells they may have been drawn
/// over, so a terminal that draws them wider or narrower than the app counts keeps no fragment of an
/// older frame, and ordinary text elsewhere in the row is still written only where it changed.
final class RendererDisputedWidthTests: XCTestCase {
    /// How tmux 3.3a (Debian 12) draws them, measured with its `cursor_x`: 👍🏽 as 4 columns, ❤️ and
    /// 1️⃣ as 1; flags as 2 there, but as 4 (two letters drawn wide) in others, which this one does;
    /// and ☺︎ (VS15, one column for the app) as 2, as a terminal ignoring the selector would.
    static func tmuxLikeWidth(_ character: Character) -> Int {
        switch character {
        case "👍🏽", "🇫🇷", "🇯🇵": return 4
        case "❤️", "1️⃣": return 1
        case "☺︎": return 2  // text presentation asked for, emoji drawn (app: 1)
        default: return MiniTerminal.width(of: character)
        }
    }

    func testDisputedGraphemes() {
        for text in ["👍🏽", "🇫🇷", "🇫", "❤️", "1️⃣", "👨‍👩‍👧", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "☺︎", "🫨"] {
            XCTAssertTrue(DisputedWidth.isDisputed(text), text)
        }
        for text in ["a", " ", "é", "日", "😀", "👍", "한", "e\u{301}", "─", "›", "…"] {
            XCTAssertFalse(DisputedWidth.isDisputed(text), text)
        }
    }

    func testADisputedGraphemeIsWrittenOverErasedCellsAndFollowedByAnAbsoluteMove() {
        var frame = Buffer(size: Size(width: 8, height: 1))
        frame.put(line: "a👍🏽bc", at: Point(x: 0, y: 0), width: 8)
        XCTAssertEqual(renderedText([frame]), "\(esc)[0m\(esc)[2J\(esc)[1Ha\(esc)[2X👍🏽\(esc)[1;4Hbc")
    }

    func testOrdinaryWideGraphemesKeepRelativeWrites() {
        var frame = Buffer(size: Size(width: 8, height: 1))
        frame.put(line: "a日😀bc", at: Point(x: 0, y: 0), width: 8)
        XCTAssertEqual(renderedText([frame]), "\(esc)[0m\(esc)[2J\(esc)[1Ha日😀bc")
    }

    /// 👍🏽 is two scalars: a terminal may draw it in up to 4 columns, so the 2 after it are written
    /// again; the rest of the row, unchanged, is not.
    func testChangingOnlyTheDisputedGraphemeRewritesTheCellsItMayCover() {
        var before = Buffer(size: Size(width: 12, height: 2))
        before.put(line: "x👍 tail end", at: Point(x: 0, y: 0), width: 12)
        before.put(line: "other", at: Point(x: 0, y: 1), width: 12)
        var after = before
        after.put(line: "x👍🏽 tail end", at: Point(x: 0, y: 0), width: 12)
        XCTAssertEqual(renderedText([before, after]), "\(esc)[1;2H\(esc)[2X👍🏽\(esc)[1;4H t")
    }

    /// A narrow one (☺︎ asks for text presentation) may be drawn wide: the cells after it are written
    /// again (as many as its scalars could cover).
    func testANarrowDisputedGraphemeIsGuardedToo() {
        var before = Buffer(size: Size(width: 8, height: 1))
        before.put(line: "a☺ bcd", at: Point(x: 0, y: 0), width: 8)
        var after = before
        after.put(line: "a☺︎ bcd", at: Point(x: 0, y: 0), width: 8)
        XCTAssertEqual(renderedText([before, after]), "\(esc)[1;2H\(esc)[X☺︎\(esc)[1;3H bc")
    }

    /// A blank rest of the row is erased with one EL instead of being written space by space.
    func testABlankRestOfTheRowIsErasedToTheEnd() {
        var before = Buffer(size: Size(width: 12, height: 1))
        before.put(line: "👍 long text", at: Point(x: 0, y: 0), width: 12)
        var after = Buffer(size: Size(width: 12, height: 1))
        after.put(line: "👍🏽", at: Point(x: 0, y: 0), width: 12)
        XCTAssertEqual(renderedText([before, after]), "\(esc)[1H\(esc)[2X👍🏽\(esc)[1;3H\(esc)[K")
    }

    func testTheRestOfTheRowIsWrittenInItsStylesWhenItIsNotPlainBlank() {
        var before = Buffer(size: Size(width: 6, height: 1))
        before.put(line: "🇫🇷", at: Point(x: 0, y: 0), width: 6)
        var after = Buffer(
            size: Size(width: 6, height: 1), filling: Cell(text: " ", style: Style(attributes: .reverse)))
        after.put(line: "🇯🇵", at: Point(x: 0, y: 0), width: 6, style: Style(attributes: .reverse))
        XCTAssertEqual(renderedText([before, after]), "\(esc)[1H\(esc)[7m\(esc)[2X🇯🇵\(esc)[1;3H    ")
    }

    /// Every frame replayed on a terminal that disagrees about widths shows what the app drew, except
    /// how the disputed graphemes themselves look; without the guard the same frames leave garbage.
    func testFramesReplayedOnADisagreeingTerminalLeaveNoGarbage() {
        XCTAssertEqual(replayMismatch(guarded: true), nil)
    }

    func testTheReplayCatchesGarbageWhenTheGuardIsOff() {
        XCTAssertNotNil(
            replayMismatch(guarded: false), "the replay must see the fragments an unguarded renderer leaves")
    }

    // MARK: - Replay

    /// The first difference between the disagreeing terminal and the frames of a list that scrolls and
    /// gets a box drawn over it, or nil when there is none.
    private func replayMismatch(guarded: Bool) -> String? {
        let size = Size(width: 24, height: 8)
        var random = SeededGenerator(seed: 11)
        var renderer = Renderer(colorSupport: .trueColor, usesSynchronizedOutput: false)
        renderer.guardsDisputedWidths = guarded
        var terminal = MiniTerminal(width: size.width, height: size.height, drawnWidth: Self.tmuxLikeWidth)
        let titles = [
            "plain row", "👍🏽 thumbs", "flag 🇫🇷 here", "❤️ heart row", "日本 wide", "1️⃣ keycap", "🇯🇵🇫🇷 two",
            "end 👍🏽", "smile ☺︎ narrow",
        ]
        var first = 0
        for step in 0..<300 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0, 1: first = max(0, first - 1)
            case 2, 3: first = min(titles.count * 4, first + 1)
            default: first = Int.random(in: 0...(titles.count * 4), using: &random)
            }
            let selected = Int.random(in: 0..<size.height, using: &random)
            let dialog = Int.random(in: 0..<3, using: &random) == 0
            var frame = Buffer(size: size)
            for row in 0..<size.height {
                let title = titles[(first + row) % titles.count] + " #\(first + row)"
                frame.put(
                    line: title, at: Point(x: 0, y: row), width: size.width,
                    style: row == selected ? Style(attributes: .reverse) : .plain)
            }
            if dialog {
                let box = Rect(x: 3 + step % 5, y: 2, width: 10, height: 3)
                frame.fill(box, with: Cell(text: "·"))
                frame.put(line: "ok?", at: Point(x: box.x + 1, y: 3), width: 8)
            }
            terminal.apply(renderer.frame(frame))
            if let mismatch = Self.firstMismatch(terminal.buffer, frame) { return "step \(step): \(mismatch)" }
        }
        return nil
    }

    /// Where `screen` differs from `frame`, ignoring only how a disputed grapheme itself is drawn in
    /// its own cells: a wide one with a blank beside it when drawn narrower; a narrow one drawn wider
    /// loses its glyph when the cell after it is written (as tmux blanks a wide glyph cut in half).
    static func firstMismatch(_ screen: Buffer, _ frame: Buffer) -> String? {
        for y in 0..<frame.size.height {
            var x = 0
            while x < frame.size.width {
                let expected = frame[x, y], shown = screen[x, y]
                if DisputedWidth.isDisputed(expected.text) {
                    let rightHalf = screen[x + 1, y]
                    let glyphShown = shown.text == expected.text || (expected.width == 1 && shown.text == " ")
                    if !glyphShown || (expected.width == 2 && !(rightHalf.isContinuation || rightHalf.text == " ")) {
                        return
                            "row \(y) column \(x): \(shown.text.debugDescription) for \(expected.text.debugDescription)"
                            + " in \(screen.line(y).debugDescription)"
                    }
                    x += Int(max(1, expected.width))
                    continue
                }
                if shown != expected {
                    return "row \(y) column \(x): \(shown) for \(expected); screen \(screen.line(y).debugDescription), "
                        + "frame \(frame.line(y).debugDescription)"
                }
                x += 1
            }
        }
        return nil
    }
}
