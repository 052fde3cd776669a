/// Makes the bash script ArgumentParser writes treat the journal's tags and ids as data.
///
/// ArgumentParser hands a custom completion's output to `compgen -W "$(…)"`, and bash expands every
/// word of that list as shell code: a tag `$(touch ~/x)` or `` `id` `` would run on Tab. Here each
/// such call becomes a call of `__entries_add_data_completions`, which reads the candidates line by
/// line, compares them with the typed word literally, and quotes them with `printf %q` for insertion.
/// Nothing in a candidate is expanded. (zsh and fish already treat the output as data.)
enum BashCompletionScript {
    /// The function that replaces `compgen -W "$(…)"` for candidates from the database.
    static let dataFunctionName = "__entries_add_data_completions"

    /// The bash functions added to the script: the literal completer and a dequoter for the typed word.
    static let dataFunctions = #"""
        # Candidates from the journal (tags, ids) are data, never shell words: read line by line,
        # compared with the typed word literally, and quoted with printf %q for insertion. Never
        # `compgen -W`, which would expand $(…), `…`, globs and quotes in a tag.
        __entries_add_data_completions() {
            local typed candidate quoted
            __entries_dequote_word "${cur}" typed
            # Filename handling would append / to a tag that names a folder; quoting is done here.
            compopt +o filenames 2>/dev/null
            while IFS='' read -r candidate; do
                [[ -n "${candidate}" && "${candidate}" == "${typed}"* ]] || continue
                printf -v quoted '%q' "${candidate}"
                COMPREPLY+=("${quoted}")
            done < <("${@}")
        }

        # The word as bash will read it ('a b' -> a b, a\ b -> a b), without expanding anything.
        __entries_dequote_word() {
            local text="${1}" result='' quote='' char
            local -i index
            for ((index = 0; index < ${#text}; index++)); do
                char="${text:index:1}"
                if [[ -z "${quote}" ]]; then
                    case "${char}" in
                    \\) ((index++)); result+="${text:index:1}" ;;
                    \'|\") quote="${char}" ;;
                    *) result+="${char}" ;;
                    esac
                elif [[ "${char}" == "${quote}" ]]; then
                    quote=''
                elif [[ "${quote}" == '"' && "${char}" == \\ ]]; then
                    ((index++)); result+="${text:index:1}"
                else
                    result+="${char}"
                fi
            done
            printf -v "${2}" '%s' "${result}"
        }


        """#

    /// The script with every custom completion routed through `__entries_add_data_completions`.
    /// `prefix` is ArgumentParser's function prefix (`__entries`).
    static func candidatesAsData(_ script: String, prefix: String = "__entries") -> String {
        let unsafeStart = "\(prefix)_add_completions -W \"$(\(prefix)_custom_complete "
        var lines: [String] = []
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            // `    __entries_add_completions -W "$(__entries_custom_complete ARGS)"` -> `    __entries_add_data_completions __entries_custom_complete ARGS`
            if let start = line.range(of: unsafeStart), line.hasSuffix(")\"") {
                let indent = line[..<start.lowerBound]
                let arguments = line[start.upperBound..<line.index(line.endIndex, offsetBy: -2)]
                lines.append("\(indent)\(dataFunctionName) \(prefix)_custom_complete \(arguments)")
            } else {
                lines.append(String(line))
            }
        }
        // Functions are looked up when Tab is pressed, so they can follow the `complete` line.
        let result = lines.joined(separator: "\n") + "\n" + dataFunctions
        return result
    }
}
