import Foundation
import XCTest

/// Finds the executables `swift build` produced, next to the test bundle.
enum BuiltProducts {
    /// The build products directory (`.build/<triple>/debug` or `release`).
    static var directory: URL {
        #if os(macOS)
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return Bundle.main.bundleURL
        #else
        return Bundle.main.bundleURL
        #endif
    }

    /// The path of product `name`; the environment variable `<NAME>_BINARY` (e.g. `SHELL_DEMO_BINARY`)
    /// overrides it. Fails the test when the binary was not built.
    static func executable(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let variable = name.uppercased().replacingOccurrences(of: "-", with: "_") + "_BINARY"
        let path = ProcessInfo.processInfo.environment[variable] ?? directory.appendingPathComponent(name).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            XCTFail(
                "\(name) is not built at \(path): run `swift build` (or `swift build --product \(name)`) before the tests",
                file: file, line: line)
            throw CocoaError(.fileNoSuchFile)
        }
        return path
    }
}
