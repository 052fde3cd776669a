import EntryModel
import GRDB
import GRDBSQLite

/// A prepared statement driven through the SQLite C API.
///
/// GRDB binds and reads text as C strings, which would cut a text at its first NUL byte; entries keep
/// their text byte for byte, so text goes through `sqlite3_bind_text`/`sqlite3_column_text` with
/// explicit lengths here. Reusing one `RawStatement` for many rows is also the bulk-insert fast path.
struct RawStatement {
    private let handle: OpaquePointer
    private let connection: OpaquePointer?
    private let sql: String

    /// Prepares (or reuses from GRDB's statement cache) the statement for `sql`, ready to bind.
    init(_ db: Database, sql: String) throws {
        let statement = try db.cachedStatement(sql: sql)
        handle = statement.sqliteStatement
        connection = db.sqliteConnection
        self.sql = sql
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Makes the statement ready to run again with new values.
    func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds `text` to the parameter at `index` (1-based), NUL bytes included.
    func bind(_ text: String, at index: Int32) throws {
        var text = text
        let code = text.withUTF8 { bytes -> Int32 in
            // A nil base address would bind NULL; an empty text must stay an empty text.
            guard let base = bytes.baseAddress, bytes.count > 0 else {
                return sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
            }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(handle, index, $0, Int32(clamping: bytes.count), sqliteTransient)
            }
        }
        try check(code)
    }

    /// Binds `text` to the parameter at `index` (1-based) through a copy in `arena`, which SQLite
    /// reads in place (see ``TextArena``).
    func bind(_ text: String, at index: Int32, copyingInto arena: TextArena) throws {
        let bytes = arena.copy(text)
        guard let base = bytes.baseAddress, bytes.count > 0 else {
            // A nil address would bind NULL; an empty text must stay an empty text.
            return try check(sqlite3_bind_text(handle, index, "", 0, sqliteTransient))
        }
        try check(
            sqlite3_bind_text(
                handle, index, base.assumingMemoryBound(to: CChar.self), Int32(clamping: bytes.count), nil))
    }

    /// Binds `bytes` as a BLOB to the parameter at `index` (1-based); empty bytes are an empty BLOB.
    func bind(_ bytes: [UInt8], at index: Int32) throws {
        let code = bytes.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return sqlite3_bind_zeroblob(handle, index, 0)
            }
            return sqlite3_bind_blob(handle, index, base, Int32(clamping: buffer.count), sqliteTransient)
        }
        try check(code)
    }

    /// Binds `bytes` as a BLOB through a copy in `arena`, which SQLite reads in place (see ``TextArena``).
    func bind(_ bytes: [UInt8], at index: Int32, copyingInto arena: TextArena) throws {
        let copy = arena.copy(bytes)
        guard let base = copy.baseAddress, copy.count > 0 else {
            return try check(sqlite3_bind_zeroblob(handle, index, 0))
        }
        try check(sqlite3_bind_blob(handle, index, base, Int32(clamping: copy.count), nil))
    }

    /// Binds an integer to the parameter at `index` (1-based).
    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    /// Runs the statement one step: true when a row is ready to read, false when it has finished.
    @discardableResult
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // The error message must be read before the reset, which would replace it.
            let error = makeError(code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows, then resets it.
    func run() throws {
        try step()
        reset()
    }

    /// Runs a statement that returns no rows, then resets it but keeps its bound values, so that the
    /// next run only binds what changes.
    func runKeepingBindings() throws {
        try step()
        sqlite3_reset(handle)
    }

    /// The text in column `index` (0-based) of the current row, NUL bytes included ("" for NULL).
    func text(at index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The text in column `index`, or nil when it is NULL.
    func optionalText(at index: Int32) -> String? {
        sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : text(at: index)
    }

    /// The integer in column `index` (0-based) of the current row.
    func int64(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }

    /// The number in column `index` (0-based) of the current row, as a double.
    func double(at index: Int32) -> Double {
        sqlite3_column_double(handle, index)
    }

    /// Whether column `index` of the current row is NULL.
    /// Whether the column `index` of the current row is text.
    func isText(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_TEXT
    }

    func isNull(at index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    private func check(_ code: Int32) throws {
        if code != SQLITE_OK { throw makeError(code) }
    }

    private func makeError(_ code: Int32) -> DatabaseError {
        let message = connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
    }
}

/// SQLite's SQLITE_TRANSIENT: SQLite copies the bound bytes before the call returns.
let sqliteTransient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
