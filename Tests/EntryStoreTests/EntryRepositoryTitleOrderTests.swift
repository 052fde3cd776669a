import EntryModel
import XCTest

/// The title order on every store: case, accents and full-width forms ignored, numbers by value
/// (`9 things` before `10 things`), the same pages forwards, backwards and from any entry.
final class EntryRepositoryTitleOrderTests: XCTestCase {
    /// The order, written out by hand.
    static let expected = [
        "", "1 thing", "2 things", "9 things", "10 things", "100 things", "_under",
        "Äpfel", "apple", "Apple pie", "Chapter 1.5", "Chapter 2", "chapter 10",
        "Éclair", "ecole", "École 2", "école 10", "Ｆｕｌｌ width 3", "naïve", "naive 2",
        "Zebra", "zèbre", "日本語",
    ]

    func testTitlesSortNaturallyOnEveryStore() {
        forEachRepository { kind, entries in
            var shuffled = Self.expected
            var generator = SystemRandomNumberGenerator()
            shuffled.shuffle(using: &generator)
            for title in shuffled { try entries.insert(EntryDraft(title: title)) }
            let page = try entries.page(PageRequest(order: .title, limit: 100))
            XCTAssertEqual(page.map(\.title), Self.expected, "\(kind)")
            // Keyset pages of 4 from the start and from the end give the same order.
            var forward: [String] = []
            var anchor = PageAnchor.start
            while case let next = try entries.page(PageRequest(order: .title, anchor: anchor, limit: 4)),
                let last = next.last
            {
                forward += next.map(\.title)
                anchor = .after(last)
            }
            XCTAssertEqual(forward, Self.expected, "\(kind) forward")
            var backward: [String] = []
            anchor = .end
            while case let next = try entries.page(PageRequest(order: .title, anchor: anchor, limit: 4)),
                let first = next.first
            {
                backward = next.map(\.title) + backward
                anchor = .before(first)
            }
            XCTAssertEqual(backward, Self.expected, "\(kind) backward")
            let tenThings = try XCTUnwrap(page.first { $0.title == "10 things" })
            XCTAssertEqual(try entries.index(of: tenThings, order: .title, filter: .all), 4, "\(kind)")
        }
    }

    func testTheOrderHoldsAfterAnEditARestoreAndABulkInsert() {
        forEachRepository { kind, entries in
            let ten = try entries.insert(EntryDraft(title: "10 things"))
            var nine = try entries.insert(EntryDraft(title: "Z"))
            nine.title = "9 things"
            nine = try entries.update(nine)
            try entries.delete(id: ten.id)
            try entries.restore(id: ten.id)
            // Enough for the stores' bulk paths.
            let many = (1...600).map { EntryDraft(title: "Item \($0)") }
            try entries.insert(contentsOf: many.reversed(), progress: nil)
            let page = try entries.page(PageRequest(order: .title, limit: 1_000)).map(\.title)
            XCTAssertEqual(page, ["9 things", "10 things"] + (1...600).map { "Item \($0)" }, "\(kind)")
        }
    }

    func testTheKeyFoldsAndReadsNumbers() {
        XCTAssertEqual(TitleSortKey.key("Élan"), TitleSortKey.key("elan"))
        XCTAssertEqual(TitleSortKey.key("007"), TitleSortKey.key("7"))
        XCTAssertEqual(TitleSortKey.key("a9"), Array("a0".utf8) + [1] + Array("9".utf8))
        XCTAssertLessThan(TitleSortKey.compare("9 things", "10 things"), 0)
        XCTAssertEqual(TitleSortKey.key(String(repeating: "x", count: 5_000)).count, TitleSortKey.maximumBytes)
    }
}
