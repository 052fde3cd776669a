import XCTest
import AppShell

/// What each byte sequence a terminal sends decodes to.
final class InputDecoderSequenceTests: XCTestCase {
    private func assertDecodes(_ table: [(String, [Key])], file: StaticString = #filePath, line: UInt = #line) {
        for (input, expected) in table {
            XCTAssertEqual(decodeAll(input.bytes), expected, "input \(input.debugDescription)", file: file, line: line)
        }
    }

    func testTextDecodesToCharactersIncludingClusters() {
        assertDecodes([
            ("a", [.character("a")]),
            ("Hi!", [.character("H"), .character("i"), .character("!")]),
            ("é", [.character("é")]),
            ("e\u{301}x", [.character("e\u{301}"), .character("x")]),
            ("日本", [.character("日"), .character("本")]),
            ("👨‍👩‍👧", [.character("👨‍👩‍👧")]),
            ("🇫🇷🇩🇪", [.character("🇫🇷"), .character("🇩🇪")]),
            (" ", [.character(" ")]),
        ])
    }

    func testControlBytesDecodeToKeys() {
        assertDecodes([
            ("\r", [.enter]), ("\n", [.enter]), ("\t", [.tab]),
            ("\u{7F}", [.backspace]), ("\u{08}", [.backspace]),
            ("\u{01}", [.control("a")]), ("\u{03}", [.control("c")]), ("\u{1A}", [.control("z")]),
            ("\u{00}", [.control("@")]), ("\u{1C}", [.control("\\")]), ("\u{1D}", [.control("]")]),
            ("\u{1F}", [.control("_")]),
            ("\u{1B}", [.escape]),
        ])
    }

    func testArrowsAndNavigationKeysInEveryForm() {
        assertDecodes([
            ("\u{1B}[A", [.up]), ("\u{1B}[B", [.down]), ("\u{1B}[C", [.right]), ("\u{1B}[D", [.left]),
            ("\u{1B}OA", [.up]), ("\u{1B}OB", [.down]), ("\u{1B}OC", [.right]), ("\u{1B}OD", [.left]),
            ("\u{1B}[H", [.home]), ("\u{1B}[F", [.end]), ("\u{1B}OH", [.home]), ("\u{1B}OF", [.end]),
            ("\u{1B}[1~", [.home]), ("\u{1B}[4~", [.end]), ("\u{1B}[7~", [.home]), ("\u{1B}[8~", [.end]),
            ("\u{1B}[2~", [.insert]), ("\u{1B}[3~", [.delete]),
            ("\u{1B}[5~", [.pageUp]), ("\u{1B}[6~", [.pageDown]),
            ("\u{1B}[Z", [.backTab]),
            ("\u{1B}OM", [.enter]),
        ])
    }

    func testFunctionKeysInXtermVT220RxvtAndLinuxForms() {
        var table: [(String, [Key])] = [
            ("\u{1B}OP", [.function(1)]), ("\u{1B}OQ", [.function(2)]),
            ("\u{1B}OR", [.function(3)]), ("\u{1B}OS", [.function(4)]),
        ]
        let tildeCodes = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
        for (index, code) in tildeCodes.enumerated() { table.append(("\u{1B}[\(code)~", [.function(index + 1)])) }
        for (index, letter) in ["A", "B", "C", "D", "E"].enumerated() {
            table.append(("\u{1B}[[\(letter)", [.function(index + 1)]))
        }
        table.append(("\u{1B}[1;2P", [.function(1)]))
        assertDecodes(table)
    }

    func testAltPrefixWrapsTheFollowingKey() {
        assertDecodes([
            ("\u{1B}a", [.alt(.character("a"))]),
            ("\u{1B}Q", [.alt(.character("Q"))]),
            ("\u{1B}é", [.alt(.character("é"))]),
            ("\u{1B}\u{7F}", [.alt(.backspace)]),
            ("\u{1B}\r", [.alt(.enter)]),
            ("\u{1B}\u{1B}[A", [.alt(.up)]),
            ("\u{1B}\u{1B}", [.escape, .escape]),
        ])
    }

    func testModifiedKeysMapToAltOrThePlainKey() {
        assertDecodes([
            ("\u{1B}[1;5A", [.alt(.up)]),  // Ctrl-Up
            ("\u{1B}[1;3C", [.alt(.right)]),  // Alt-Right
            ("\u{1B}[1;2B", [.down]),  // Shift-Down
            ("\u{1B}[1;5H", [.alt(.home)]),
            ("\u{1B}[3;5~", [.alt(.delete)]),
            ("\u{1B}[5;3~", [.alt(.pageUp)]),
            ("\u{1B}[1;5P", [.alt(.function(1))]),
            ("\u{1B}O5D", [.alt(.left)]),
            ("\u{1B}[a", [.up]),  // rxvt Shift-Up
            ("\u{1B}Oa", [.alt(.up)]),  // rxvt Ctrl-Up
            ("\u{1B}[2$", [.insert]),  // rxvt Shift-Insert
            ("\u{1B}[3^", [.alt(.delete)]),  // rxvt Ctrl-Delete
            ("\u{1B}[97;5u", [.control("a")]),  // CSI u
            ("\u{1B}[97;3u", [.alt(.character("a"))]),
            ("\u{1B}[27;5;120~", [.control("x")]),  // modifyOtherKeys
            ("\u{1B}[9;2u", [.backTab]),
        ])
    }

    func testBracketedPasteArrivesWholeWithNewlinesNormalized() {
        assertDecodes([
            ("\u{1B}[200~hello\r\nworld\rend\u{1B}[201~", [.paste("hello\nworld\nend")]),
            ("\u{1B}[200~\u{1B}[A q\u{1B}[201~x", [.paste("\u{1B}[A q"), .character("x")]),
            ("\u{1B}[200~\u{1B}[201~", [.paste("")]),
            ("\u{1B}[200~日本\u{1B}[201~", [.paste("日本")]),
        ])
    }

    func testIncompleteStartsFallBackToWhatWasTyped() {
        assertDecodes([
            ("\u{1B}[", [.alt(.character("["))]),
            ("\u{1B}O", [.alt(.character("O"))]),
            ("\u{1B}[1;5", []),
        ])
    }

    func testUnknownSequencesAreDroppedAndTheNextKeyKept() {
        assertDecodes([
            ("\u{1B}[99~q", [.character("q")]),
            ("\u{1B}[?1;2cq", [.character("q")]),
            ("\u{1B}[<0;3;4xq", [.character("q")]),  // (an SGR mouse report, final M or m, is a .mouse key)
            ("\u{1B}[201~q", [.character("q")]),
            ("\u{1B}Ozq", [.character("q")]),
            ("\u{1B}[1\u{03}", [.control("c")]),
            ("\u{1B}[[Zq", [.character("q")]),
        ])
    }

    func testInvalidUTF8IsDroppedAndTheRestKept() {
        XCTAssertEqual(decodeAll([0xFF, 0x61]), [.character("a")])
        XCTAssertEqual(decodeAll([0xC3, 0x61]), [.character("a")])
        XCTAssertEqual(decodeAll([0xE2, 0x82, 0x0D]), [.enter])
        XCTAssertEqual(decodeAll([0xED, 0xA0, 0x80, 0x62]), [.character("b")])  // a UTF-16 surrogate
        XCTAssertEqual(decodeAll([0xC0, 0xAF, 0x63]), [.character("c")])  // overlong "/"
        XCTAssertEqual(decodeAll([0xC2, 0x9B, 0x64]), [.character("d")])  // C1 CSI as text
        XCTAssertEqual(decodeAll([0x61, 0xF0, 0x9F]), [.character("a")])  // cut off at the end
    }

    func testLoneEscapeWaitsForTheTimeout() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.decode("\u{1B}".bytes), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flushPending(), [.escape])
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.decode("[A".bytes), [.character("[")])
        XCTAssertEqual(decoder.flushPending(), [.character("A")])
    }

    func testLastCharacterIsHeldUntilTheNextReadOrTheTimeout() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.decode("ab".bytes), [.character("a")])
        XCTAssertEqual(decoder.decode("\u{301}".bytes), [])
        XCTAssertEqual(decoder.decode("\r".bytes), [.character("b\u{301}"), .enter])
        XCTAssertEqual(decoder.decode("z".bytes), [])
        XCTAssertEqual(decoder.flushPending(), [.character("z")])
    }
}
