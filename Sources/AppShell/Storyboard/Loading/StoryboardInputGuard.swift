/// Cheap checks run on a storyboard's text before YAML parsing, so hostile input fails fast with one
/// clear message instead of exhausting the stack or the CPU.
///
/// Why: Yams builds nodes recursively, so a megabyte of `[[[[` or `- - - -` would overflow the stack,
/// and anchors/aliases let a tiny file expand exponentially when keys are hashed. A storyboard needs
/// five levels of nesting and no aliases, so both limits cost legitimate files nothing.
struct StoryboardInputGuard {
    /// Larger files are refused: a storyboard of a hundred scenes is a few kilobytes.
    var maximumBytes = 4 * 1024 * 1024
    /// An upper bound on YAML nesting, far above the five levels the format uses.
    var maximumNesting = 64

    /// A problem and where it is, or nil when the text may be parsed.
    func check(_ text: String) -> (location: SourceLocation, message: String)? {
        let byteCount = text.utf8.count
        if byteCount > maximumBytes {
            return (.file, "the file is \(byteCount) bytes; storyboards are limited to \(maximumBytes) bytes")
        }
        if let problem = nestingProblem(text) { return problem }
        return aliasProblem(text)
    }

    /// Estimates nesting from indentation levels, leading `- `/`? ` indicators and open brackets.
    /// The estimate is never below the real depth; it may be above it (brackets inside quotes count).
    private func nestingProblem(_ text: String) -> (location: SourceLocation, message: String)? {
        var indentStack: [Int] = []
        var flowDepth = 0
        var lineNumber = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let bytes = Array(line)
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") }.count
            let content = bytes[indent...]
            guard let first = content.first, first != UInt8(ascii: "#"), first != UInt8(ascii: "\r") else { continue }
            if flowDepth == 0 {
                while let last = indentStack.last, last > indent { indentStack.removeLast() }
                if indentStack.last != indent { indentStack.append(indent) }
            }
            var indicators = 0
            var index = content.startIndex
            while index < content.endIndex, content[index] == UInt8(ascii: "-") || content[index] == UInt8(ascii: "?") {
                let next = index + 1
                guard next == content.endIndex || content[next] == UInt8(ascii: " ") else { break }
                indicators += 1
                index = next
                while index < content.endIndex, content[index] == UInt8(ascii: " ") { index += 1 }
            }
            var deepestFlow = flowDepth
            var previous = UInt8(ascii: " ")
            for byte in content[index...] {
                if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") { break }  // a comment
                switch byte {
                case UInt8(ascii: "["), UInt8(ascii: "{"): flowDepth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"): flowDepth = max(0, flowDepth - 1)
                default: break
                }
                deepestFlow = max(deepestFlow, flowDepth)
                previous = byte
            }
            // A key and its block value may share an indentation (`key:` then `- item`), hence 2 per level.
            let estimate = 2 * indentStack.count + indicators + deepestFlow + 1
            if estimate > maximumNesting {
                return (SourceLocation(line: lineNumber, column: indent + 1),
                        "the YAML is nested more than \(maximumNesting) levels deep; a storyboard needs five")
            }
        }
        return nil
    }

    /// Refuses aliases (`*name`) of anchors (`&name`) defined in the file.
    private func aliasProblem(_ text: String) -> (location: SourceLocation, message: String)? {
        var anchors: Set<Substring> = []
        var aliases: [(name: Substring, location: SourceLocation)] = []
        var lineNumber = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var previous: Character = " "
            var index = line.startIndex
            while index < line.endIndex {
                let character = line[index]
                let next = line.index(after: index)
                if character == "&" || character == "*", " [{,".contains(previous) {
                    let nameEnd = line[next...].firstIndex { " ,[]{}\r\t".contains($0) } ?? line.endIndex
                    let name = line[next..<nameEnd]
                    if !name.isEmpty {
                        if character == "&" {
                            anchors.insert(name)
                        } else {
                            let column = line.distance(from: line.startIndex, to: index) + 1
                            aliases.append((name, SourceLocation(line: lineNumber, column: column)))
                        }
                    }
                }
                previous = character
                index = next
            }
        }
        guard let alias = aliases.first(where: { anchors.contains($0.name) }) else { return nil }
        return (alias.location, "YAML anchors and aliases (`&\(alias.name)`, `*\(alias.name)`) are not supported "
            + "in storyboards; write the value out")
    }
}
