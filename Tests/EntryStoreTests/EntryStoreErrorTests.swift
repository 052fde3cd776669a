import EntryModel
import GRDB
import XCTest

/// SQLite errors become store errors with messages a user can act on.
final class EntryStoreErrorTests: XCTestCase {
    func testSQLiteResultCodesAreTranslated() {
        let path = "/db.sqlite"
        let cases: [(ResultCode, EntryStoreError)] = [
            (.SQLITE_BUSY, .locked(path: path)),
            (.SQLITE_LOCKED, .locked(path: path)),
            (.SQLITE_READONLY, .readOnly(path: path)),
            (
                ResultCode(rawValue: 8 | (3 << 8)),
                .cannotOpen(
                    path: path,
                    reason:  // SQLITE_READONLY_ROLLBACK: a hot journal
                        "it has a transaction left unfinished by a program that stopped (/db.sqlite-journal), which entries "
                        + "does not undo, not being the program that wrote it: open the file once, where it can be "
                        + "written, with that program or with sqlite3, and try again")
            ),
            (.SQLITE_CORRUPT, .corrupt(path: path, detail: "boom")),
            (.SQLITE_NOTADB, .corrupt(path: path, detail: "boom")),
            (.SQLITE_FULL, .diskFull(path: path)),
            (.SQLITE_CANTOPEN, .cannotOpen(path: path, reason: "boom")),
        ]
        for (code, expected) in cases {
            XCTAssertEqual(
                EntryStoreError(DatabaseError(resultCode: code, message: "boom"), path: path), expected, "\(code)")
        }
        guard
            case .other(let message) = EntryStoreError(
                DatabaseError(resultCode: .SQLITE_CONSTRAINT, message: "boom"), path: path)
        else {
            return XCTFail("a constraint error is .other")
        }
        XCTAssertTrue(message.contains("boom"))
    }

    func testStoreErrorsPassThroughUnchanged() {
        XCTAssertEqual(EntryStoreError(EntryStoreError.notFound(id: 3), path: "/x"), .notFound(id: 3))
    }

    func testMessagesNameThePathAndWhatToDo() {
        let path = "/home/ada/entries.sqlite"
        XCTAssertEqual(
            EntryStoreError.notADatabase(path: path).description,
            "\(path) is not an entries database (not SQLite): choose another file")
        XCTAssertEqual(EntryStoreError.readOnly(path: path).description, "\(path) is read-only: cannot add/edit/delete")
        XCTAssertEqual(EntryStoreError.notFound(id: 12).description, "no entry with id 12")
        for error: EntryStoreError in [
            .locked(path: path), .newerSchema(path: path), .corrupt(path: path, detail: "d"),
            .cannotCreate(path: path, reason: "r"), .diskFull(path: path), .foreignDatabase(path: path),
            .needsUpgrade(path: path), .cannotOpen(path: path, reason: "r"),
        ] {
            XCTAssertTrue(error.description.contains(path), error.description)
        }
    }
}
