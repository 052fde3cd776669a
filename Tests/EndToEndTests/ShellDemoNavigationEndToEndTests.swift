import Foundation
import XCTest

/// The built `shell-demo` under tmux: what it shows and how it navigates, at 120×40 and 40×12, and the
/// terminal as it was after `q`.
final class ShellDemoNavigationEndToEndTests: ShellDemoEndToEndTestCase {
    func testNavigatesAndQuitsRestoringTheTerminalAt120x40() throws {
        let session = try start(width: 120, height: 40)
        let first = try session.screen()
        XCTAssertEqual(first.first?.trimmingCharacters(in: .whitespaces), "Items")
        XCTAssertTrue(first[1].hasPrefix("Item 0001 "))
        XCTAssertTrue(first[38].hasPrefix("Item 0038 "), "the list fills the screen: \(first[38])")

        try session.press("Down", "Down")
        try session.press("Enter")
        try session.waitForScreen("the details of item 3") {
            $0.contains("Items › Item 3") && $0.contains("This is item 3 of the AppShell demo.")
        }
        try session.press("Escape")
        try session.waitForScreen("back to the list") { $0.hasPrefix("Items\n") && $0.contains("Item 0038") }

        try session.press("m")
        try session.waitForScreen("the modal") { $0.contains("About") && $0.contains("Press Esc to close.") }
        try session.press("Escape")
        try session.waitForScreen("the modal closed") { !$0.contains("Press Esc to close.") }

        try session.press("?")
        try session.waitForScreen("the help overlay") {
            $0.contains("Keys") && $0.contains("enter") && $0.contains("open") && $0.contains("modal")
        }
        try session.press("Escape")
        try session.waitForScreen("the help closed") { !$0.contains("Keys") }

        for _ in 0..<45 { try session.press("Down") }
        try session.waitForScreen("the list scrolled") { $0.contains("Item 0046") && !$0.contains("Item 0001") }

        try session.press("q")
        let after = try session.waitForPrompt()
        XCTAssertFalse(after.contains("Item 0046"), "the alternate screen is gone:\n\(after)")
        try session.assertTerminalRestored(in: directory, expectedStatus: 0)
    }

    func testSmallTerminal40x12() throws {
        let session = try start(width: 40, height: 12)
        let list = try session.screen()
        XCTAssertEqual(list.count, 12)
        XCTAssertTrue(list[1].hasPrefix("Item 0001"))
        XCTAssertTrue(list.allSatisfy { $0.count <= 40 })
        try session.press("Enter")
        let details = try session.waitForScreen("wrapped details") { $0.contains("This is item 1 of the") }
        let rows = details.split(separator: "\n").map(String.init)
        XCTAssertTrue(rows.allSatisfy { $0.count <= 40 })
        XCTAssertGreaterThanOrEqual(
            rows.filter { $0.count >= 30 && $0.first?.isLetter == true }.count, 4,
            "paragraphs wrapped into full lines:\n\(details)")
        try session.press("Escape")
        try session.waitForScreen("the list") { $0.hasPrefix("Items\n") }
        try session.press("m")
        try session.waitForScreen("the modal") { $0.contains("About") && $0.contains("Press Esc to close.") }
        try session.press("Escape")
        try session.waitForScreen("the list") { $0.contains("Item 0001") && !$0.contains("About") }
        try session.press("q")
        try session.waitForPrompt()
        try session.assertTerminalRestored(in: directory, expectedStatus: 0)
    }

}
