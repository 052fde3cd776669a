import Yams

/// Turns storyboard text into a Yams `Node` tree (every node keeps its line and column), or into
/// diagnostics when the text is not YAML.
///
/// Yams refuses a mapping with a duplicate key and stops there. To still report every problem of the
/// file, the input guard finds every duplicate key on the way (one pass over libyaml's events), the
/// reader renames each to a placeholder and composes once; the parser reports each recorded
/// duplicate in its context ("duplicate scene `list`").
///
/// A placeholder takes exactly the characters of the key it replaces, line breaks and blanks kept where
/// they were, so that every line and column libyaml reports in the renamed text (syntax errors, every
/// node's place) is the same place in the text as written: nothing after a duplicate moves.
struct StoryboardYAMLReader {
    /// A key that appeared twice in one mapping; the second one was renamed to a placeholder.
    struct DuplicateKey: Hashable {
        var name: String
        var location: SourceLocation
        var firstLocation: SourceLocation
        /// The placeholder's first character, which no other placeholder has.
        var mark: Unicode.Scalar
    }

    struct Result {
        /// The root node, nil when the text is empty or not YAML.
        var root: Node?
        /// Renamed duplicate keys, by where the key is (the placeholder's node is at the same place).
        var duplicates: [SourceLocation: DuplicateKey]
        /// Problems found while reading (syntax errors, refused input).
        var diagnostics: [StoryboardDiagnostic]
    }

    var fileName: String
    var inputGuard = StoryboardInputGuard()
    /// Past this many duplicates the reader reports them and stops (the file is not what it seems).
    var maximumDuplicates = 50

    /// Placeholders are made of private-use characters (one column each, a plain scalar anywhere): the
    /// first one numbers the duplicate, the others fill the key's length.
    static let placeholderFill: Unicode.Scalar = "\u{E000}"

    func read(_ text: String) -> Result {
        let checked = inputGuard.check(text)
        if let problem = checked.problem {
            return Result(root: nil, duplicates: [:], diagnostics: [error(problem.location, problem.message)])
        }
        if checked.duplicates.count > maximumDuplicates {
            let found = checked.duplicates.prefix(maximumDuplicates).map {
                error($0.location, "duplicate key `\($0.name)` (first at line \($0.firstLocation.line))")
            }
            let next = checked.duplicates[maximumDuplicates]
            let message = "\(checked.duplicates.count) duplicate keys; remove one to see the remaining problems"
            return Result(root: nil, duplicates: [:], diagnostics: found + [error(next.location, message)])
        }
        var duplicates: [SourceLocation: DuplicateKey] = [:]
        var source = text
        if !checked.duplicates.isEmpty {
            var scalars = Array(text.unicodeScalars)
            // libyaml's positions do not count a byte order mark.
            let shift = scalars.first == "\u{FEFF}" ? 1 : 0
            for (number, duplicate) in checked.duplicates.enumerated() {
                let range = (duplicate.scalarRange.lowerBound + shift)..<(duplicate.scalarRange.upperBound + shift)
                // An empty key (`: value`) has no characters to rename: Yams reports it, and stops there.
                guard !range.isEmpty, range.upperBound <= scalars.count,
                    let mark = Unicode.Scalar(Self.placeholderFill.value + UInt32(number + 1))
                else { continue }
                for index in range where !Self.isBlankOrBreak(scalars[index]) {
                    scalars[index] = index == range.lowerBound ? mark : Self.placeholderFill
                }
                duplicates[duplicate.location] = DuplicateKey(
                    name: duplicate.name, location: duplicate.location,
                    firstLocation: duplicate.firstLocation, mark: mark)
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            source = String(view)
        }
        do {
            let root = try YAMLComposition.compose(source)
            return Result(root: root, duplicates: duplicates, diagnostics: [])
        } catch let YamlError.duplicatedKeysInMapping(names, context) {
            // Keys the guard saw as different (`1` and `"1"`) but Yams as one.
            let first = SourceLocation(line: context.mark.line, column: context.mark.column)
            return Result(
                root: nil, duplicates: duplicates,
                diagnostics: [error(first, "duplicate key `\(names.first ?? "")` in one mapping")])
        } catch let yamlError as YamlError {
            return Result(root: nil, duplicates: duplicates, diagnostics: [diagnostic(for: yamlError, in: source)])
        } catch {
            return Result(
                root: nil, duplicates: duplicates,
                diagnostics: [self.error(.file, "cannot read the file as YAML: \(error)")])
        }
    }

    /// What YAML takes as blanks and line breaks: kept in a placeholder, they keep its lines and
    /// indentation those of the key.
    private static func isBlankOrBreak(_ scalar: Unicode.Scalar) -> Bool {
        ["\u{20}", "\u{09}", "\u{0A}", "\u{0D}", "\u{85}", "\u{2028}", "\u{2029}"].contains(scalar)
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
