import AppFactory
import AppShell
import XCTest

/// `journals:` and `default-journal:` in the config file: read in file order, every problem located,
/// and the journal a run uses chosen by one precedence.
final class UserConfigurationJournalsTests: ConfigFileTestCase {
    func testNamedJournalsAreReadInFileOrder() throws {
        let configuration = try load(
            """
            journals:
              private: ~/diary.sqlite
              work: /srv/work.sqlite
              team: postgresql://me@db.example:5432/team?sslmode=require
            default-journal: work
            """)
        XCTAssertEqual(
            configuration.journals,
            [
                NamedJournal(name: "private", location: "/home/me/diary.sqlite", line: 2),
                NamedJournal(name: "work", location: "/srv/work.sqlite", line: 3),
                NamedJournal(name: "team", location: "postgresql://me@db.example:5432/team?sslmode=require", line: 4),
            ])
        XCTAssertEqual(configuration.defaultJournal, .init("work", line: 5))
        XCTAssertEqual(
            configuration.journalsByName(environment: ["HOME": "/home/me"]).map(\.name),
            ["default", "private", "work", "team"])
    }

    /// Good and broken files, each problem with file:line:col.
    func testBrokenJournalsAreLocated() throws {
        let table: [(text: String, problems: [String])] = [
            (
                "journals:\n  work: /w.sqlite\ndefault-journal: wrok\n",
                [
                    "config.yaml:3:18: error: `default-journal` names no journal of `journals`: `wrok`; did you mean `work`?"
                ]
            ),
            (
                "default-journal: work\n",
                [
                    "config.yaml:1:18: error: `default-journal` names no journal of `journals`: `work`; name it under `journals:`"
                ]
            ),
            (
                "journals:\n  team: postgresql://me@/team\n",
                ["config.yaml:2:9: error: the journal `team` is not a usable postgresql:// URL: it names no host"]
            ),
            (
                "journals:\n  team: postgresql://me:secret@db/team\n",
                [
                    "config.yaml:2:9: error: the journal `team` is not a usable postgresql:// URL: it holds a password: put it in PGPASSWORD or ~/.pgpass instead"
                ]
            ),
            (
                "journals:\n  a: /j/one.sqlite\n  b: /j/./x/../one.sqlite\n",
                ["config.yaml:3:3: error: `b` names the same journal as `a` (line 2); keep one name for it"]
            ),
            (
                "journals:\n  a: postgresql://me@DB/team\n  b: postgresql://me@db:5432/team\n",
                ["config.yaml:3:3: error: `b` names the same journal as `a` (line 2); keep one name for it"]
            ),
            (
                "journals:\n  work: notes.sqlite\n",
                [
                    "config.yaml:2:9: error: the journal `work` must be an absolute path (or start with ~/), found `notes.sqlite`, which would name another file in every folder"
                ]
            ),
            (
                "journals:\n  work:\n",
                ["config.yaml:2:8: error: the journal `work` must be a file path or a postgresql:// URL, found nothing"]
            ),
            (
                "journals:\n  \"my work\": /w.sqlite\n  -x: /x.sqlite\n",
                [
                    "config.yaml:2:3: error: a journal's name is one word of letters, digits, `-`, `_` or `.` (at most 40 characters, not starting with `-`), found `my work`",
                    "config.yaml:3:3: error: a journal's name is one word of letters, digits, `-`, `_` or `.` (at most 40 characters, not starting with `-`), found `-x`",
                ]
            ),
            (
                "journals: /w.sqlite\n",
                [
                    "config.yaml:1:11: error: `journals` must map names to a file or a postgresql:// URL (work: ~/work.sqlite), found `/w.sqlite`"
                ]
            ),
            (
                "database: /d.sqlite\njournals:\n  work: /w.sqlite\ndefault-journal: work\n",
                [
                    "config.yaml:4:18: error: `database` (line 1) and `default-journal` both choose the journal opened by default; keep one"
                ]
            ),
            (
                "database: /d.sqlite\njournals:\n  default: /w.sqlite\n",
                [
                    "config.yaml:3:3: error: `database` (line 1) and the journal named `default` both say where the default journal is; keep one"
                ]
            ),
            (
                "journals:\n  work: /w.sqlite\n  work: /v.sqlite\n",
                ["config.yaml:3:3: error: `work` is set twice (first at line 2); keep one"]
            ),
            (
                "journal:\n  work: /w.sqlite\n",
                ["config.yaml:1:1: error: unknown setting `journal`; did you mean `journals`?"]
            ),
        ]
        for row in table {
            XCTAssertEqual(try problems(row.text), row.problems, row.text)
        }
        // The good neighbours of those: a user left out of a URL, a link and its file under one name.
        XCTAssertEqual(try load("journals:\n  team: postgresql://db/team\n").journals.count, 1)
        XCTAssertEqual(try load("journals:\n  a: /j/one.sqlite\n  b: /j/two.sqlite\n").journals.count, 2)
    }

    func testNoConfigMeansTheDefaultFile() throws {
        let nothing = UserConfiguration(path: "/c.yaml")
        let chosen = try EffectiveSettings.journal(
            databaseFlag: nil, journalFlag: nil, environment: ["HOME": "/home/me"], configuration: nothing)
        XCTAssertEqual(
            chosen,
            ChosenJournal(
                name: "default",
                location: EffectiveSetting(
                    name: "database", value: "/home/me/.local/share/entries/entries.sqlite", source: .builtIn)))
    }

    /// A journal of `journals:` kept at the built-in file is that file's only name in every list (the
    /// picker, `entries journals`, completions); `-j default` still opens it, under its name.
    func testTheDefaultFileNamedInTheConfigIsListedOnceUnderItsName() throws {
        let configuration = try load(
            """
            journals:
              personal: ~/.local/share/entries/entries.sqlite
              work: /srv/work.sqlite
            """)
        let environment = ["HOME": "/home/me"]
        XCTAssertEqual(configuration.journalsByName(environment: environment).map(\.name), ["personal", "work"])
        for flag in [nil, "default", "personal"] {
            let chosen = try EffectiveSettings.journal(
                databaseFlag: nil, journalFlag: flag, environment: environment, configuration: configuration)
            XCTAssertEqual(chosen.name, "personal", "-j \(flag ?? "(none)")")
            XCTAssertEqual(chosen.location.value, "/home/me/.local/share/entries/entries.sqlite")
        }
        // `database:` elsewhere: the default is its own journal again.
        let elsewhere = try load("database: /srv/diary.sqlite\njournals:\n  work: /srv/work.sqlite\n")
        XCTAssertEqual(elsewhere.journalsByName(environment: environment).map(\.name), ["default", "work"])
    }

    /// --database or --journal (not both) > $ENTRIES_JOURNAL > $ENTRIES_DATABASE > default-journal >
    /// the journal named default > database: > the built-in file.
    func testThePrecedenceOfPathsAndNames() throws {
        var configuration = UserConfiguration(path: "/c.yaml")
        configuration.journals = [
            NamedJournal(name: "work", location: "/w.sqlite", line: 2),
            NamedJournal(name: "home", location: "/h.sqlite", line: 3),
        ]
        configuration.defaultJournal = .init("home", line: 4)
        let both = ["HOME": "/me", "ENTRIES_JOURNAL": "work", "ENTRIES_DATABASE": "/env.sqlite"]
        let rows:
            [(
                database: String?, journal: String?, environment: [String: String], name: String?, value: String,
                source: SettingSource
            )] = [
                ("/flag.sqlite", nil, both, nil, "/flag.sqlite", .commandLine(option: "--database")),
                ("/w.sqlite", nil, both, "work", "/w.sqlite", .commandLine(option: "--database")),
                (nil, "home", both, "home", "/h.sqlite", .commandLine(option: "--journal")),
                (nil, nil, both, "work", "/w.sqlite", .environment(variable: "ENTRIES_JOURNAL")),
                (
                    nil, nil, ["HOME": "/me", "ENTRIES_DATABASE": "/env.sqlite"], nil, "/env.sqlite",
                    .environment(variable: "ENTRIES_DATABASE")
                ),
                (nil, nil, ["HOME": "/me"], "home", "/h.sqlite", .configFile(path: "/c.yaml", line: 3)),
                (
                    nil, "default", ["HOME": "/me"], "default", "/me/.local/share/entries/entries.sqlite",
                    .commandLine(option: "--journal")
                ),
            ]
        for row in rows {
            let chosen = try EffectiveSettings.journal(
                databaseFlag: row.database, journalFlag: row.journal, environment: row.environment,
                configuration: configuration)
            XCTAssertEqual(chosen.name, row.name, "\(row)")
            XCTAssertEqual(chosen.location.value, row.value, "\(row)")
            XCTAssertEqual(chosen.location.source, row.source, "\(row)")
        }
        configuration.defaultJournal = nil
        configuration.journals.append(NamedJournal(name: "default", location: "/d.sqlite", line: 5))
        XCTAssertEqual(
            try EffectiveSettings.journal(
                databaseFlag: nil, journalFlag: nil, environment: ["HOME": "/me"],
                configuration: configuration
            ).location.value, "/d.sqlite")
    }

    func testAnUnknownNameOrBothOptionsAreRefused() {
        var configuration = UserConfiguration(path: "/c.yaml")
        configuration.journals = [NamedJournal(name: "work", location: "/w.sqlite", line: 2)]
        XCTAssertThrowsError(
            try EffectiveSettings.journal(
                databaseFlag: nil, journalFlag: "wrok", environment: [:], configuration: configuration)
        ) {
            XCTAssertEqual(
                ($0 as? JournalChoiceError)?.description,
                "no journal is named `wrok` (--journal); did you mean `work`? The journals are default, work "
                    + "(`journals:` in the config file names them, `entries journals` lists them).")
        }
        XCTAssertThrowsError(
            try EffectiveSettings.journal(
                databaseFlag: nil, journalFlag: nil, environment: ["ENTRIES_JOURNAL": "zzz"],
                configuration: configuration)
        ) {
            XCTAssertEqual(
                ($0 as? JournalChoiceError).map {
                    "\($0)".hasPrefix("no journal is named `zzz` ($ENTRIES_JOURNAL). The journals")
                }, true)
        }
        XCTAssertThrowsError(
            try EffectiveSettings.journal(
                databaseFlag: "/x", journalFlag: "work", environment: [:], configuration: configuration)
        ) {
            XCTAssertEqual($0 as? JournalChoiceError, .pathAndName)
        }
    }
}
