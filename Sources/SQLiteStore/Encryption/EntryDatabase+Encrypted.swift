import EntryModel
import Foundation

extension EntryDatabase {
    /// A new encrypted journal and its recovery key.
    public struct CreatedEncrypted {
        /// The journal, open.
        public let database: EntryDatabase
        /// The key that opens it when the passphrase is forgotten: show it once, never store it.
        public let recoveryKey: RecoveryKey
        /// The journal's key, to open it again in this process without deriving it again.
        public let key: JournalKey
    }

    /// Creates an encrypted journal at `path`, which must not exist: its folder (0700) and file
    /// (0600), the header (a new data key wrapped by `passphrase` and by a new recovery key), then
    /// the schema, written through the cipher, with a full-text index whose rows fit its pages
    /// (`EncryptedFullTextPages`). On failure nothing is left at `path`.
    public static func createEncrypted(
        path: String, passphrase: Passphrase, cost: JournalKey.Cost = .standard, configuration: Configuration = .init()
    ) throws -> CreatedEncrypted {
        if FileKind(path) != nil { throw EntryStoreError.cannotCreate(path: path, reason: "a file is already there") }
        try DatabaseFile.createFolder(for: path)
        guard try DatabaseFile.createPrivateFile(at: path) else {
            throw EntryStoreError.cannotCreate(path: path, reason: "another program created the file meanwhile")
        }
        do {
            let (key, recoveryKey) = try JournalKey.create(path: path, passphrase: passphrase, cost: cost)
            var configuration = configuration
            configuration.encryptionKey = key
            configuration.readOnly = false
            let database = try EntryDatabase(path: path, configuration: configuration)
            do {
                try database.entries.writer.write { try EncryptedFullTextPages.configure($0) }
            } catch {
                try? database.close()
                throw error
            }
            return CreatedEncrypted(database: database, recoveryKey: recoveryKey, key: key)
        } catch {
            for suffix in ["-wal", "-shm", "-journal", ""] { unlink(path + suffix) }
            throw error
        }
    }
}
