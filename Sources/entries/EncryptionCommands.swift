import ArgumentParser
import EntryModel
import Foundation
import PostgreSQLAddress
import SQLiteStore

/// What every command that encrypts says, once: the recovery key, and what forgetting loses.
enum EncryptionNotice {
    static func recovery(_ key: RecoveryKey, path: String) -> String {
        """
        \(TerminalText.visible(path)) is encrypted. Forgetting the passphrase loses the journal: nobody, \
        not entries, can open it without the passphrase or this recovery key. Write the key down and \
        keep it apart from the computer (it is shown only now):

            \(key)

        `entries passphrase --recovery-key` opens the journal with it to set a new passphrase.

        """
    }

    /// Encryption is for SQLite journals; a PostgreSQL server's disk is its operator's to encrypt.
    static func refusePostgreSQL(_ access: DatabaseAccess) throws {
        if PostgreSQLLocation.isPostgreSQL(access.path) {
            throw ValidationError(
                "a PostgreSQL journal is not encrypted by entries (its server's disk is its operator's to encrypt); encryption is for SQLite journals"
            )
        }
    }
}

/// `entries init [--encrypted]`: a new, empty journal.
struct InitCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new, empty journal (encrypted with --encrypted).",
        discussion: """
            With --encrypted, the passphrase is asked twice on the terminal without echo (or taken from \
            the command in $ENTRIES_PASSPHRASE_COMMAND, run without a shell), and a recovery key is \
            printed once. Every page of the journal, its WAL and its rollback journal is encrypted \
            (AES-256-GCM, the key wrapped by Argon2id of the passphrase); search works as on a \
            plain journal.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Encrypt the new journal with a passphrase.")
    var encrypted = false

    func execute() throws {
        let access = try global.databaseAccess()
        try EncryptionNotice.refusePostgreSQL(access)
        let path = access.path
        if FileManager.default.fileExists(atPath: path) {
            throw EntryStoreError.cannotCreate(
                path: path, reason: "a file is already there (`entries encrypt` encrypts a journal)")
        }
        if encrypted {
            let passphrase = try PassphraseReader(environment: access.environment).newPassphrase(
                for: path, purpose: "New passphrase")
            let created = try EntryDatabase.createEncrypted(path: path, passphrase: passphrase)
            try created.database.close()
            try StandardStreams.writeOutput(EncryptionNotice.recovery(created.recoveryKey, path: path))
        } else {
            try EntryDatabase(path: path).close()
            try StandardStreams.writeOutput("Created an empty journal at \(TerminalText.visible(path)).\n")
        }
    }
}

/// `entries encrypt`: a plain journal made encrypted, all or nothing.
struct EncryptCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "encrypt",
        abstract: "Encrypt the journal with a passphrase (all or nothing).",
        discussion: """
            The journal is copied, encrypted, into a new file beside it, which replaces it only once \
            complete and checked: stopped at any point, the journal is as it was. Close entries in other \
            terminals first (a journal open elsewhere is refused). The old file's disk blocks are freed, \
            not overwritten.
            """
    )

    @OptionGroup var global: GlobalOptions

    func execute() throws {
        let access = try global.databaseAccess()
        try EncryptionNotice.refusePostgreSQL(access)
        let path = access.path
        if JournalKey.isEncrypted(path: path) { throw JournalEncryptionError.alreadyEncrypted(path: path) }
        guard FileManager.default.fileExists(atPath: path) else { throw CommandError.noDatabase(path: path) }
        let passphrase = try PassphraseReader(environment: access.environment).newPassphrase(
            for: path, purpose: "New passphrase")
        let recoveryKey = try JournalConversion.encrypt(path: path, passphrase: passphrase)
        try StandardStreams.writeOutput(EncryptionNotice.recovery(recoveryKey, path: path))
    }
}

/// `entries decrypt`: an encrypted journal made plain, all or nothing.
struct DecryptCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "decrypt",
        abstract: "Decrypt the journal: it is then kept in the clear (all or nothing).",
        discussion: """
            The journal is copied, in the clear, into a new file beside it, which replaces it only once \
            complete and checked. Close entries in other terminals first.
            """
    )

    @OptionGroup var global: GlobalOptions

    func execute() throws {
        let access = try global.databaseAccess()
        try EncryptionNotice.refusePostgreSQL(access)
        let path = access.path
        guard FileManager.default.fileExists(atPath: path) else { throw CommandError.noDatabase(path: path) }
        guard let key = try access.encryptionKey() else { throw JournalEncryptionError.notEncrypted(path: path) }
        try JournalConversion.decrypt(path: path, key: key)
        try StandardStreams.writeOutput("\(TerminalText.visible(path)) is decrypted: it is no longer encrypted.\n")
    }
}

/// `entries passphrase`: a new passphrase for an encrypted journal (the key is rewrapped: instant at any size).
struct PassphraseChangeCommand: EntriesSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "passphrase",
        abstract: "Change the passphrase of an encrypted journal.",
        discussion: """
            Asks the current passphrase (or, with --recovery-key, the recovery key), then the new one \
            twice. Only the journal's header changes, in one write: it takes the same time at any size. \
            The recovery key keeps working. With $ENTRIES_PASSPHRASE_COMMAND set, its output is the \
            current passphrase, and the new one is asked on the terminal or printed by the command in $ENTRIES_NEW_PASSPHRASE_COMMAND.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Open the journal with its recovery key (asked on the terminal) instead of the passphrase.")
    var recoveryKey = false

    func execute() throws {
        let access = try global.databaseAccess()
        try EncryptionNotice.refusePostgreSQL(access)
        let path = access.path
        guard FileManager.default.fileExists(atPath: path) else { throw CommandError.noDatabase(path: path) }
        guard JournalKey.isEncrypted(path: path) else { throw JournalEncryptionError.notEncrypted(path: path) }
        let key: JournalKey
        if recoveryKey {
            let typed = try TerminalPassphrasePrompt.ask("Recovery key for \(TerminalText.visible(path)): ")
            guard let parsed = typed.withUTF8String(RecoveryKey.init(parsing:)) else {
                throw JournalEncryptionError.wrongRecoveryKey(path: path)
            }
            key = try JournalKey.unlock(path: path, recoveryKey: parsed)
        } else {
            guard let unlocked = try access.encryptionKey() else {
                throw JournalEncryptionError.notEncrypted(path: path)
            }
            key = unlocked
        }
        // The new passphrase: from its own command when set (the other gave the current one), else the terminal.
        var forNew = access.environment
        forNew[PassphraseReader.commandVariable] = access.environment[PassphraseReader.newCommandVariable]
        let passphrase = try PassphraseReader(environment: forNew).newPassphrase(for: path, purpose: "New passphrase")
        try key.changePassphrase(path: path, to: passphrase)
        try StandardStreams.writeOutput(
            "The passphrase of \(TerminalText.visible(path)) is changed; the recovery key still opens it.\n")
    }
}
