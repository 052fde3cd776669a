import EntryModel
import Foundation
import XCTest

/// The link syntax (``EntryLinkParser``), as a table, and its cost on hostile text.
final class EntryLinkParserTests: XCTestCase {
    private func targets(_ text: String) -> [EntryLinkTarget] {
        EntryLinkParser.links(in: text).map(\.target)
    }

    /// The quick test a store asks of every text it writes answers exactly "the bytes hold `[[`",
    /// wherever the brackets are (first bytes, last bytes, after other characters of any length).
    func testTheQuickTestFindsTwoLeftBracketsExactly() {
        let pieces = ["[", "[[", "]", "a", " ", "é", "漢", "😀", "\\", "\u{301}", "`", "#4", "\n"]
        var generator = SystemRandomNumberGenerator()
        var texts = ["", "[", "[[", "a[", "[a", "a[[", "[[a", "[a[", "é[[", "[[é", "[é["]
        for _ in 0..<5_000 {
            texts.append(
                (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator) ?? ""
                }.joined())
        }
        for text in texts {
            let bytes = Array(text.utf8)
            let holdsTwo = zip(bytes, bytes.dropFirst()).contains { $0 == 0x5B && $1 == 0x5B }
            XCTAssertEqual(EntryLinkParser.mayHoldLinks(text), holdsTwo, text.debugDescription)
        }
        // A long text whose `[[` is at its very end, and one with many lone `[`.
        XCTAssertTrue(EntryLinkParser.mayHoldLinks(String(repeating: "a[", count: 100_000) + "[["))
        XCTAssertFalse(EntryLinkParser.mayHoldLinks(String(repeating: "a[", count: 100_000)))
    }

    func testTheSyntaxTable() {
        let table: [(text: String, targets: [EntryLinkTarget], why: String)] = [
            ("see [[Pelican notes]] today", [.title("Pelican notes")], "a title"),
            ("see [[#42]]", [.id(42)], "an id"),
            ("[[#0042]] and [[#0]]", [.id(42), .title("#0")], "leading zeros; no entry has id 0"),
            ("[[#12a]] [[# 12]]", [.title("#12a"), .title("# 12")], "not only digits: a title"),
            ("[[#1234567890123456789]]", [.title("#1234567890123456789")], "too many digits for an id"),
            ("[[  spaced out  ]]", [.title("spaced out")], "spaces around the target are trimmed"),
            ("[[]] [[   ]] [[|x]]", [], "an empty target is no link"),
            ("[[Target|shown text]]", [.title("Target")], "the part after | is what is shown"),
            ("[[a [[b]] c]]", [.title("b")], "nested: only the inner one"),
            ("[[[x]]]", [.title("x")], "extra brackets around a link"),
            ("[[x] ]] [[x]", [], "unclosed or broken"),
            ("[[one\ntwo]]", [], "a link is on one line"),
            ("[[bell\u{07}]] [[del\u{7F}]]", [], "control characters end a link"),
            ("\\[[not a link]] \\\\[[a link]]", [.title("a link")], "an escaped bracket; an escaped backslash"),
            ("`[[code]]` and [[text]]", [.title("text")], "a code span"),
            ("``[[a ` b]]`` [[c]]", [.title("c")], "a code span of two backticks holding one"),
            ("`unclosed [[x]]", [.title("x")], "a lone backtick is text"),
            ("[[a `b` c]]", [], "a code span inside the brackets"),
            ("```\n[[fenced]]\n```\n[[after]]", [.title("after")], "a fenced block"),
            (
                "~~~~\n[[x]]\n~~~\n[[still fenced]]\n~~~~\n[[out]]", [.title("out")],
                "a fence closes with at least as many"
            ),
            ("```\n[[never closed]]", [], "an unclosed fence runs to the end"),
            ("Élan: [[Café crème]]", [.title("Café crème")], "UTF-8"),
            ("[[x]]\r\n[[y]]", [.title("x"), .title("y")], "CRLF lines"),
        ]
        for row in table {
            XCTAssertEqual(targets(row.text), row.targets, "\(row.why): \(row.text.debugDescription)")
        }
    }

    /// Found by the link parser's fuzzing harness (Fuzz/Sources/FuzzEntryLinks): after a `[[` that
    /// is no link, the scan went on from where it stopped without counting the backslashes before
    /// that place, so an escaped `\[[` there opened a link.
    func testAnEscapedBracketAfterABrokenLinkIsNoLink() {
        let table: [(text: String, targets: [EntryLinkTarget], why: String)] = [
            ("[[T\\[[et|shown]]", [], "the second `[[` is escaped"),
            ("[[a \\\\\\[[b]] c", [], "three backslashes: the last one escapes"),
            ("[[a \\\\[[b]] c", [.title("b")], "two backslashes: an escaped backslash, then a link"),
            ("[[a [[b]] c]]", [.title("b")], "no backslash: the inner link"),
        ]
        for row in table {
            XCTAssertEqual(targets(row.text), row.targets, "\(row.why): \(row.text.debugDescription)")
        }
    }

    func testRangesAndLabels() {
        let text = "Café [[Target|shown]] x"
        let links = EntryLinkParser.links(in: text)
        XCTAssertEqual(links.count, 1)
        XCTAssertEqual(links[0].label, "shown")
        let bytes = Array(text.utf8)
        XCTAssertEqual(String(decoding: bytes[links[0].range], as: UTF8.self), "[[Target|shown]]")
        XCTAssertEqual(EntryLinkParser.links(in: "[[#7]]")[0].label, "#7")
    }

    func testTargetsAreDistinctAndSorted() {
        let targets = EntryLinkTargets(body: "[[B]] [[#9]] [[b]] [[#2]] [[#9]]", moreDetails: "[[a]] `[[z]]`")
        XCTAssertEqual(targets.ids, [2, 9])
        XCTAssertEqual(targets.titleKeys, [TitleSortKey.key("a"), TitleSortKey.key("b")])
        XCTAssertTrue(EntryLinkTargets(body: "no links [here]", moreDetails: "").isEmpty)
    }

    /// ``EntryLinkTargets`` reads the targets without making the links' labels and titles: it must
    /// find exactly the targets of the links ``EntryLinkParser/links(in:)`` finds, in any text. Texts
    /// made of the pieces of the syntax table, shuffled, with a fixed seed.
    func testTargetsAreTheTargetsOfTheLinksFound() {
        let pieces = [
            "[[", "]]", "[", "]", "#", "42", "#0", "|", " ", "\t", "\\", "`", "``", "```", "~~~", "\n", "a", "Ab",
            "Café", "CAFE", "\u{0301}", "\u{07}", "[[#7]]", "[[x|y]]", "[[ Pelican notes ]]", "\r\n", "é",
            "[[#1234567890123456789]]", "0009",
        ]
        var state: UInt64 = 33
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<3_000 {
            let body = (0..<(1 + next(40))).map { _ in pieces[next(pieces.count)] }.joined()
            let more = round % 3 == 0 ? (0..<next(12)).map { _ in pieces[next(pieces.count)] }.joined() : ""
            let found = EntryLinkParser.links(in: body) + EntryLinkParser.links(in: more)
            var ids = Set<Int64>()
            var keys = Set<[UInt8]>()
            for link in found {
                switch link.target {
                case .id(let id): ids.insert(id)
                case .title(let title): keys.insert(TitleSortKey.key(title))
                }
            }
            let targets = EntryLinkTargets(body: body, moreDetails: more)
            XCTAssertEqual(targets.ids, ids.sorted(), "\(body.debugDescription) \(more.debugDescription)")
            XCTAssertEqual(
                targets.titleKeys, keys.sorted { $0.lexicographicallyPrecedes($1) },
                "\(body.debugDescription) \(more.debugDescription)")
        }
    }

    func testTenThousandLinksInOneEntry() {
        let text = (0..<10_000).map { "[[Note \($0)]] and [[#\($0 + 1)]]" }.joined(separator: " ")
        let links = EntryLinkParser.links(in: text)
        XCTAssertEqual(links.count, 20_000)
        XCTAssertEqual(links.last?.target, .id(10_000))
        XCTAssertEqual(EntryLinkTargets(body: text, moreDetails: "").titleKeys.count, 10_000)
    }

    /// Hostile text takes time in proportion to its length: a million bytes of each shape within a
    /// generous bound (debug build, loaded machine), and twice the text about twice the time.
    func testHostileTextIsReadInLinearTime() {
        let shapes: [(name: String, unit: String)] = [
            ("openings", "[["), ("nested", "[[a "), ("closings", "]]"), ("backticks of growing runs", "`[[``"),
            ("escapes", "\\[["), ("control bytes", "[[\u{01}"), ("fences", "```\n[[x]]\n"),
        ]
        for shape in shapes {
            let small = String(repeating: shape.unit, count: 250_000 / shape.unit.utf8.count)
            let large = String(repeating: shape.unit, count: 1_000_000 / shape.unit.utf8.count)
            let smallTime = seconds { _ = EntryLinkParser.links(in: small) }
            let largeTime = seconds { _ = EntryLinkParser.links(in: large) }
            XCTAssertLessThan(largeTime, 2.0, "\(shape.name): a million bytes")
            XCTAssertLessThan(
                largeTime, max(smallTime, 0.005) * 16, "\(shape.name): 4x the text, far more than 4x the time")
        }
        // Backtick runs of every length up to a thousand, none closed: no quadratic search for partners.
        let runs = (1...1_000).map { String(repeating: "`", count: $0) + "[[x]]" }.joined()
        XCTAssertLessThan(seconds { _ = EntryLinkParser.links(in: runs) }, 2.0)
    }

    private func seconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
