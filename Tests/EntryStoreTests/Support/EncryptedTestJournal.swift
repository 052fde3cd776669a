import Foundation
import SQLiteStore

/// Encrypted journals for the shared repository tests: each a new file in a folder of this test
/// process, removed when the process exits (its repositories live until then).
enum EncryptedTestJournal {
    /// The folder of this process's encrypted journals.
    static var folder: String { NSTemporaryDirectory() + "EntryStoreTests-encrypted-\(getpid())" }

    private nonisolated(unsafe) static var cleanupRegistered = false

    /// A new encrypted journal, open (the cheapest key derivation: these test the store, not the KDF).
    static func make() throws -> EntryDatabase {
        if !cleanupRegistered {
            cleanupRegistered = true
            atexit {
                try? FileManager.default.removeItem(
                    atPath: NSTemporaryDirectory() + "EntryStoreTests-encrypted-\(getpid())")
            }
        }
        let path = folder + "/" + UUID().uuidString + ".sqlite"
        return try EntryDatabase.createEncrypted(
            path: path, passphrase: Passphrase(bytes: Array("test passphrase".utf8)), cost: .fastest
        ).database
    }
}
