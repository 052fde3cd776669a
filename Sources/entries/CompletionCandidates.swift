import AppFactory
import ArgumentParser
import EntryModel
import SQLiteStore
import Foundation

/// What the shell completion scripts offer for values only the database knows: the tags for `--tag`
/// and the ids of entries for `show`, `edit` and `delete`. The scripts run
/// `entries ---completion …` on every Tab, which calls these.
///
/// A completion must never get in the way: it opens the database read-only (never creating or seeding
/// it), gives up after a second, and offers nothing rather than printing an error. Candidates holding
/// control characters are left out: the shell would print them to the terminal as they are. The
/// candidates are data for every shell: bash's script reads them line by line (`BashCompletionScript`),
/// and colons are escaped for zsh, whose `_describe` would take the text after one for a description.
enum CompletionCandidates {
    /// How many of the newest entries' ids are offered.
    static let idLimit = 500

    /// The tags in use, most used first. `words` are the command line typed so far.
    @Sendable static func tags(_ words: [String], _ cursor: Int, _ prefix: String) -> [String] {
        let tags = (try? openDatabase(words)?.entries.tags()) ?? []
        let typed = ShellWord.dequoted(prefix)
        return forRequestingShell(tags.map(\.tag).filter { isPlain($0) && $0.hasPrefix(typed) })
    }

    /// The ids of the newest entries, newest first.
    @Sendable static func ids(_ words: [String], _ cursor: Int, _ prefix: String) -> [String] {
        let request = PageRequest(order: .newest, filter: EntryFilter(), anchor: .start, limit: idLimit)
        let page = (try? openDatabase(words)?.entries.page(request)) ?? []
        return page.map { String($0.id) }.filter { $0.hasPrefix(prefix) }
    }

    /// The journals the config names (and `default`), for `-j`.
    @Sendable static func journals(_ words: [String], _ cursor: Int, _ prefix: String) -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let userConfiguration =
            (try? UserConfigurationFile.load(environment: environment)) ?? UserConfiguration(path: "")
        let typed = ShellWord.dequoted(prefix)
        return userConfiguration.journalsByName(environment: environment).map(\.name).filter { $0.hasPrefix(typed) }
    }

    /// The database the completed command would use (`--database` or `-j` typed on the line, else the
    /// usual rules), opened read-only; nil when there is none yet or the name is unknown.
    private static func openDatabase(_ words: [String]) throws -> EntryDatabase? {
        let environment = ProcessInfo.processInfo.environment
        // An invalid config file is reported by the command itself; completion makes do without it.
        let userConfiguration =
            (try? UserConfigurationFile.load(environment: environment)) ?? UserConfiguration(path: "")
        let chosen = try? EffectiveSettings.journal(
            databaseFlag: typedDatabase(words), journalFlag: typedJournal(words),
            environment: environment, configuration: userConfiguration)
        guard let chosen else { return nil }
        let path = chosen.location.value
        guard !path.hasPrefix("postgres") else { return nil }
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // Completion never asks for a passphrase: an encrypted journal completes nothing.
        guard !JournalKey.isEncrypted(path: path) else { return nil }
        var configuration = EntryDatabase.Configuration()
        configuration.readOnly = true
        configuration.createIfMissing = false
        configuration.busyTimeout = 1
        configuration.queryTimeLimit = 1
        return try EntryDatabase(path: path, configuration: configuration)
    }

    /// The value of `--database PATH` or `--database=PATH` on the typed line, if any.
    static func typedDatabase(_ words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "--database", index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix("--database=") {
                found = String(word.dropFirst("--database=".count))
            }
        }
        return found
    }

    /// The value of `-j NAME`, `--journal NAME` or `--journal=NAME` on the typed line, if any.
    static func typedJournal(_ words: [String]) -> String? {
        var found: String?
        for (index, word) in words.enumerated() {
            if word == "-j" || word == "--journal", index + 1 < words.count {
                found = words[index + 1]
            } else if word.hasPrefix("--journal=") {
                found = String(word.dropFirst("--journal=".count))
            }
        }
        return found
    }

    /// zsh's `_describe` reads `value:description`: a colon in a tag is escaped to stay in the value.
    private static func forRequestingShell(_ candidates: [String]) -> [String] {
        guard CompletionShell.requesting == .zsh else { return candidates }
        return candidates.map {
            $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: ":", with: "\\:")
        }
    }

    /// No control characters (C0, DEL, C1) and no line breaks: safe for a shell to print.
    private static func isPlain(_ text: String) -> Bool {
        !text.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.properties.generalCategory == .lineSeparator
                || $0.properties.generalCategory == .paragraphSeparator
        }
    }
}
