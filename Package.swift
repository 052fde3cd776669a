// swift-tools-version:6.1
// The entries package: a terminal browser for entries kept in SQLite, and a worked example of an app
// built from separate contexts (Entries, Settings, Calendar, Trash), an App Factory and an App Controller.
// The module graph is the one in ARCHITECTURE.md; contexts never depend on each other.
import PackageDescription

let package = Package(
    name: "entries",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "entries", targets: ["entries"]),
        .library(name: "AppShell", targets: ["AppShell"]),
        .library(name: "AppShellTesting", targets: ["AppShellTesting"]),
        .library(name: "EntryModel", targets: ["EntryModel"]),
        .library(name: "SQLiteStore", targets: ["SQLiteStore"]),
        .library(name: "PostgreSQLStore", targets: ["PostgreSQLStore"]),
        .library(name: "PostgreSQLAddress", targets: ["PostgreSQLAddress"]),
        .library(name: "EntryInterchange", targets: ["EntryInterchange"]),
        .library(name: "EntryUI", targets: ["EntryUI"]),
        .library(name: "EntriesContext", targets: ["EntriesContext"]),
        .library(name: "SettingsContext", targets: ["SettingsContext"]),
        .library(name: "CalendarContext", targets: ["CalendarContext"]),
        .library(name: "TrashContext", targets: ["TrashContext"]),
        .library(name: "AppFactory", targets: ["AppFactory"]),
    ],
    // The PostgreSQL client (postgres-nio, SwiftNIO and BoringSSL through swift-nio-ssl) is most of a
    // fresh build's time and much of the binary; a person who keeps SQLite journals only can leave
    // it out: `swift build --disable-default-traits --product entries` (docs/install.md). Such a build
    // still reads `postgresql://` locations, and says it cannot open them.
    traits: [
        .trait(
            name: "PostgreSQL",
            description:
                "The PostgreSQL client: journals kept on a PostgreSQL server (postgres-nio, SwiftNIO, BoringSSL)."
        ),
        .default(enabledTraits: ["PostgreSQL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", exact: "2.37.6"),
        // BoringSSL's AES-256-GCM for the pages of encrypted journals (SQLiteCipher), in every build.
        // postgres-nio requires it too, with a wider range.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // Already required by postgres-nio; named here because PostgreSQLStore uses them directly.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // The terminal UI kit: terminal driver, cells, renderer, scenes, navigation, storyboards, widgets.
        // Knows nothing about entries.
        // (FORMAT.md documents the storyboard file format for authors; it is not a resource.)
        .target(
            name: "AppShell", dependencies: [.product(name: "Yams", package: "Yams")],
            exclude: ["Storyboard/FORMAT.md", "Layout/LAYOUT.md"]),
        // Headless screen assertions for tests of AppShell and of anything built with it.
        .target(name: "AppShellTesting", dependencies: ["AppShell"]),
        // The Entry model: entries, drafts, summaries, the repository protocols, preferences, and the
        // in-memory repository. Depends on nothing: a context that imports only this links no database.
        .target(name: "EntryModel"),
        // The embedded store: the repositories on SQLite (GRDB), the schema, its checks and migrations.
        .target(
            name: "SQLiteStore",
            dependencies: [
                "EntryModel",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The SQLite C API, for text that must keep NUL bytes and for the bulk-insert fast path.
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
                "SQLiteDefensive",
                "SQLiteCipher",
            ],
            exclude: ["Encryption/ENCRYPTION.md"]
        ),
        // Where a PostgreSQL journal lives (`postgresql://…`, parsed and checked) and its password
        // (PGPASSWORD, ~/.pgpass). Foundation only: an SQLite-only build keeps it, to tell a server's
        // location from a file's and to say that it cannot open one.
        .target(name: "PostgreSQLAddress", dependencies: ["EntryModel"]),
        // The shared store: the repositories on PostgreSQL (postgres-nio), the schema and its migrations,
        // TLS through swift-nio-ssl, and the LISTEN/NOTIFY change feed. Only with the PostgreSQL trait:
        // every target that uses it depends on it under that condition, and names it under `#if PostgreSQL`.
        .target(
            name: "PostgreSQLStore",
            dependencies: [
                "EntryModel",
                "PostgreSQLAddress",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // A private PostgreSQL server for tests (initdb in a temporary folder), used by every test target
        // that runs on PostgreSQL. Foundation only: it drives the server's own tools.
        .target(name: "PostgreSQLTesting"),
        // Import and export formats (JSON, JSON Lines, jrnl JSON, CSV, Markdown, text), on any repository.
        // CZlib: a Day One export's zip is read with the system's zlib (Zip/ZipArchive.swift says why not ZIPFoundation).
        .target(name: "EntryInterchange", dependencies: ["EntryModel", "CZlib"]),
        // The system zlib (raw inflate for zip members; inflateInit2() is a macro, which Swift cannot call).
        .target(name: "CZlib", linkerSettings: [.linkedLibrary("z")]),
        // SQLITE_DBCONFIG_DEFENSIVE for every connection: sqlite3_db_config() is variadic, which Swift cannot call.
        .target(name: "SQLiteDefensive", dependencies: [.product(name: "GRDBSQLite", package: "GRDB.swift")]),
        // The encrypting VFS of encrypted journals (Sources/SQLiteStore/Encryption/ENCRYPTION.md), in C:
        // a VFS is a table of C function pointers. Every primitive is libsodium's (libsodium-dev) or
        // BoringSSL's: AES-256-GCM for pages, through BoringSSL's C interface (`CCryptoBoringSSL_aead.h`),
        // which swift-crypto builds and links for its Crypto product (called per page in place, with
        // no allocation; Crypto's Swift API allocates a sealed box per call).
        .target(
            name: "SQLiteCipher",
            dependencies: [
                .product(name: "GRDBSQLite", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto"),
            ],
            linkerSettings: [.linkedLibrary("sodium")]),
        // What the contexts share about entries: the keyset page cache, row formatting, the
        // edit-as-text use case (with its refusal of an entry changed meanwhile) and loading off the
        // main thread. Knows no context.
        // The shipped layout file is for people to read and copy; the binary carries it compiled.
        .target(name: "EntryUI", dependencies: ["AppShell", "EntryModel"], exclude: ["Layouts/EntryList.layout"]),
        // The Entries context: list, details, more details, search. Declares EntriesFlow.
        .target(
            name: "EntriesContext",
            dependencies: ["AppShell", "EntryModel", "EntryUI"],
            // The file people read and copy; the binary carries it compiled (`make storyboards`).
            exclude: [
                "Entries.storyboard", "Layouts/EntryDetails.layout", "Layouts/EntryPreview.layout",
                "Layouts/EntryMoreDetails.layout",
            ]
        ),
        // The Settings context, presented modally over Entries. Declares SettingsFlow.
        .target(
            name: "SettingsContext",
            dependencies: ["AppShell", "EntryModel", "EntryUI"],
            // The file people read and copy; the binary carries it compiled (`make storyboards`).
            exclude: ["Settings.storyboard", "Layouts/SettingsEntryList.layout"]
        ),
        // The Calendar context (the month calendar, streaks, statistics), presented over Entries. Declares CalendarFlow.
        .target(
            name: "CalendarContext",
            dependencies: ["AppShell", "EntryModel", "EntryUI"],
            // The file people read and copy; the binary carries it compiled (`make storyboards`).
            exclude: ["Calendar.storyboard"]
        ),
        // The Trash context (deleted entries: restore, empty), reached by reference (`to: Trash`).
        .target(
            name: "TrashContext", dependencies: ["AppShell", "EntryModel", "EntryUI"], exclude: ["Trash.storyboard"]),
        // The App Factory and the App Controller (the "CEO object").
        // Yams: the person's config file (config.yaml).
        .target(
            name: "AppFactory",
            dependencies: [
                "AppShell", "EntryModel", "EntryUI", "SQLiteStore", "PostgreSQLAddress", "EntriesContext",
                "SettingsContext", "CalendarContext", "TrashContext", .product(name: "Yams", package: "Yams"),
                .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
            ]),
        // The lean "app delegate": parses arguments, builds the factory, launches.
        .executableTarget(
            name: "entries",
            dependencies: [
                "AppFactory", "EntryModel", "SQLiteStore", "PostgreSQLAddress", "EntryInterchange", "AppShell",
                "EntryUI", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // Benchmarks (not part of the tests): `swift run -c release entries-bench --help`.
        // PostgreSQLTesting: `--backend postgres` runs on a private server started for the run.
        .executableTarget(
            name: "entries-bench",
            dependencies: [
                "EntryModel", "SQLiteStore", "PostgreSQLTesting", "EntryInterchange", "AppShell", "EntryUI",
                "AppFactory", .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // A small demo of AppShell alone (list → detail → back, a modal, help), used by its end-to-end test.
        .executableTarget(name: "shell-demo", dependencies: ["AppShell"]),
        // Renderer and input decoder benchmarks (not tests): `swift run -c release shell-bench`.
        .executableTarget(name: "shell-bench", dependencies: ["AppShell"]),
        // The Entries context embedded alone in another app (docs/embedding.md).
        .executableTarget(
            name: "embedded-entries", dependencies: ["EntriesContext", "EntryModel", "AppShell"],
            path: "Examples/EmbeddedEntries"),
        // Entries, Calendar and Trash composed by another app with its own App Controller and no Settings.
        .executableTarget(
            name: "journal-desk",
            dependencies: ["EntriesContext", "CalendarContext", "TrashContext", "EntryUI", "EntryModel", "AppShell"],
            path: "Examples/JournalDesk"),

        // The tutorial's context, built from nothing (Sources/AppShell/Documentation.docc, "Build a
        // context"): a module of its own that knows AppShell and EntryModel, not the Entries context.
        .target(
            name: "MemoriesContext", dependencies: ["AppShell", "EntryModel"], path: "Examples/Memories/MemoriesContext"
        ),
        // The tutorial's app: Entries and Memories composed by a small App Controller of its own.
        .executableTarget(
            name: "memories-desk", dependencies: ["MemoriesContext", "EntriesContext", "EntryModel", "AppShell"],
            path: "Examples/Memories/MemoriesDesk"),

        .testTarget(
            name: "AppShellTests",
            dependencies: ["AppShell", "AppShellTesting", .product(name: "Yams", package: "Yams")]),
        .testTarget(
            name: "EntryStoreTests",
            // GRDB directly too: tests make foreign, locked and newer-schema databases with raw SQL.
            dependencies: [
                "EntryModel", "SQLiteStore", "PostgreSQLAddress", "PostgreSQLTesting", "EntryInterchange",
                "AppShellTesting", .target(name: "PostgreSQLStore", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "GRDB", package: "GRDB.swift"),
                // The cipher's primitives directly, for their known-answer tests.
                "SQLiteCipher",
            ],
            // Files the tests copy and open (read through #filePath, not bundled).
            exclude: ["Fixtures"]
        ),
        // SQLiteStore too: some tests run the list on a real database of a million entries.
        .testTarget(
            name: "EntriesContextTests",
            dependencies: ["EntriesContext", "EntryUI", "AppShellTesting", "EntryModel", "SQLiteStore"]),
        // SQLiteStore too: preferences are checked to persist in a real database.
        .testTarget(
            name: "SettingsContextTests",
            dependencies: ["SettingsContext", "EntryUI", "AppShellTesting", "EntryModel", "SQLiteStore"]),
        .testTarget(
            name: "CalendarContextTests", dependencies: ["CalendarContext", "AppShellTesting", "EntryModel", "EntryUI"]),
        .testTarget(
            name: "TrashContextTests", dependencies: ["TrashContext", "EntryUI", "AppShellTesting", "EntryModel"]),
        .testTarget(
            name: "AppFactoryTests", dependencies: ["AppFactory", "AppShellTesting", "EntryModel", "SQLiteStore"]),
        // The embedded example driven headless: no SettingsContext, no AppFactory in its graph.
        .testTarget(
            name: "EmbeddedEntriesTests",
            dependencies: ["embedded-entries", "EntriesContext", "EntryModel", "AppShellTesting"]),
        // The composed example driven headless: no SettingsContext, no AppFactory, no store in its graph.
        .testTarget(
            name: "JournalDeskTests",
            dependencies: ["journal-desk", "EntriesContext", "CalendarContext", "EntryModel", "AppShellTesting"]),
        // The tutorial's app driven headless, and the tutorial's code checked against the compiled example.
        .testTarget(
            name: "MemoriesDeskTests",
            dependencies: ["memories-desk", "MemoriesContext", "EntriesContext", "EntryModel", "AppShellTesting"]),
        // Runs the built `entries` binary as a subprocess (on SQLite files, and once on PostgreSQL).
        // GRDB directly to turn a database into one an older version wrote.
        .testTarget(
            name: "EntriesCommandTests",
            dependencies: [
                "entries", "EntryModel", "SQLiteStore", "EntryInterchange", "PostgreSQLTesting", "AppShell",
                "AppShellTesting", "MemoriesContext",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Runs the real binaries under tmux.
        // PostgreSQLTesting: one tour runs on a private PostgreSQL server.
        .testTarget(name: "EndToEndTests", dependencies: ["PostgreSQLTesting"]),
        // Faults and hostile input: killed imports, concurrent writers, a full disk, bad files,
        // signals, fuzzing, escape sequences. Fast counts in `make test`; `make reliability` runs the
        // full counts (scripts/reliability.sh). GRDB directly to check integrity and make bad files;
        // PostgreSQLTesting for the server killed mid-import and writers over the network.
        .testTarget(
            name: "ReliabilityTests",
            dependencies: [
                "EntryModel", "SQLiteStore", "EntryInterchange", "AppShell", "EntriesContext", "AppShellTesting",
                "PostgreSQLTesting",
                .product(name: "GRDB", package: "GRDB.swift"),
                // The companion of HostileYAMLTests composes a bomb without the guard.
                .product(name: "Yams", package: "Yams"),
            ]
        ),
    ]
)
