import EntryModel

#if PostgreSQL
import NIOCore
@testable import PostgreSQLStore
import XCTest

/// The bulk insert's byte-level search vectors (``SearchVectorWriter``) against the definition
/// (``SearchVector/lexemes(title:tags:moreDetails:body:)``, which the single insert stores): the same
/// lexemes, fields and order, byte for byte, for text of every kind. No server needed.
final class PostgreSQLSearchVectorWriterTests: XCTestCase {
    /// The binary `tsvector` of the definition's lexemes, sorted byte for byte, with its length first.
    private func expected(title: String, tags: [String], moreDetails: String, body: String) -> [UInt8] {
        let lexemes = SearchVector.lexemes(title: title, tags: tags, moreDetails: moreDetails, body: body)
            .filter { !$0.word.utf8.contains(0) }
            .sorted { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }
        var vector: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.bigEndian) { vector += $0 } }
        append(Int32(lexemes.count))
        for lexeme in lexemes {
            vector += lexeme.word.utf8
            vector.append(0)
            append(UInt16(lexeme.fields.nonzeroBitCount))
            for field in 0..<4 where lexeme.fields & (1 << field) != 0 {
                append(BinaryCopyRow.fieldWeights[field] << 14 | UInt16(field + 1))
            }
        }
        var withLength: [UInt8] = []
        withUnsafeBytes(of: Int32(vector.count).bigEndian) { withLength += $0 }
        return withLength + vector
    }

    private func assertSame(
        title: String, tags: [String] = [], moreDetails: String = "", body: String = "",
        writer: inout SearchVectorWriter, file: StaticString = #filePath, line: UInt = #line
    ) {
        var buffer = ByteBuffer()
        writer.write(title: title, tags: tags, moreDetails: moreDetails, body: body, to: &buffer)
        let written = buffer.readBytes(length: buffer.readableBytes) ?? []
        XCTAssertEqual(
            written, expected(title: title, tags: tags, moreDetails: moreDetails, body: body),
            "title \(title.debugDescription), body \(body.prefix(80).debugDescription)", file: file, line: line)
    }

    func testOddTextGivesTheSameLexemesAsTheDefinition() {
        var writer = SearchVectorWriter()
        assertSame(title: "", writer: &writer)
        assertSame(
            title: "Hello, World! hello WORLD 42 x1 X1", tags: ["work", "Work", "meeting-notes"], writer: &writer)
        assertSame(
            title: "Éclair naïve 日本語 👍🏽", moreDetails: "ÆØÅ", body: "CAFÉ café Ünïcödé straße cafe", writer: &writer)
        // Decomposed and precomposed é, the Kelvin and Ångström signs, a lone combining mark, a mark after ASCII.
        assertSame(
            title: "cafe\u{301} café CAFE\u{301}",
            body: "\u{212A}elvin Kelvin \u{212B}ngstrom Ångstrom \u{301} a\u{308}b äb", writer: &writer)
        assertSame(
            title: "it's a \\ back'slash", tags: ["a'b", "c\\d"],
            body: "O'Brien \\x00 \"quoted\" 'x':1A a\u{0}b tab\there", writer: &writer)
        assertSame(
            title: "Ⅻ ½ ² ٣ 𝟘 \u{E000}private ʰmodifier ǅtitle", body: "Ꮳherokee ΣΊΣΥΦΟΣ σίσυφος", writer: &writer)
        // A word past the longest a lexeme may be, one just within, and ones past the vector's budget.
        let long = String(repeating: "long", count: 600)
        assertSame(title: "x" + String(repeating: "y", count: 1_999), body: long + " short " + long, writer: &writer)
        let many = (0..<60_000).map { "w\($0)" }.joined(separator: " ")
        assertSame(
            title: "first", tags: ["w5"], moreDetails: "w70000", body: many + " first w1 w59999 é\u{301}x",
            writer: &writer)
        // After the large entry, small ones again (the writer's table shrinks back).
        assertSame(title: "same word same", tags: ["same"], moreDetails: "same", body: "same", writer: &writer)
    }

    func testRandomTextGivesTheSameLexemesAsTheDefinition() {
        var random = SystemRandomNumberGenerator()
        let pieces = [
            "the", "The", "THE", "café", "cafe\u{301}", "naïve", "日本", "語", "👍🏽", "Straße", "ß", "\u{212A}",
            "K", "k", "x", "42", "a1b2", "Ünï", "-", "'", " ", "  ", "\n", ".", ",", "é", "\u{301}", "ǅ", "İ", "ı", "ﬁ",
        ]
        var writer = SearchVectorWriter()
        for _ in 0..<2_000 {
            func text() -> String {
                (0..<Int.random(in: 0...30, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined(separator: Bool.random(using: &random) ? "" : " ")
            }
            assertSame(title: text(), tags: [text(), text()], moreDetails: text(), body: text(), writer: &writer)
        }
    }
}
#endif
