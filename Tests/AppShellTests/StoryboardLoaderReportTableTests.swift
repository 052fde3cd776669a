import AppShell
import XCTest

/// FORMAT.md's "What the loader reports", class by class: each row is a small storyboard with one
/// mistake of that class and the exact diagnostics it gets, `file:line:column: severity: message`.
/// (Checked against the fake context's registry, with the contracts and the accepted value a context
/// like Entries declares.)
final class StoryboardLoaderReportTableTests: XCTestCase {
    /// A valid storyboard the rows start from.
    static let base = """
        storyboard: Demo
        initial: list
        scenes:
          list: {kind: ItemList, title: Items, keys: {enter: showDetail, f: find}}
          detail: {kind: ItemDetail, title: Detail, keys: {m: showMore}}
          more: {kind: ItemMore, title: More}
          search: {kind: Search, title: Find, keys: {enter: use}}
        segues:
          showDetail: {from: list, to: detail, kind: push}
          showMore: {from: detail, to: more, kind: push}
          find: {from: list, to: search, kind: present}
          use: {from: search, kind: unwind, returns: query}
          gone: {from: detail, kind: unwind}
        keys: {esc: back, j: down, q: quit}
        """

    @MainActor
    static func registry() -> StoryboardRegistry {
        var registry = FakeContext().registry()
        registry.requireSegue(
            "showDetail", carrying: .item, purpose: "shows an item picked elsewhere",
            example: "showDetail: {from: list, to: detail, kind: push}")
        registry.expectUnwind(
            "gone", purpose: "leaves a deleted item", whenMissing: "the detail stays",
            example: "gone: {from: detail, kind: unwind}")
        return registry
    }

    /// (what the row is, the edit of `base` (old → new), the diagnostics expected).
    static let rows: [(String, [(String, String)], [String])] = [
        ("the base is clean", [], []),
        (
            "YAML syntax", [("title: More}", "title: [More}")],
            [
                "Demo.storyboard:6:38: error: YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence at line 6)"
            ]
        ),
        (
            "a number where text is expected", [("title: More}", "title: 42}")],
            [
                "Demo.storyboard:6:33: error: `title` of scene `more` must be text, found the number `42` (put it in quotes to use it as text)"
            ]
        ),
        (
            "a list where a mapping is expected", [("  more: {kind: ItemMore, title: More}", "  more: [ItemMore]")],
            [
                "Demo.storyboard:6:9: error: expected scene `more`, found a list"
            ]
        ),
        (
            "an unknown field", [("title: More}", "title: More, tilte: X}")],
            [
                "Demo.storyboard:6:39: error: unknown field `tilte` in scene `more`; did you mean `title`?"
            ]
        ),
        (
            "a missing field", [("  more: {kind: ItemMore, title: More}", "  more: {kind: ItemMore}")],
            [
                "Demo.storyboard:6:3: error: scene `more` has no `title:` field"
            ]
        ),
        (
            "a duplicate scene",
            [("  search: {kind: Search", "  more: {kind: ItemMore, title: Again}\n  search: {kind: Search")],
            [
                "Demo.storyboard:7:3: error: duplicate scene `more` (first declared on line 6)"
            ]
        ),
        (
            "a duplicate segue",
            [
                (
                    "  gone: {from: detail, kind: unwind}",
                    "  gone: {from: detail, kind: unwind}\n  gone: {from: more, kind: unwind}"
                )
            ],
            [
                "Demo.storyboard:14:3: error: duplicate segue `gone` (first declared on line 13)"
            ]
        ),
        (
            "a duplicate field", [("title: More}", "title: More, title: Again}")],
            [
                "Demo.storyboard:6:39: error: field `title` appears twice in scene `more` (first on line 6)"
            ]
        ),
        (
            "a key bound twice", [("keys: {m: showMore}", "keys: {m: showMore, m: gone}")],
            [
                "Demo.storyboard:5:65: error: key `m` is bound twice in scene `detail` (first on line 5)"
            ]
        ),
        (
            "a synonym bound twice", [("keys: {enter: use}", "keys: {enter: use, return: use}")],
            [
                "Demo.storyboard:7:58: error: key `return` is bound twice in scene `search`: it is the same key as `enter` on line 7"
            ]
        ),
        (
            "an unknown key name", [("keys: {m: showMore}", "keys: {m: showMore, mm: gone}")],
            [
                "Demo.storyboard:5:65: error: unknown key name `mm`: use a single character (j, ?, G), enter, esc, tab, shift-tab, backspace, space, up, down, left, right, home, end, pgup, pgdn, insert, delete, f1-f12, ctrl-<letter> or alt-<key> (in scene `detail`)"
            ]
        ),
        (
            "an unknown scene kind", [("kind: ItemMore", "kind: ItemMor")],
            [
                "Demo.storyboard:6:16: error: scene `more` has unknown kind `ItemMor`; did you mean `ItemMore`?"
            ]
        ),
        (
            "a missing initial scene", [("initial: list\n", "")],
            [
                "Demo.storyboard:1:1: error: the storyboard has no `initial:` field"
            ]
        ),
        (
            "an unknown initial scene", [("initial: list", "initial: lst")],
            [
                "Demo.storyboard:2:10: error: initial scene `lst` is not a scene of this storyboard; did you mean `list`?"
            ]
        ),
        (
            "an initial scene that needs a value", [("initial: list", "initial: detail")],
            [
                "Demo.storyboard:2:10: error: initial scene `detail` (kind ItemDetail) needs `item` (Item), but the initial scene is created without a value",
                "Demo.storyboard:4:3: warning: scene `list` is never shown: no segue from the initial scene leads to it (instantiate it from code, add a segue, or remove it)",
                "Demo.storyboard:7:3: warning: scene `search` is never shown: no segue from the initial scene leads to it (instantiate it from code, add a segue, or remove it)",
            ]
        ),
        (
            "a segue from an unknown scene", [("showMore: {from: detail,", "showMore: {from: detial,")],
            [
                "Demo.storyboard:5:52: error: key `m` in scene `detail` triggers segue `showMore`, which starts from `detial`, not from `detail`",
                "Demo.storyboard:6:3: warning: scene `more` is never shown: no segue from the initial scene leads to it (instantiate it from code, add a segue, or remove it)",
                "Demo.storyboard:10:20: error: segue `showMore` comes from unknown scene `detial`; did you mean `detail`?",
            ]
        ),
        (
            "a segue to an unknown scene", [("to: more, kind: push", "to: mroe, kind: push")],
            [
                "Demo.storyboard:6:3: warning: scene `more` is never shown: no segue from the initial scene leads to it (instantiate it from code, add a segue, or remove it)",
                "Demo.storyboard:10:32: error: segue `showMore` goes to unknown scene `mroe`; did you mean `more`?",
            ]
        ),
        (
            "a destination needing a value its source does not offer",
            [
                (
                    "find: {from: list, to: search, kind: present}",
                    "find: {from: list, to: search, kind: present}\n  toDetail: {from: search, to: detail, kind: push}"
                )
            ],
            [
                "Demo.storyboard:12:20: error: segue `toDetail` goes to `detail` (kind ItemDetail), which needs `item` (Item), but `search` (kind Search) offers only `query` (String)"
            ]
        ),
        (
            "returns on a segue that is not an unwind",
            [("to: search, kind: present}", "to: search, kind: present, returns: query}")],
            [
                "Demo.storyboard:11:58: error: segue `find` returns `query`, but only an `unwind` can hand a value back (to the scene it lands on); a present passes the value its destination needs by itself"
            ]
        ),
        (
            "returns from a source that does not offer it",
            [("use: {from: search, kind: unwind, returns: query}", "use: {from: search, kind: unwind, returns: item}")],
            [
                "Demo.storyboard:12:15: error: segue `use` returns `item`, but `search` (kind Search) offers no `item`"
            ]
        ),
        (
            "returns to a scene that does not accept it",
            [
                (
                    "  gone: {from: detail, kind: unwind}",
                    "  gone: {from: detail, kind: unwind}\n  findMore: {from: detail, to: search, kind: present}"
                )
            ],
            [
                "Demo.storyboard:12:46: error: segue `use` returns `query` (String) and may land on `detail` (kind ItemDetail), which does not accept it; return it to a scene whose kind accepts `query`, or leave `returns:` out"
            ]
        ),
        (
            "a missing segue the code performs",
            [
                (
                    "  showDetail: {from: list, to: detail, kind: push}\n",
                    "  open: {from: list, to: detail, kind: push}\n"
                ), ("enter: showDetail", "enter: open"),
            ],
            [
                "Demo.storyboard:8:1: error: the context's code performs segue `showDetail` (it shows an item picked elsewhere), but the storyboard has no such segue; add one, e.g. `showDetail: {from: list, to: detail, kind: push}`"
            ]
        ),
        (
            "a missing optional unwind the code performs", [("  gone: {from: detail, kind: unwind}\n", "")],
            [
                "Demo.storyboard:8:1: warning: the context's code performs segue `gone` (it leaves a deleted item), but the storyboard has no such segue: the detail stays; to have it, add e.g. `gone: {from: detail, kind: unwind}`"
            ]
        ),
        (
            "a segue the code performs going the wrong way",
            [("gone: {from: detail, kind: unwind}", "gone: {from: detail, to: more, kind: push}")],
            [
                "Demo.storyboard:13:3: error: segue `gone` must be an `unwind`: the context's code performs it to go back (it leaves a deleted item); e.g. `gone: {from: detail, kind: unwind}`"
            ]
        ),
        (
            "a segue the code performs to a scene that needs no value",
            [
                ("showDetail: {from: list, to: detail, kind: push}", "showDetail: {from: list, to: more2, kind: push}"),
                ("  search:", "  more2: {kind: Plain, title: P}\n  search:"),
            ],
            [
                "Demo.storyboard:5:3: warning: scene `detail` is never shown: no segue from the initial scene leads to it (instantiate it from code, add a segue, or remove it)",
                "Demo.storyboard:6:3: warning: scene `more` is never shown: no segue from the initial scene leads to it (instantiate it from code, add a segue, or remove it)",
                "Demo.storyboard:10:32: error: segue `showDetail` goes to `more2` (kind Plain), which needs no value, but the context's code performs it with `item` (Item) (it shows an item picked elsewhere); lead it to a scene whose kind needs `item` (Item)",
            ]
        ),
        (
            "a segue the code performs as a replace",
            [
                (
                    "showDetail: {from: list, to: detail, kind: push}",
                    "showDetail: {from: list, to: detail, kind: replace}"
                )
            ],
            [
                "Demo.storyboard:9:3: error: segue `showDetail` cannot be a `replace`: the context's code performs it from wherever the user is, going back to its source first, and a replace takes its source away; use push or present"
            ]
        ),
        (
            "a window key bound", [("keys: {m: showMore}", "keys: {m: showMore, ctrl-c: first}")],
            [
                "Demo.storyboard:5:65: error: key `ctrl-c` in scene `detail` cannot be bound: the window takes it before any scene (it always quits)"
            ]
        ),
        (
            "a pushed scene with no way back",
            [
                ("keys: {esc: back, j: down, q: quit}", "keys: {j: down}"),
                ("keys: {m: showMore}", "keys: {m: showMore, esc: back}"),
                (
                    "  use: {from: search, kind: unwind, returns: query}\n",
                    "  use: {from: search, kind: unwind, returns: query}\n  back2: {from: search, kind: unwind}\n"
                ), ("keys: {enter: use}", "keys: {enter: use, x: back2}"),
            ],
            [
                "Demo.storyboard:6:3: warning: scene `more` is pushed (segue `showMore`) but no key leads back out of it; bind one, e.g. `esc: back`"
            ]
        ),
        (
            "an unwind from a scene nothing is below",
            [
                ("keys: {enter: showDetail, f: find}", "keys: {enter: showDetail, f: find, x: up}"),
                (
                    "  gone: {from: detail, kind: unwind}\n",
                    "  gone: {from: detail, kind: unwind}\n  up: {from: list, kind: unwind}\n"
                ),
            ],
            [
                "Demo.storyboard:14:14: warning: segue `up` goes back from `list`, but no segue shows `list`, so nothing is ever below it: its keys do nothing there"
            ]
        ),
        (
            "another name than the context's", [("storyboard: Demo", "storyboard: Dmeo")],
            [
                "Demo.storyboard:1:13: error: the file declares storyboard `Dmeo` but is the `Demo` context's storyboard; write `storyboard: Demo`"
            ]
        ),
        (
            "a binding to an unknown target", [("keys: {m: showMore}", "keys: {m: showMroe}")],
            [
                "Demo.storyboard:5:52: error: key `m` in scene `detail` is bound to `showMroe`, which is neither a segue, an action of kind ItemDetail, a flow action nor a standard action; did you mean `showMore`?"
            ]
        ),
        (
            "a binding to a segue from another scene", [("keys: {m: showMore}", "keys: {m: showMore, o: find}")],
            [
                "Demo.storyboard:5:65: error: key `o` in scene `detail` triggers segue `find`, which starts from `list`, not from `detail`"
            ]
        ),
        (
            "a storyboard-wide key on a segue",
            [("keys: {esc: back, j: down, q: quit}", "keys: {esc: back, j: down, q: quit, f: find}")],
            [
                "Demo.storyboard:14:37: error: storyboard-wide key `f` triggers segue `find`; storyboard-wide keys may only trigger flow actions and standard actions (bind segues in the scenes they start from)"
            ]
        ),
        (
            "an unwind to a scene never below",
            [("gone: {from: detail, kind: unwind}", "gone: {from: detail, kind: unwind, to: search}")],
            [
                "Demo.storyboard:13:16: error: segue `gone` unwinds from `detail` to `search`, but no path of segues puts `search` below `detail`"
            ]
        ),
        (
            "a presented scene with no way back",
            [
                ("keys: {esc: back, j: down, q: quit}", "keys: {j: down}"),
                ("keys: {m: showMore}", "keys: {m: showMore, esc: back}"),
                ("title: More}", "title: More, keys: {esc: back}}"), ("keys: {enter: use}", "keys: {}"),
                ("  use: {from: search, kind: unwind, returns: query}\n", ""),
            ],
            [
                "Demo.storyboard:7:3: warning: scene `search` is presented (segue `find`) but no key leads back out of it; bind one, e.g. `esc: back`"
            ]
        ),
        (
            "a scene never shown",
            [("  search: {kind: Search", "  lonely: {kind: Plain, title: Lonely}\n  search: {kind: Search")],
            [
                "Demo.storyboard:7:3: warning: scene `lonely` is never shown: no segue from the initial scene leads to it (instantiate it from code, add a segue, or remove it)"
            ]
        ),
        (
            "scenes that replace each other in a cycle",
            [
                (
                    "showMore: {from: detail, to: more, kind: push}",
                    "showMore: {from: detail, to: more, kind: replace}\n  back2: {from: more, to: detail, kind: replace}"
                )
            ],
            [
                "Demo.storyboard:10:3: warning: scenes replace each other in a cycle (`detail` → `more` → `detail`): the user can go round it forever and never back to a scene before it; if that is a toggle, it is fine"
            ]
        ),
        (
            "anchors and aliases", [("title: Items", "title: &t Items"), ("title: Detail", "title: *t")],
            [
                "Demo.storyboard:5:37: error: YAML anchors and aliases (`&t`, `*t`) are not supported in storyboards; write the value out"
            ]
        ),
        (
            "control characters", [("title: More", "title: \u{7}More")],
            [
                "Demo.storyboard:6:33: error: the file contains the control character U+0007; a storyboard is text (binary data?)"
            ]
        ),
    ]

    func testEachClassIsReportedWhereItIs() {
        MainActor.assumeIsolated {
            for (name, edits, expected) in Self.rows {
                var text = Self.base
                for (old, new) in edits {
                    XCTAssertTrue(text.contains(old), "\(name): the base has no \(old)")
                    text = text.replacingOccurrences(of: old, with: new)
                }
                let found = StoryboardLoader(registry: Self.registry(), expectedName: "Demo")
                    .diagnose(.text(text, fileName: "Demo.storyboard")).diagnostics.map(\.description)
                if ProcessInfo.processInfo.environment["PRINT_REPORTS"] != nil {
                    print("ROW\t\(name)\t" + found.joined(separator: "\u{1F}"))
                }
                XCTAssertEqual(found, expected, name)
            }
        }
    }
}
