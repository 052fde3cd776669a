import Foundation
import GRDB
import GRDBSQLite

/// The full-text index's own tokenizer (`unicode61 remove_diacritics 2`, as the v1 schema declares
/// `entryFTS`), run from Swift through the ``FTS5API``: the terms FTS5 makes of a text, case and
/// accents folded exactly as the index folds them ("Mée" → "mee").
///
/// ``PrefixCompletions`` looks a typed prefix up among the index's terms, which only works with the
/// term FTS5 itself would look for; a fold written in Swift could differ on some letter.
struct IndexTokenizer {
    /// The tokenizer and its arguments, as in `CREATE VIRTUAL TABLE entryFTS … tokenize = '…'`.
    static let name = "unicode61"
    static let arguments = ["remove_diacritics", "2"]

    private let api: UnsafePointer<fts5_api>

    init(_ db: Database) throws {
        api = try FTS5API.pointer(db)
    }

    /// The terms of `text`, in order, or nil when the tokenizer cannot be made.
    func terms(_ text: String) -> [String]? {
        var module = fts5_tokenizer()
        var context: UnsafeMutableRawPointer?
        let found = Self.name.withCString { name in
            api.pointee.xFindTokenizer(UnsafeMutablePointer(mutating: api), name, &context, &module)
        }
        guard found == SQLITE_OK, let create = module.xCreate, let delete = module.xDelete,
            let tokenize = module.xTokenize
        else {
            return nil
        }
        var tokenizer: OpaquePointer?
        let created = Self.withCStrings(Self.arguments) { arguments in
            create(context, arguments.baseAddress, Int32(arguments.count), &tokenizer)
        }
        guard created == SQLITE_OK, let tokenizer else { return nil }
        defer { delete(tokenizer) }
        var collected = Terms()
        let code = withUnsafeMutablePointer(to: &collected) { collectedPointer in
            var bytes = Array(text.utf8)
            return bytes.withUnsafeMutableBufferPointer { buffer in
                // No bytes, no terms (an empty array may have no address at all).
                guard let base = buffer.baseAddress else { return SQLITE_OK }
                return base.withMemoryRebound(to: CChar.self, capacity: max(1, buffer.count)) { start in
                    tokenize(tokenizer, collectedPointer, FTS5_TOKENIZE_QUERY, start, Int32(buffer.count), Self.collect)
                }
            }
        }
        return code == SQLITE_OK ? collected.terms : nil
    }

    /// Where ``collect`` puts the terms.
    private struct Terms {
        var terms: [String] = []
    }

    /// The C callback: one call per term.
    private static let collect:
        @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = {
            context, flags, token, length, _, _ in
            guard let context, let token else { return SQLITE_OK }
            // A colocated synonym (FTS5_TOKEN_COLOCATED) is not a term of its own; unicode61 makes none.
            guard flags & FTS5_TOKEN_COLOCATED == 0 else { return SQLITE_OK }
            let bytes = UnsafeRawBufferPointer(start: token, count: Int(length))
            context.assumingMemoryBound(to: Terms.self).pointee.terms.append(String(decoding: bytes, as: UTF8.self))
            return SQLITE_OK
        }

    /// Runs `body` with `strings` as an array of C strings.
    private static func withCStrings<T>(
        _ strings: [String], _ body: (UnsafeMutableBufferPointer<UnsafePointer<CChar>?>) -> T
    ) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeMutableBufferPointer { body($0) }
    }
}
