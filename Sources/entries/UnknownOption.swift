import ArgumentParser

/// An option a subcommand does not declare (`entries list --bogus x`, `entries read --tagz 5`), found
/// before ArgumentParser reads the command line.
///
/// ArgumentParser keeps an unknown option aside and first gives the words after it to the command's
/// positional arguments: the word the option was meant to take became a date or an id, and the error
/// blamed that ("a date after `list` is read only with --on-this-day", "The value 'x' is invalid for
/// '<ids>'", "Missing expected argument '--to'") instead of the option. Here every argument before `--`
/// is read against what the subcommand declares (its options, its parents' and the root's, from
/// ArgumentParser's own description of them), so the unknown option is named first.
///
/// The free-text commands (`add`, `search`) are left to ``FreeTextArguments``, which keeps an unknown
/// `--name` an option for ArgumentParser to refuse (with its suggestion of the option meant).
struct UnknownOption {
    /// The option as typed (`--bogus`, `--bogus=1`).
    let option: String
    /// The subcommand it follows.
    let command: any ParsableCommand.Type
    /// The words that name the subcommand (`["trash", "restore"]`).
    let path: [String]

    /// The usage error, worded and laid out as ArgumentParser's own for an unknown option.
    var message: String {
        let name = (["entries"] + path).joined(separator: " ")
        return "Error: Unknown option '\(option)'\nUsage: \(EntriesCommand.usageString(for: command))\n"
            + "  See '\(name) --help' for more information."
    }

    /// The first `--name` (or `--name=value`) in `arguments` (without the program name) that the
    /// subcommand it follows does not declare, or nil.
    static func first(in arguments: [String]) -> UnknownOption? {
        if arguments.first == "---completion" { return nil }
        var command: any ParsableCommand.Type = EntriesCommand.self
        var table = FreeTextArguments.OptionTable(EntriesCommand.self)
        var path: [String] = []
        var positionalSeen = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" { return nil }
            if argument.hasPrefix("-") {
                // The root's own unknown options are ArgumentParser's (`entries --bogus`).
                if !path.isEmpty, table.isUnknownLongOption(argument) {
                    return UnknownOption(option: argument, command: command, path: path)
                }
                if table.takesSeparateValue(argument) { index += 1 }
                continue
            }
            if !positionalSeen,
                let subcommand = command.configuration.subcommands.first(where: { $0._commandName == argument })
            {
                if path.isEmpty, FreeTextArguments.commands[argument] != nil { return nil }
                command = subcommand
                table = FreeTextArguments.OptionTable(subcommand).merging(table)
                // A command that runs a subcommand when none is named (`entries tag` lists the tags)
                // takes that subcommand's options too (`entries tag --json`).
                if let fallback = subcommand.configuration.defaultSubcommand {
                    table = FreeTextArguments.OptionTable(fallback).merging(table)
                }
                path.append(argument)
                continue
            }
            positionalSeen = true
        }
        return nil
    }
}
