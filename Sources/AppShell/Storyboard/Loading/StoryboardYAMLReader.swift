import Yams

/// Turns storyboard text into a Yams `Node` tree (every node keeps its line and column), or into
/// diagnostics when the text is not YAML.
///
/// Yams refuses a mapping with a duplicate key and stops there. To still report every problem of the
/// file, the reader finds the later duplicate in the text, renames it to a placeholder, records it and
/// parses again; the parser reports each recorded duplicate in its context ("duplicate scene `list`").
struct StoryboardYAMLReader {
    /// A key that appeared twice in one mapping; the second one was renamed to `placeholder`.
    struct DuplicateKey: Hashable {
        var name: String
        var location: SourceLocation
        var firstLocation: SourceLocation
    }

    struct Result {
        /// The root node, nil when the text is empty or not YAML.
        var root: Node?
        /// Renamed duplicate keys, by placeholder.
        var duplicates: [String: DuplicateKey]
        /// Problems found while reading (syntax errors, refused input).
        var diagnostics: [StoryboardDiagnostic]
    }

    var fileName: String
    var inputGuard = StoryboardInputGuard()
    /// Each duplicate costs one more parse; past this many the reader reports and stops.
    var maximumDuplicates = 50

    /// The placeholder prefix; the parser recognises renamed keys by it.
    static let placeholderPrefix = "__storyboard_duplicate_"

    func read(_ text: String) -> Result {
        if let problem = inputGuard.check(text) {
            return Result(root: nil, duplicates: [:], diagnostics: [error(problem.location, problem.message)])
        }
        var source = text
        var duplicates: [String: DuplicateKey] = [:]
        while true {
            do {
                let root = try compose(yaml: source, Resolver.default, Constructor.default, .utf8)
                return Result(root: root, duplicates: duplicates, diagnostics: [])
            } catch let YamlError.duplicatedKeysInMapping(names, context) {
                let first = SourceLocation(line: context.mark.line, column: context.mark.column)
                let name = names.first ?? ""
                let placeholder = Self.placeholderPrefix + "\(duplicates.count + 1)__"
                guard duplicates.count < maximumDuplicates,
                      let renamed = DuplicateKeyLocator(text: source).renameDuplicate(
                        of: name, firstAt: first, to: placeholder)
                else {
                    let message = "duplicate key `\(name)` in one mapping (first at line \(first.line)); "
                        + "remove one to see the remaining problems"
                    let found = duplicates.values.map {
                        error($0.location, "duplicate key `\($0.name)` (first at line \($0.firstLocation.line))")
                    }
                    return Result(root: nil, duplicates: duplicates, diagnostics: found + [error(first, message)])
                }
                duplicates[placeholder] = DuplicateKey(name: name, location: renamed.location, firstLocation: first)
                source = renamed.text
            } catch let yamlError as YamlError {
                return Result(root: nil, duplicates: duplicates, diagnostics: [diagnostic(for: yamlError, in: source)])
            } catch {
                return Result(root: nil, duplicates: duplicates,
                              diagnostics: [self.error(.file, "cannot read the file as YAML: \(error)")])
            }
        }
    }

    private func error(_ location: SourceLocation, _ message: String) -> StoryboardDiagnostic {
        StoryboardDiagnostic(.error, fileName: fileName, line: location.line, column: location.column, message: message)
    }

    private func diagnostic(for yamlError: YamlError, in text: String) -> StoryboardDiagnostic {
        switch yamlError {
        case let .scanner(context, problem, mark, _),
             let .parser(context, problem, mark, _),
             let .composer(context, problem, mark, _):
            var message = "YAML syntax error: \(problem)"
            if let context { message += " (\(context.text) at line \(context.mark.line))" }
            return error(SourceLocation(line: mark.line, column: mark.column), message)
        case let .reader(problem, offset, value, _):
            let location = offset.map { Self.location(ofCharacterOffset: $0, in: text) } ?? .file
            var message = "the file is not readable YAML text: \(problem)"
            if value >= 0, let scalar = Unicode.Scalar(UInt32(value)) {
                message += " (found U+\(String(scalar.value, radix: 16, uppercase: true)))"
            }
            return error(location, message)
        default:
            return error(.file, "cannot read the file as YAML: \(yamlError)")
        }
    }

    /// The line and column of the character at `offset` (both 1-based; columns count characters).
    static func location(ofCharacterOffset offset: Int, in text: String) -> SourceLocation {
        var line = 1, column = 1, count = 0
        for character in text {
            if count == offset { break }
            if character == "\n" || character == "\r\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            count += 1
        }
        return SourceLocation(line: line, column: column)
    }
}
