import ArgumentParser

/// `entries completions bash|zsh|fish`: the completion script for a shell, generated from the
/// command definitions (so it always matches them), with tags and ids completed from the database.
struct CompletionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            Completes subcommands and options, the tags of your journal after --tag, and the ids of \
            its newest entries after show, edit and delete. `make install` installs all three. By hand:
              bash:  entries completions bash > ~/.local/share/bash-completion/completions/entries
              zsh:   entries completions zsh > ~/.zfunc/_entries   (with ~/.zfunc in $fpath)
              fish:  entries completions fish > ~/.config/fish/completions/entries.fish
            """
    )

    /// The shells ArgumentParser writes scripts for.
    enum Shell: String, CaseIterable, ExpressibleByArgument {
        case bash, zsh, fish
    }

    @Argument(help: "bash, zsh or fish.")
    var shell: Shell

    func run() throws {
        guard let completionShell = CompletionShell(rawValue: shell.rawValue) else { return }
        let script = EntriesCommand.completionScript(for: completionShell)
        // Tags come from strangers: bash must get them as data, not as words to expand.
        try StandardStreams.writeOutput(shell == .bash ? BashCompletionScript.candidatesAsData(script) : script)
    }
}
