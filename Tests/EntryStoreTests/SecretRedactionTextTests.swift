import EntryModel
import XCTest

/// The one redaction of passwords in shown text: what is masked, and that the rest of a message reads
/// as it did.
final class SecretRedactionTextTests: XCTestCase {
    func testPasswordsAreMaskedAndTheRestIsKept() {
        let rows: [(String, String)] = [
            ("postgresql://ann:s3cret@db.example/journal", "postgresql://ann:***@db.example/journal"),
            (
                "postgres://ann:p@ss:w@rd@[::1]:5432/j?sslmode=disable",
                "postgres://ann:***@[::1]:5432/j?sslmode=disable"
            ),
            (
                "malformed database location postgresql://u@h/x?password=s3cret: it holds a password (password=): put it in PGPASSWORD",
                "malformed database location postgresql://u@h/x?password=***: it holds a password (password=): put it in PGPASSWORD"
            ),
            (
                "postgresql://u@h/x?sslmode=require&PassWord=a%20b&host=%2Ftmp",
                "postgresql://u@h/x?sslmode=require&PassWord=***&host=%2Ftmp"
            ),
            ("postgresql://u@h/x?sslpassword=k#frag", "postgresql://u@h/x?sslpassword=***#frag"),
            ("two: a://x:1@h and b://y:2@h/", "two: a://x:***@h and b://y:***@h/"),
        ]
        for (text, shown) in rows {
            XCTAssertEqual(SecretRedaction.redacted(text), shown, text)
        }
    }

    func testTextWithoutAPasswordIsUnchanged() {
        for text in [
            "/home/ann/journal.sqlite", "postgresql://ann@db.example:5432/journal?sslmode=require",
            "https://example.com/a:b",
            "no password here", "password: none", "a://host:5432/x", "",
        ] {
            XCTAssertEqual(SecretRedaction.redacted(text), text)
        }
    }
}
