/// Why an encrypted journal could not be unlocked, created or given a new passphrase. The messages
/// name the file and never a passphrase or key.
public enum JournalEncryptionError: Error, Equatable, CustomStringConvertible {
    /// The passphrase does not open the journal.
    case wrongPassphrase(path: String)
    /// The recovery key does not open the journal.
    case wrongRecoveryKey(path: String)
    /// The file is a plain (unencrypted) journal where an encrypted one was expected.
    case notEncrypted(path: String)
    /// The file is an encrypted journal where a plain one was expected (e.g. `encrypt` twice).
    case alreadyEncrypted(path: String)
    /// The header is cut short, or asks for a version or costs this version does not know.
    case damagedHeader(path: String)
    /// The file could not be read or written.
    case cannotAccess(path: String)
    /// Not enough memory for the key derivation.
    case outOfMemory(path: String)
    /// An encrypted journal was opened without its key.
    case locked(path: String)
    /// The WAL beside the journal (`path` + "-wal") is another encrypted journal's.
    case foreignWAL(path: String)

    /// What went wrong with which file, for the user; never a passphrase or key.
    public var description: String {
        switch self {
        case .wrongPassphrase(let path):
            return "\(path): wrong passphrase (nothing was changed)"
        case .wrongRecoveryKey(let path):
            return "\(path): wrong recovery key (nothing was changed)"
        case .notEncrypted(let path):
            return "\(path) is not encrypted"
        case .alreadyEncrypted(let path):
            return "\(path) is already encrypted"
        case .damagedHeader(let path):
            return
                "\(path) is an encrypted journal whose header is damaged or from a newer version: restore it from a backup"
        case .cannotAccess(let path):
            return "\(path): cannot read or write the file"
        case .outOfMemory(let path):
            return "\(path): not enough memory to derive the key from the passphrase"
        case .locked(let path):
            return "\(path) is an encrypted journal: its passphrase is needed to open it"
        case .foreignWAL(let path):
            return
                "\(path)-wal belongs to another journal, not to \(path): move it away and open the journal again (nothing was changed)"
        }
    }
}
