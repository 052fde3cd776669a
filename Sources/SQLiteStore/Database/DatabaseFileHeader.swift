import GRDB
import GRDBSQLite

/// The first 100 bytes of a connection's database file, read and written through SQLite's own file
/// handle (a descriptor of our own, once closed, would drop every lock the process holds on the
/// file: <https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_>).
///
/// Why: ``ExclusiveImportJournal`` switches a file to rollback-journal mode and back, and each switch
/// is a commit in rollback mode, which counts a change in the header (the file change counter at
/// offset 24, copied at offset 92). An import that then fails would leave a journal that differs
/// from the one it was given in those 8 bytes; a file a write finds damaged must stay byte for byte
/// as it was. In WAL mode SQLite does not use the counter (<https://www.sqlite.org/fileformat2.html#file_change_counter>),
/// so putting the earlier value back changes nothing else.
struct DatabaseFileHeader: Equatable {
    static let size = 100
    /// Where the change counter and its copy ("version-valid-for") are.
    private static let counterOffsets: [Int64] = [24, 92]

    private(set) var bytes: [UInt8]

    /// The header as the file holds it now, nil if it cannot be read.
    init?(_ db: Database) {
        guard let file = Self.file(db), let read = file.pointee.pMethods?.pointee.xRead else { return nil }
        var bytes = [UInt8](repeating: 0, count: Self.size)
        let code = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, Int32(Self.size), 0) }
        guard code == SQLITE_OK else { return nil }
        self.bytes = bytes
    }

    /// True when the file format's write and read versions (bytes 18 and 19) are 2: WAL mode.
    /// See <https://www.sqlite.org/fileformat.html#file_format_version_numbers>.
    var isInWALMode: Bool { bytes[18] == 2 && bytes[19] == 2 }

    /// Whether `other` is this header but for the change counters.
    func differsOnlyInChangeCounters(from other: Self) -> Bool {
        var masked = (self.bytes, other.bytes)
        for offset in Self.counterOffsets {
            for index in Int(offset)..<Int(offset) + 4 {
                masked.0[index] = 0
                masked.1[index] = 0
            }
        }
        return masked.0 == masked.1
    }

    /// Writes this header's change counters into the file of `db`; false if that failed.
    func writeChangeCounters(_ db: Database) -> Bool {
        guard let file = Self.file(db), let write = file.pointee.pMethods?.pointee.xWrite else { return false }
        for offset in Self.counterOffsets {
            let counter = Array(bytes[Int(offset)..<Int(offset) + 4])
            let code = counter.withUnsafeBytes { write(file, $0.baseAddress, 4, offset) }
            guard code == SQLITE_OK else { return false }
        }
        return true
    }

    private static func file(_ db: Database) -> UnsafeMutablePointer<sqlite3_file>? {
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
            file?.pointee.pMethods != nil
        else { return nil }
        return file
    }
}
