import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An editor setting (`nvim`, `code --wait`, `vim -c 'set tw=72'`) read as a program and its
/// arguments, to be run directly, never by a shell: the line may come from a config file someone else
/// wrote, and nothing in it may run as a command. `$(…)`, backquotes, `;`, `|`, `&&`, `>`, `$VAR` and
/// `~` are plain characters of a word.
///
/// Words are separated by spaces or tabs; quotes group, as in a shell but without expansion:
/// `'…'` keeps everything inside as it is, `"…"` too except that `\"` and `\\` stand for `"` and `\`,
/// and a backslash outside quotes keeps the next character as it is (`my\ editor`).
public struct EditorCommandLine: Sendable, Equatable {
    /// The program (a name looked up in `PATH`, or a path) and its arguments, without the file.
    public let words: [String]

    /// Why a line is not a command.
    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong with the line (a quote left open, no word).
        public var description: String
    }

    /// Splits `line` into words; a quote left open, or a line with no word, is a ``Problem``.
    public init(_ line: String) throws(Problem) {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = line.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                var closed = false
                while let next = characters.next() {
                    if next == "'" { closed = true; break }
                    word.append(next)
                }
                guard closed else { throw Problem(description: "its quote ' is not closed") }
            case "\"":
                inWord = true
                var closed = false
                while let next = characters.next() {
                    if next == "\"" { closed = true; break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { break }
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        word.append(escaped)
                        continue
                    }
                    word.append(next)
                }
                guard closed else { throw Problem(description: "its quote \" is not closed") }
            case "\\":
                inWord = true
                if let escaped = characters.next() { word.append(escaped) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        guard !words.isEmpty else { throw Problem(description: "it names no program") }
        self.words = words
    }

    /// The program's path: the first word as it is when it holds a `/`, else the first executable
    /// file of that name in the folders of `searchPath` (`PATH`); nil when there is none.
    public func programPath(searchPath: String) -> String? {
        let program = words[0]
        if program.contains("/") { return program }
        for folder in searchPath.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (folder.isEmpty ? "." : String(folder)) + "/" + program
            var status = stat()
            if stat(candidate, &status) == 0, status.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }
}
