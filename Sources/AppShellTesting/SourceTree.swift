import Foundation

/// The package's source tree, found from a test file's `#filePath`: for tests that read the files the
/// app is built from (a context's `.storyboard`, which the binary carries compiled, not as a file).
///
/// ```swift
/// let text = try SourceTree(containing: #filePath).text(of: "Sources/EntriesContext/Entries.storyboard")
/// ```
public struct SourceTree {
    /// The folder holding `Package.swift`.
    public let root: URL

    /// The nearest folder above `filePath` that holds a `Package.swift`; throws when there is none
    /// (a test run from a copy without its sources).
    public init(containing filePath: String) throws {
        var folder = URL(fileURLWithPath: filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else {
                throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: filePath])
            }
            folder = parent
        }
        root = folder
    }

    /// The file at `path`, relative to the root.
    public func url(_ path: String) -> URL {
        root.appendingPathComponent(path)
    }

    /// The UTF-8 text of the file at `path`, relative to the root.
    public func text(of path: String) throws -> String {
        try String(contentsOf: url(path), encoding: .utf8)
    }
}
