import AppShell
import XCTest

/// Asserts that the screen shows exactly `lines`, one per row, top to bottom (trailing spaces are
/// ignored on both sides, so write lines the way they look). On failure it prints both screens side
/// by side with the differing rows marked.
///
/// ```swift
/// assertScreen(screen, equals: [
///     "Entries",
///     "> First entry",
///     "? help  q quit",
/// ])
/// ```
@MainActor
public func assertScreen(
    _ screen: HeadlessScreen, equals lines: [String], file: StaticString = #filePath, line: UInt = #line
) {
    assertScreen(screen.buffer, equals: lines, file: file, line: line)
}

/// Asserts that `buffer` shows exactly `lines`; see `assertScreen(_:equals:file:line:)`.
public func assertScreen(_ buffer: Buffer, equals lines: [String], file: StaticString = #filePath, line: UInt = #line) {
    if let difference = ScreenDifference(expected: lines, actual: buffer.lines, size: buffer.size) {
        XCTFail(difference.description, file: file, line: line)
    }
}

/// Asserts that some row of the screen contains `text`.
@MainActor
public func assertScreenContains(
    _ screen: HeadlessScreen, _ text: String, file: StaticString = #filePath, line: UInt = #line
) {
    let lines = screen.lines
    guard !lines.contains(where: { $0.contains(text) }) else { return }
    XCTFail("Screen does not contain \"\(text)\":\n" + ScreenDifference.framed(lines), file: file, line: line)
}

/// Asserts that no row of the screen contains `text`.
@MainActor
public func assertScreenDoesNotContain(
    _ screen: HeadlessScreen, _ text: String, file: StaticString = #filePath, line: UInt = #line
) {
    let lines = screen.lines
    guard let row = lines.firstIndex(where: { $0.contains(text) }) else { return }
    XCTFail("Screen contains \"\(text)\" on row \(row + 1):\n" + ScreenDifference.framed(lines), file: file, line: line)
}

/// Asserts the style of the cell at `point`.
@MainActor
public func assertStyle(
    _ screen: HeadlessScreen, at point: Point, equals style: Style, file: StaticString = #filePath, line: UInt = #line
) {
    let actual = screen.style(at: point)
    guard actual != style else { return }
    XCTFail(
        "Style at (x: \(point.x), y: \(point.y)) \"\(screen.cell(at: point).text)\" is \(actual), expected \(style)",
        file: file, line: line)
}

/// Asserts that every cell of `row` from `columns` has `style` (a selected row, a header).
@MainActor
public func assertStyle(
    _ screen: HeadlessScreen, row: Int, columns: Range<Int>, equals style: Style,
    file: StaticString = #filePath, line: UInt = #line
) {
    for x in columns where screen.style(at: Point(x: x, y: row)) != style {
        XCTFail(
            "Style at (x: \(x), y: \(row)) is \(screen.style(at: Point(x: x, y: row))), expected \(style)", file: file,
            line: line)
        return
    }
}

/// Asserts that the cell at `point` has (at least) `attributes`.
@MainActor
public func assertAttributes(
    _ screen: HeadlessScreen, at point: Point, contain attributes: Style.Attributes,
    file: StaticString = #filePath, line: UInt = #line
) {
    let actual = screen.style(at: point).attributes
    guard !actual.isSuperset(of: attributes) else { return }
    XCTFail(
        "Attributes at (x: \(point.x), y: \(point.y)) are \(actual.rawValue), expected to contain \(attributes.rawValue)",
        file: file, line: line)
}
