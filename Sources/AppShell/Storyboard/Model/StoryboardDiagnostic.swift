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

    /// Whether the problem stops the storyboard from loading (error) or is only reported (warning).
    public var severity: Severity
    /// The file name shown in messages (`Entries.storyboard`), not necessarily a path.
    public var fileName: String
    /// 1-based line, or 0 when the problem concerns the whole file.
    public var line: Int
    /// 1-based column, or 0 when unknown.
    public var column: Int
    /// What is wrong and, where it can, how to fix it ("did you mean `details`?").
    public var message: String

    /// Creates a diagnostic at `line` and `column` of `fileName` (0 for the whole file or an unknown column).
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
    /// Every diagnostic of the file, errors and warnings; at least one is an error.
    public var diagnostics: [StoryboardDiagnostic]

    /// Creates the error carrying `diagnostics`.
    public init(diagnostics: [StoryboardDiagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
