// swift-tools-version:6.1
// The entries package: a terminal browser for entries kept in SQLite, and a worked example of an app
// built from separate contexts (Entries, Settings), an App Factory and an App Controller.
// The module graph is the one in README.md ("Architecture"); contexts never depend on each other.
import PackageDescription

let package = Package(
    name: "entries",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "entries", targets: ["entries"]),
        .library(name: "AppShell", targets: ["AppShell"]),
        .library(name: "AppShellTesting", targets: ["AppShellTesting"]),
        .library(name: "EntryStore", targets: ["EntryStore"]),
        .library(name: "EntriesContext", targets: ["EntriesContext"]),
        .library(name: "SettingsContext", targets: ["SettingsContext"]),
        .library(name: "AppFactory", targets: ["AppFactory"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        // The terminal UI kit: terminal driver, cells, renderer, scenes, navigation, storyboards, widgets.
        // Knows nothing about entries.
        // (FORMAT.md documents the storyboard file format for authors; it is not a resource.)
        .target(name: "AppShell", dependencies: [.product(name: "Yams", package: "Yams")], exclude: ["Storyboard/FORMAT.md"]),
        // Headless screen assertions for tests of AppShell and of anything built with it.
        .target(name: "AppShellTesting", dependencies: ["AppShell"]),
        // The Entry model, repository protocols and their SQLite implementation, import and export.
        .target(
            name: "EntryStore",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                // The SQLite C API, for text that must keep NUL bytes and for the bulk-insert fast path.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "SQLiteDefensive",
            ]
        ),
        // SQLITE_DBCONFIG_DEFENSIVE for every connection: sqlite3_db_config() is variadic, which Swift cannot call.
        .target(name: "SQLiteDefensive", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        // The Entries context: list, details, more details, search. Declares EntriesFlow.
        .target(
            name: "EntriesContext",
            dependencies: ["AppShell", "EntryStore"],
            resources: [.copy("Entries.storyboard")]
        ),
        // The Settings context, presented modally over Entries. Declares SettingsFlow.
        .target(
            name: "SettingsContext",
            dependencies: ["AppShell", "EntryStore"],
            resources: [.copy("Settings.storyboard")]
        ),
        // The App Factory and the App Controller (the "CEO object").
        // Yams: the person's config file (config.yaml).
        .target(name: "AppFactory", dependencies: ["AppShell", "EntryStore", "EntriesContext", "SettingsContext", .product(name: "Yams", package: "Yams")]),
        // The lean "app delegate": parses arguments, builds the factory, launches.
        .executableTarget(
            name: "entries",
            dependencies: [
                "AppFactory", "EntryStore", "AppShell",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Benchmarks (not part of the tests): `swift run -c release entries-bench --help`.
        .executableTarget(name: "entries-bench", dependencies: ["EntryStore", "AppShell"]),
        // A small demo of AppShell alone (list → detail → back, a modal, help), used by its end-to-end test.
        .executableTarget(name: "shell-demo", dependencies: ["AppShell"]),
        // Renderer and input decoder benchmarks (not tests): `swift run -c release shell-bench`.
        .executableTarget(name: "shell-bench", dependencies: ["AppShell"]),
        // The Entries context embedded alone in another app (README, "Embedding a context").
        .executableTarget(name: "embedded-entries", dependencies: ["EntriesContext", "EntryStore", "AppShell"], path: "Examples/EmbeddedEntries"),

        .testTarget(name: "AppShellTests", dependencies: ["AppShell", "AppShellTesting"]),
        .testTarget(
            name: "EntryStoreTests",
            // GRDB directly too: tests make foreign, locked and newer-schema databases with raw SQL.
            dependencies: ["EntryStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .testTarget(name: "EntriesContextTests", dependencies: ["EntriesContext", "AppShellTesting", "EntryStore"]),
        .testTarget(name: "SettingsContextTests", dependencies: ["SettingsContext", "AppShellTesting", "EntryStore"]),
        .testTarget(name: "AppFactoryTests", dependencies: ["AppFactory", "AppShellTesting"]),
        // The embedded example driven headless: no SettingsContext, no AppFactory in its graph.
        .testTarget(name: "EmbeddedEntriesTests", dependencies: ["embedded-entries", "EntriesContext", "EntryStore", "AppShellTesting"]),
        // Runs the built `entries` binary as a subprocess.
        // GRDB directly to turn a database into one an older version wrote.
        .testTarget(
            name: "EntriesCommandTests",
            dependencies: ["EntryStore", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        // Runs the real binaries under tmux.
        .testTarget(name: "EndToEndTests", dependencies: []),
        // Faults and hostile input: killed imports, concurrent writers, a full disk, bad files,
        // signals, fuzzing, escape sequences. Fast counts in `make test`; `make reliability` runs the
        // full counts (scripts/reliability.sh). GRDB directly to check integrity and make bad files.
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "EntryStore", "AppShell", "EntriesContext", "AppShellTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
