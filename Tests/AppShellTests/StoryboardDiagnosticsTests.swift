import AppShell
import XCTest

/// Every problem the loader reports, each with its line, and all of them at once.
final class StoryboardDiagnosticsTests: XCTestCase {
    /// Asserts that a diagnostic of `severity` at `line` contains `fragment`.
    private func assertReports(
        _ diagnostics: [StoryboardDiagnostic], line: Int, _ fragment: String,
        severity: StoryboardDiagnostic.Severity = .error,
        file: StaticString = #filePath, sourceLine: UInt = #line
    ) {
        let found = diagnostics.contains { $0.line == line && $0.severity == severity && $0.message.contains(fragment) }
        XCTAssertTrue(
            found,
            "no \(severity) at line \(line) containing “\(fragment)” in:\n"
                + diagnostics.map(\.description).joined(separator: "\n"), file: file, line: sourceLine)
    }

    private func diagnose(_ text: String) -> [StoryboardDiagnostic] {
        var diagnostics: [StoryboardDiagnostic] = []
        onMainActor { diagnostics = diagnoseWithFakeRegistry(text) }
        return diagnostics
    }

    func testReportsEveryProblemOfTheFileTogetherWithLines() {
        let text = """
            storyboard: Demo
            initial: lst
            scenes:
              list:
                kind: ItemLst
                title: Items
                tilte: Typo
                keys: {enter: showDetail, "enterr": quit, return: refresh, q: quitt}
              detail:
                kind: ItemDetail
                title: 42
                keys: {m: showMore, n: showDetail}
              orphan: {kind: Plain, title: Orphan}
              list2: [not, a, mapping]
            segues:
              showDetail: {from: list, to: detail, kind: push}
              showMore: {from: detail, to: moreDetail, kind: push}
              ghost: {from: nowhere, to: detail, kind: pusj}
              up: {from: detail, kind: unwind, to: orphan}
            """
        let diagnostics = diagnose(text)
        assertReports(
            diagnostics, line: 2, "initial scene `lst` is not a scene of this storyboard; did you mean `list`?")
        assertReports(diagnostics, line: 5, "scene `list` has unknown kind `ItemLst`; did you mean `ItemList`?")
        assertReports(diagnostics, line: 7, "unknown field `tilte` in scene `list`; did you mean `title`?")
        assertReports(diagnostics, line: 8, "unknown key name `enterr`")
        assertReports(
            diagnostics, line: 8, "key `return` is bound twice in scene `list`: it is the same key as `enter` on line 8"
        )
        assertReports(
            diagnostics, line: 11, "`title` of scene `detail` must be text, found the number `42` (put it in quotes")
        assertReports(
            diagnostics, line: 12,
            "key `n` in scene `detail` triggers segue `showDetail`, which starts from `list`, not from `detail`")
        assertReports(diagnostics, line: 14, "expected scene `list2`, found a list")
        assertReports(diagnostics, line: 17, "segue `showMore` goes to unknown scene `moreDetail`")
        assertReports(diagnostics, line: 18, "segue `ghost` has unknown kind `pusj`; did you mean `push`?")
        assertReports(
            diagnostics, line: 19,
            "segue `up` unwinds from `detail` to `orphan`, but no path of segues puts `orphan` below `detail`")
        XCTAssertEqual(diagnostics.map(\.line), diagnostics.map(\.line).sorted(), "sorted by line")
        XCTAssertTrue(diagnostics.allSatisfy { $0.fileName == "Demo.storyboard" })
    }

    func testFormatsDiagnosticsLikeACompiler() {
        let diagnostics = diagnose(
            """
            storyboard: Demo
            initial: list
            scenes:
              list: {kind: ItemList, title: Items, keys: {enter: showMore}}
              more: {kind: ItemMore, title: More}
            segues:
              showMore: {from: list, to: moreDetail, kind: push}
            """)
        XCTAssertTrue(
            diagnostics.map(\.description).contains(
                "Demo.storyboard:7:30: error: segue `showMore` goes to unknown scene `moreDetail`"),
            diagnostics.map(\.description).joined(separator: "\n"))
    }

    func testUnknownBindingTargetsAndActionsAreReported() {
        let diagnostics = diagnose(
            """
            storyboard: Demo
            initial: list
            scenes:
              list: {kind: ItemList, title: Items, keys: {r: refrsh, x: refresh, q: quit}}
            keys: {z: showDetail, s: nothing, S: showSettings}
            segues:
              showDetail: {from: list, to: list, kind: push}
            """)
        assertReports(
            diagnostics, line: 4,
            "key `r` in scene `list` is bound to `refrsh`, which is neither a segue, an action of kind ItemList, a flow action nor a standard action; did you mean `refresh`?"
        )
        assertReports(diagnostics, line: 5, "storyboard-wide key `z` triggers segue `showDetail`")
        assertReports(
            diagnostics, line: 5,
            "storyboard-wide key `s` is bound to `nothing`, which is neither a flow action nor a standard action")
        XCTAssertFalse(
            diagnostics.contains {
                $0.message.contains("`x`") || $0.message.contains("`q`") || $0.message.contains("`S`")
            })
    }

    func testValueTypeMismatchesAreFoundAtLoad() {
        let diagnostics = diagnose(
            """
            storyboard: Demo
            initial: welcome
            scenes:
              welcome: {kind: Plain, title: Welcome, keys: {enter: open}}
              search: {kind: Search, title: Search}
              detail: {kind: ItemDetail, title: Detail}
            segues:
              open: {from: welcome, to: detail, kind: push}
              find: {from: welcome, to: search, kind: present}
              fromSearch: {from: search, to: detail, kind: replace}
            """)
        assertReports(
            diagnostics, line: 8,
            "segue `open` goes to `detail` (kind ItemDetail), which needs `item` (Item), but `welcome` (kind Plain) offers no value"
        )
        assertReports(diagnostics, line: 10, "but `search` (kind Search) offers only `query` (String)")
    }

    func testSameValueNameWithAnotherTypeIsAMismatch() {
        onMainActor {
            var registry = FakeContext().registry()
            registry.register(
                SceneKind("Numbers") { context in
                    FakeListScene(title: context.title, items: [], journal: SceneJournal())
                }.offering(SegueValueType<Int>("item")) { _ in 1 })
            let result = StoryboardLoader(registry: registry).diagnose(
                .text(
                    """
                    storyboard: Demo
                    initial: numbers
                    scenes:
                      numbers: {kind: Numbers, title: Numbers}
                      detail: {kind: ItemDetail, title: Detail}
                    segues:
                      open: {from: numbers, to: detail, kind: push}
                    """, fileName: "Demo.storyboard"))
            XCTAssertTrue(
                result.diagnostics.contains {
                    $0.line == 7 && $0.message.contains("offers `item` (Int), a different type")
                }, result.diagnostics.map(\.description).joined(separator: "\n"))
        }
    }

    func testScenesNoSegueReachesAreWarnings() {
        let diagnostics = diagnose(
            """
            storyboard: Demo
            initial: list
            scenes:
              list: {kind: ItemList, title: Items, keys: {enter: open}}
              detail: {kind: ItemDetail, title: Detail}
              orphan: {kind: Plain, title: Orphan, keys: {enter: toDetail}}
            segues:
              open: {from: list, to: detail, kind: push}
              toDetail: {from: orphan, to: list, kind: push}
            keys: {esc: back}
            """)
        XCTAssertEqual(diagnostics.errors, [])
        XCTAssertEqual(diagnostics.warnings.map(\.line), [6])
        assertReports(diagnostics, line: 6, "scene `orphan` is never shown", severity: .warning)
    }

    func testAnInitialSceneThatNeedsAValueIsAnError() {
        let diagnostics = diagnose(
            """
            storyboard: Demo
            initial: detail
            scenes:
              detail: {kind: ItemDetail, title: Detail}
            """)
        assertReports(
            diagnostics, line: 2,
            "initial scene `detail` (kind ItemDetail) needs `item` (Item), but the initial scene is created without a value"
        )
    }

    func testDuplicateIdentifiersAreReportedAtTheSecondOneAndTheRestIsStillChecked() {
        let diagnostics = diagnose(
            """
            storyboard: Demo
            initial: list
            scenes:
              list: {kind: ItemList, title: Items}
              detail: {kind: ItemDetail, title: Detail}
              list: {kind: ItemList, title: Again}
            segues:
              open: {from: list, to: detail, kind: push}
              open: {from: list, to: nowhere, kind: push}
              more: {from: detail, to: gone, kind: push, kind: replace}
            """)
        assertReports(diagnostics, line: 6, "duplicate scene `list` (first declared on line 4)")
        assertReports(diagnostics, line: 9, "duplicate segue `open` (first declared on line 8)")
        assertReports(diagnostics, line: 10, "field `kind` appears twice in segue `more`")
        assertReports(diagnostics, line: 10, "segue `more` goes to unknown scene `gone`")
    }

    func testDuplicateKeysInABlockKeysMapping() {
        let diagnostics = diagnose(
            """
            storyboard: Demo
            initial: list
            scenes:
              list:
                kind: ItemList
                title: Items
                keys:
                  q: quit
                  r: refresh
                  q: refresh
            """)
        assertReports(diagnostics, line: 10, "key `q` is bound twice in scene `list` (first on line 8)")
    }

    func testMissingRequiredFields() {
        let diagnostics = diagnose(
            """
            scenes:
              list: {title: Items}
            segues:
              open: {from: list, kind: push}
              back: {to: list}
            """)
        assertReports(diagnostics, line: 1, "the storyboard has no `storyboard:` field")
        assertReports(diagnostics, line: 1, "the storyboard has no `initial:` field")
        assertReports(diagnostics, line: 2, "scene `list` has no `kind:` field")
        assertReports(diagnostics, line: 4, "segue `open` has no `to:` field; a push segue needs a destination")
        assertReports(diagnostics, line: 5, "segue `back` has no `from:` field")
        assertReports(diagnostics, line: 5, "segue `back` has no `kind:` field")
    }

    func testWrongShapesAreReported() {
        let diagnostics = diagnose(
            """
            storyboard: [Demo]
            initial: list
            scenes:
              list: {kind: ItemList, title: Items, keys: [enter, quit], help: true}
              root: {kind: Plain, title: Root}
            segues: just text
            """)
        assertReports(diagnostics, line: 1, "`storyboard` of the storyboard must be text, found a list")
        assertReports(diagnostics, line: 4, "expected `keys` of scene `list` to be a mapping")
        assertReports(diagnostics, line: 4, "`help` of scene `list` must be text, found the boolean `true`")
        assertReports(diagnostics, line: 5, "`root` is reserved for `unwind` segues")
        assertReports(
            diagnostics, line: 6, "expected `segues` to be a mapping of segue identifiers to segues, found `just text`")
    }

    func testReplaceCyclesAreWarnings() {
        var warnings: [StoryboardDiagnostic] = []
        onMainActor {
            warnings =
                StoryboardLoader(registry: FakeContext().registry())
                .diagnose(.text(StoryboardFixtures.rebound, fileName: "Demo.storyboard")).diagnostics
        }
        XCTAssertEqual(warnings.errors, [])
        XCTAssertTrue(
            warnings.warnings.contains {
                $0.message.contains("replace each other in a cycle (`detail` → `more` → `detail`)") && $0.line == 9
            }, warnings.map(\.description).joined(separator: "\n"))
    }

    func testAStoryboardLoadedUnderTheWrongNameIsAnError() throws {
        try onMainActor {
            let loader = StoryboardLoader(registry: FakeContext().registry(), expectedName: "Settings")
            XCTAssertThrowsError(try loader.load(.text(StoryboardFixtures.demo, fileName: "Settings.storyboard"))) {
                error in
                XCTAssertEqual(
                    (error as? StoryboardLoadError)?.diagnostics.map(\.description),
                    [
                        "Settings.storyboard:2:13: error: the file declares storyboard `Demo` but is the `Settings` "
                            + "context's storyboard; write `storyboard: Settings`"
                    ])
            }
        }
    }

    func testWithoutARegistryOnlyTheStructureIsChecked() {
        let result = StoryboardLoader(registry: nil).diagnose(
            .text(
                """
                storyboard: Demo
                initial: list
                scenes:
                  list: {kind: Anything, title: Items, keys: {x: someAction, enter: open}}
                  other: {kind: Whatever, title: Other}
                segues:
                  open: {from: list, to: othr, kind: push}
                """, fileName: "Demo.storyboard"))
        XCTAssertEqual(result.diagnostics.errors.map(\.line), [7])
        XCTAssertFalse(result.isUsable)
    }
}
