/// A word as a shell has it on the command line, before quote removal.
enum ShellWord {
    /// The word with its quotes and backslashes removed (`'my ta` -> `my ta`, `a\ b` -> `a b`), as the
    /// shell will read it. Nothing is expanded: `$` and backquotes stay as they are. The shells pass
    /// the word being completed as typed; candidates are compared with what it will mean.
    static func dequoted(_ word: String) -> String {
        var result = ""
        var quote: Character?
        var escaped = false
        for character in word {
            if escaped {
                result.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if open == "\"" && character == "\\" {
                    escaped = true
                } else {
                    result.append(character)
                }
            } else if character == "\\" {
                escaped = true
            } else if character == "'" || character == "\"" {
                quote = character
            } else {
                result.append(character)
            }
        }
        return result
    }
}
