import XCTest
import AppShell

/// The exact bytes the renderer writes: only changed cells, cheap cursor moves, styles only on change.
final class RendererDiffTests: XCTestCase {
    func testFirstFrameClearsAndWritesOnlyNonBlankCells() {
        let frame = makeBuffer(["ab  ", "    "], width: 4)
        XCTAssertEqual(renderedText([frame]), "\(esc)[0m\(esc)[2J\(esc)[1Hab")
    }

    func testAnUnchangedFrameWritesNothing() {
        let frame = makeBuffer(["ab", "cd"], width: 2)
        XCTAssertEqual(renderedText([frame, frame]), "")
        var renderer = Renderer(colorSupport: .trueColor)
        _ = renderer.frame(frame)
        XCTAssertEqual(renderer.frame(frame), [], "no empty synchronized frame either")
    }

    func testOneChangedCellIsOneMoveAndOneCharacter() {
        let before = makeBuffer(["abcd", "efgh"], width: 4)
        var after = before
        after[2, 1] = Cell(text: "X")
        XCTAssertEqual(renderedText([before, after]), "\(esc)[2;3HX")
    }

    func testShortGapsAreRewrittenAndLongGapsSkippedForward() {
        let before = makeBuffer(["abcdefghijklmnopqrst"], width: 20)
        var after = before
        after[1, 0] = Cell(text: "B")
        after[4, 0] = Cell(text: "E")
        after[15, 0] = Cell(text: "P")
        XCTAssertEqual(renderedText([before, after]), "\(esc)[1;2HBcdE\(esc)[10CP")
    }

    func testNextRowStartIsReachedWithCarriageReturnLineFeed() {
        let before = makeBuffer(["abc", "def", "ghi"], width: 3)
        var after = before
        after[2, 0] = Cell(text: "C")
        after[0, 1] = Cell(text: "D")
        XCTAssertEqual(renderedText([before, after]), "\(esc)[1;3HC\r\nD")
    }

    func testStylesAreWrittenOnlyWhenTheyChange() {
        var frame = Buffer(size: Size(width: 4, height: 1))
        let red = Style(foreground: .red, attributes: .bold)
        frame[0, 0] = Cell(text: "a", style: red)
        frame[1, 0] = Cell(text: "b", style: red)
        frame[2, 0] = Cell(text: "c", style: Style(foreground: .red, background: .blue, attributes: .bold))
        frame[3, 0] = Cell(text: "d")
        XCTAssertEqual(renderedText([frame]), "\(esc)[0m\(esc)[2J\(esc)[1H\(esc)[1;31mab\(esc)[44mc\(esc)[0md")
    }

    func testColoursFollowTheTerminalsSupport() {
        var frame = Buffer(size: Size(width: 1, height: 1))
        frame[0, 0] = Cell(text: "x", style: Style(foreground: .rgb(255, 0, 0), background: .indexed(244)))
        let prefix = "\(esc)[0m\(esc)[2J\(esc)[1H"
        XCTAssertEqual(renderedText([frame], colorSupport: .trueColor), prefix + "\(esc)[38;2;255;0;0;48;5;244mx")
        XCTAssertEqual(renderedText([frame], colorSupport: .indexed256), prefix + "\(esc)[38;5;196;48;5;244mx")
        XCTAssertEqual(renderedText([frame], colorSupport: .ansi16), prefix + "\(esc)[91;100mx")
        XCTAssertEqual(renderedText([frame], colorSupport: .none), prefix + "x")
    }

    func testAttributesSurviveWithoutColour() {
        var frame = Buffer(size: Size(width: 1, height: 1))
        frame[0, 0] = Cell(text: "x", style: Style(foreground: .red, attributes: [.reverse, .underline]))
        XCTAssertEqual(renderedText([frame], colorSupport: .none), "\(esc)[0m\(esc)[2J\(esc)[1H\(esc)[4;7mx")
    }

    func testWideGraphemesAreWrittenOnceAndTheirContinuationSkipped() {
        var frame = Buffer(size: Size(width: 4, height: 1))
        frame[0, 0] = Cell(text: "日", width: 2)
        frame[1, 0] = .continuation(style: .plain)
        frame[2, 0] = Cell(text: "x")
        XCTAssertEqual(renderedText([frame]), "\(esc)[0m\(esc)[2J\(esc)[1H日x")
    }

    func testAWideGraphemeInTheLastColumnIsDrawnAsABlank() {
        var frame = Buffer(size: Size(width: 2, height: 1))
        frame[0, 0] = Cell(text: "a")
        frame[1, 0] = Cell(text: "日", width: 2)
        XCTAssertEqual(renderedText([frame]), "\(esc)[0m\(esc)[2J\(esc)[1Ha ")
    }

    func testInvalidateAndResizeForceAFullRedraw() {
        let frame = makeBuffer(["ab"], width: 2)
        var renderer = Renderer(colorSupport: .trueColor, usesSynchronizedOutput: false)
        _ = renderer.frame(frame)
        renderer.invalidate()
        XCTAssertEqual(String(decoding: renderer.frame(frame), as: UTF8.self), "\(esc)[0m\(esc)[2J\(esc)[1Hab")
        let wider = makeBuffer(["abc"], width: 3)
        XCTAssertEqual(String(decoding: renderer.frame(wider), as: UTF8.self), "\(esc)[0m\(esc)[2J\(esc)[1Habc")
    }

    func testFramesAreWrappedInSynchronizedOutput() {
        let text = renderedText([makeBuffer(["a"], width: 1)], synchronized: true)
        XCTAssertTrue(text.hasPrefix("\(esc)[?2026h"))
        XCTAssertTrue(text.hasSuffix("\(esc)[?2026l"))
    }

    func testTheBottomRightCellIsTheLastThingWritten() {
        let before = makeBuffer(["ab", "cd"], width: 2)
        var after = before
        after[1, 1] = Cell(text: "Z")
        XCTAssertEqual(renderedText([before, after]), "\(esc)[2;2HZ")
    }

    func testRenderWritesToTheSink() throws {
        let sink = ByteCollector()
        var renderer = Renderer(colorSupport: .ansi16, usesSynchronizedOutput: false)
        try renderer.render(makeBuffer(["hi"], width: 2), to: sink)
        try renderer.render(makeBuffer(["hi"], width: 2), to: sink)
        XCTAssertEqual(sink.text, "\(esc)[0m\(esc)[2J\(esc)[1Hhi")
    }
}
