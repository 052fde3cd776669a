/// One problem found in a storyboard file, with where it is: `Entries.storyboard:14:5: error: ...`.
///
/// Loading and linting collect every diagnostic of a file before giving up, so an author sees all
/// the problems at once (the style of swift-argument-parser's validators).
public struct StoryboardDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    /// Errors stop a storyboard from loading; warnings are reported and the storyboard still loads.
    public enum Severity: String, Hashable, Sendable {
        case error
        case warning
    }

    public var severity: Severity
    /// The file name shown in messages (`Entries.storyboard`), not necessarily a path.
    public var fileName: String
    /// 1-based line, or 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column, or 0 when unknown.
    public var column: Int
    public var message: String

    public init(_ severity: Severity, fileName: String, line: Int, column: Int, message: String) {
        self.severity = severity
        self.fileName = fileName
        self.line = line
        self.column = column
        self.message = message
    }

    /// `file:line:column: severity: message`, the compiler format editors can jump to.
    public var description: String {
        var location = fileName
        if line > 0 { location += ":\(line)" }
        if line > 0, column > 0 { location += ":\(column)" }
        return "\(location): \(severity.rawValue): \(message)"
    }
}

extension Array where Element == StoryboardDiagnostic {
    /// The diagnostics that are errors.
    public var errors: [StoryboardDiagnostic] { filter { $0.severity == .error } }
    /// The diagnostics that are warnings.
    public var warnings: [StoryboardDiagnostic] { filter { $0.severity == .warning } }

    /// Sorted by file, line and column; equal locations keep their order of discovery.
    func sortedByLocation() -> [StoryboardDiagnostic] {
        enumerated().sorted { lhs, rhs in
            let left = (lhs.element.fileName, lhs.element.line, lhs.element.column, lhs.offset)
            let right = (rhs.element.fileName, rhs.element.line, rhs.element.column, rhs.offset)
            return left < right
        }.map(\.element)
    }
}

/// Thrown when a storyboard has errors: carries every diagnostic (errors and warnings) of the file.
public struct StoryboardLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    public var diagnostics: [StoryboardDiagnostic]

    public init(diagnostics: [StoryboardDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
