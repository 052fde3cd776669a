import XCTest

extension XCTestCase {
    /// Runs a test body on the main actor, where scenes, windows and controllers live. XCTest on
    /// Linux cannot call `@MainActor` test methods (it crashes casting them), but it runs tests on the
    /// main thread, which this asserts (a test run elsewhere stops here instead of racing).
    ///
    /// ```swift
    /// func testTheListShowsTheEntries() throws {
    ///     try onMainActor {
    ///         let screen = HeadlessScreen(root: window, size: Size(width: 40, height: 10))
    ///         assertScreenContains(screen, "First entry")
    ///     }
    /// }
    /// ```
    public func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
