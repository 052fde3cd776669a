import AppShell
import XCTest

final class StoryboardKeyNameTests: XCTestCase {
    func testSingleCharactersAreThemselvesAndCaseSensitive() throws {
        XCTAssertEqual(try Key(name: "j"), .character("j"))
        XCTAssertEqual(try Key(name: "G"), .character("G"))
        XCTAssertEqual(try Key(name: "?"), .character("?"))
        XCTAssertEqual(try Key(name: "/"), .character("/"))
        XCTAssertEqual(try Key(name: "-"), .character("-"))
        XCTAssertEqual(try Key(name: "é"), .character("é"))
    }

    func testNamedKeysAndSynonyms() throws {
        let expected: [String: Key] = [
            "enter": .enter, "return": .enter, "esc": .escape, "escape": .escape, "tab": .tab,
            "backtab": .backTab, "shift-tab": .backTab, "backspace": .backspace, "space": .character(" "),
            "up": .up, "down": .down, "left": .left, "right": .right, "home": .home, "end": .end,
            "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
            "insert": .insert, "delete": .delete, "del": .delete, "Enter": .enter, "ESC": .escape,
        ]
        for (name, key) in expected {
            XCTAssertEqual(try Key(name: name), key, name)
        }
    }

    func testFunctionControlAndAltKeys() throws {
        XCTAssertEqual(try Key(name: "f1"), .function(1))
        XCTAssertEqual(try Key(name: "F12"), .function(12))
        XCTAssertEqual(try Key(name: "ctrl-d"), .control("d"))
        XCTAssertEqual(try Key(name: "ctrl-D"), .control("d"))
        XCTAssertEqual(try Key(name: "ctrl-["), .control("["))
        XCTAssertEqual(try Key(name: "alt-x"), .alt(.character("x")))
        XCTAssertEqual(try Key(name: "alt-X"), .alt(.character("X")))
        XCTAssertEqual(try Key(name: "alt-enter"), .alt(.enter))
        XCTAssertEqual(try Key(name: "alt--"), .alt(.character("-")))
    }

    func testUnknownNamesAreErrorsThatListTheAcceptedForms() {
        for name in [
            "", "foo", "f0", "f13", "f01", "ctrl-", "ctrl-ab", "ctrl-1", "alt-", "alt-alt-x", "paste",
            " ", "\t", "\u{7}", "enterr", "ctrl-é",
        ] {
            XCTAssertThrowsError(try Key(name: name), "`\(name)` should be refused") { error in
                XCTAssertEqual(error as? KeyNameError, KeyNameError(name: name))
                XCTAssertTrue("\(error)".contains("ctrl-<letter>"), "\(error)")
            }
        }
    }

    func testCanonicalNamesRoundTrip() throws {
        var keys: [Key] = [
            .enter, .tab, .backTab, .backspace, .escape, .insert, .delete, .up, .down, .left, .right,
            .home, .end, .pageUp, .pageDown, .character(" "), .character("G"), .character("?"),
            .character("😀"), .control("a"), .control("_"), .alt(.character("x")), .alt(.pageDown),
        ]
        keys += (1...12).map { Key.function($0) }
        for key in keys {
            XCTAssertEqual(try Key(name: key.name), key, key.name)
        }
        XCTAssertEqual(Key.escape.name, "esc")
        XCTAssertEqual(Key.pageDown.name, "pgdn")
        XCTAssertEqual(Key.character(" ").name, "space")
        XCTAssertEqual(Key.alt(.enter).name, "alt-enter")
    }
}
