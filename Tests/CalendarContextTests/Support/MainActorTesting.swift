import XCTest

extension XCTestCase {
    /// Runs a test body on the main actor. XCTest on Linux cannot call `@MainActor` test methods (it
    /// crashes casting them), but it runs tests on the main thread, which this asserts.
    func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}
