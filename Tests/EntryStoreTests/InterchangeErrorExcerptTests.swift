@testable import EntryInterchange
@testable import EntryModel
import Foundation
import XCTest

/// An import error quotes what it objects to as a bounded excerpt: the message for megabytes of
/// junk is as long as the message for a kilobyte of it (2 MB of NUL bytes once took 90 s to print).
final class InterchangeErrorExcerptTests: XCTestCase {
    func testAHugeUnknownColumnIsQuotedAsAnExcerpt() {
        let small = Self.message(importingCSV: Data(count: 1_000))
        let large = Self.message(importingCSV: Data(count: 2_000_000))
        XCTAssertLessThan(large.count, 400, large)
        // The same message but for the length it states.
        XCTAssertEqual(small.filter { !$0.isNumber }, large.filter { !$0.isNumber })
        XCTAssertTrue(large.contains("…\" (2000000 characters)"), large)
    }

    func testHugeValuesInFieldsAreQuotedAsExcerpts() {
        let hugeDate = String(repeating: "\u{0}", count: 1_000_000)
        let csv = Self.message(importingCSV: Data("title,created\nx,\(hugeDate)\n".utf8))
        XCTAssertLessThan(csv.count, 400, csv)
        let json = "[{\"title\": \"x\", \"createdAt\": \"\(String(repeating: "9", count: 1_000_000))\"}]"
        var message = ""
        do { _ = try EntryJSONFormat.drafts(from: Data(json.utf8)) } catch { message = error.description }
        XCTAssertLessThan(message.count, 400, message)
        XCTAssertFalse(message.isEmpty)
        let manyColumns = (0..<100_000).map { "c\($0)" }.joined(separator: ",")
        let columns = Self.message(importingCSV: Data("title,\(manyColumns)\n".utf8))
        XCTAssertLessThan(columns.count, 400, columns)
        XCTAssertTrue(columns.contains("and 99995 more"), columns)
    }

    func testShortValuesAreQuotedWhole() {
        XCTAssertEqual(QuotedExcerpt.quoted("yesterday"), "\"yesterday\"")
        XCTAssertEqual(
            QuotedExcerpt.quoted(String(repeating: "x", count: 60)), "\"" + String(repeating: "x", count: 60) + "\"")
        XCTAssertEqual(QuotedExcerpt.quoted("abcdef", limit: 3), "\"abc…\" (6 characters)")
        XCTAssertEqual(QuotedExcerpt.list(["a", "b"], limit: 5), "a, b")
    }

    private static func message(importingCSV data: Data) -> String {
        do {
            _ = try EntryCSVFormat.drafts(from: data)
            return ""
        } catch {
            return error.description
        }
    }
}
