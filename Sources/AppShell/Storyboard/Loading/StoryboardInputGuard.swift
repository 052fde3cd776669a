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
        if let problem = controlCharacterProblem(text) { return problem }
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

    /// Refuses aliases (`*name`) of anchors (`&name`) defined in the file. Scans bytes: the indicators
    /// are ASCII, and names are compared as bytes.
    private func aliasProblem(_ text: String) -> (location: SourceLocation, message: String)? {
        let bytes = Array(text.utf8)
        let delimiters: Set<UInt8> = Set(" ,[]{}\r\t\n".utf8)
        let openers: Set<UInt8> = Set(" [{,\n".utf8)
        var anchors: Set<ArraySlice<UInt8>> = []
        var aliases: [(name: ArraySlice<UInt8>, offset: Int)] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let previous = index == 0 ? UInt8(ascii: "\n") : bytes[index - 1]
            guard byte == UInt8(ascii: "&") || byte == UInt8(ascii: "*"), openers.contains(previous) else {
                index += 1
                continue
            }
            var end = index + 1
            while end < bytes.count, !delimiters.contains(bytes[end]) { end += 1 }
            let name = bytes[(index + 1)..<end]
            if !name.isEmpty {
                if byte == UInt8(ascii: "&") { anchors.insert(name) } else { aliases.append((name, index)) }
            }
            index = end
        }
        guard let alias = aliases.first(where: { anchors.contains($0.name) }) else { return nil }
        let name = String(decoding: alias.name, as: UTF8.self)
        return (Self.location(ofByteOffset: alias.offset, in: bytes),
                "YAML anchors and aliases (`&\(name)`, `*\(name)`) are not supported in storyboards; write the value out")
    }

    /// Refuses the control characters YAML does not allow (binary data), naming the first one.
    private func controlCharacterProblem(_ text: String) -> (location: SourceLocation, message: String)? {
        var line = 1, column = 1
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x0A {
                line += 1
                column = 1
                continue
            }
            let isAllowed = value == 0x09 || value == 0x0D || (0x20...0x7E).contains(value) || value == 0x85
                || (0xA0...0xD7FF).contains(value) || (0xE000...0xFFFD).contains(value) || value >= 0x10000
            if !isAllowed {
                let code = String(value, radix: 16, uppercase: true)
                let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
                return (SourceLocation(line: line, column: column),
                        "the file contains the control character U+\(padded); a storyboard is text (binary data?)")
            }
            column += 1
        }
        return nil
    }

    /// The line and column (in Unicode scalars) of a UTF-8 byte offset.
    private static func location(ofByteOffset offset: Int, in bytes: [UInt8]) -> SourceLocation {
        let lineStart = bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
        let line = bytes[..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(line: line, column: column)
    }
}
