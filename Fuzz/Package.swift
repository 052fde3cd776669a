// swift-tools-version:6.1
// Coverage-guided fuzzing of the parsers that read strangers' bytes: one libFuzzer harness (an
// executable whose main is libFuzzer's) per parser, each driving the entry point the app uses and
// checking what must hold of its result, not only that it does not crash.
//
// A package of its own, so that the main package's builds never carry the fuzzer's flags: it uses the
// main package's public libraries only. Built and run by scripts/fuzz.sh (`make fuzz`, and over the
// checked-in corpora only in `make test`), always with `--sanitize=fuzzer --sanitize=address`.
import PackageDescription

/// One harness: an executable target `Fuzz<name>` in Sources/Fuzz<name>, its corpus in Corpus/<name>.
func harness(_ name: String, _ dependencies: [Target.Dependency], swiftSettings: [SwiftSetting] = []) -> Target {
    .executableTarget(name: "Fuzz\(name)", dependencies: ["FuzzSupport"] + dependencies, swiftSettings: swiftSettings)
}

let package = Package(
    name: "entries-fuzz",
    platforms: [.macOS(.v13)],
    // Named, since a path package is known by its folder's name, which differs between checkouts.
    dependencies: [
        .package(name: "entries", path: ".."),
        // The config harness compiles AppFactory's config files, which read YAML with Yams themselves
        // (the same version as the main package's).
        .package(url: "https://github.com/jpsim/Yams", exact: "6.2.2"),
    ],
    targets: [
        // What every harness shares: reading the fuzzer's bytes, and failing loudly with the input.
        .target(name: "FuzzSupport"),
        harness("InputDecoder", [.product(name: "AppShell", package: "entries")]),
        harness("MarkdownRenderer", [.product(name: "AppShell", package: "entries")]),
        harness("Storyboard", [.product(name: "AppShell", package: "entries")]),
        harness("KeyOverlay", [.product(name: "AppShell", package: "entries")]),
        harness("DatePhrase", [.product(name: "EntryModel", package: "entries")]),
        // config.yaml: AppFactory's config files, linked into Sources/FuzzConfig (main.swift says why).
        harness(
            "Config",
            [
                .product(name: "AppShell", package: "entries"),
                .product(name: "EntryModel", package: "entries"),
                .product(name: "EntriesContext", package: "entries"),
                .product(name: "Yams", package: "Yams"),
                // What the parser checks a journal's postgresql:// location with: Foundation only,
                // without the PostgreSQL client's NIO and TLS code.
                .product(name: "PostgreSQLAddress", package: "entries"),
            ]),
        harness("SearchQuery", [.product(name: "EntryModel", package: "entries")]),
        // Layout files, checked against the kinds of the entry list (EntryUI) and of the entries context's scenes.
        harness(
            "Layout",
            [
                .product(name: "AppShell", package: "entries"),
                .product(name: "EntryUI", package: "entries"),
                .product(name: "EntriesContext", package: "entries"),
            ]),
        harness("EntryLinks", [.product(name: "EntryModel", package: "entries")]),
        harness("FullTextRecord", [.product(name: "SQLiteStore", package: "entries")]),
        harness("JournalHeader", [.product(name: "SQLiteStore", package: "entries")]),
        harness("ImportJSON", ["InterchangeFuzzing"]),
        harness("ImportJSONLines", ["InterchangeFuzzing"]),
        harness("ImportJrnl", ["InterchangeFuzzing"]),
        harness("ImportDayOne", ["InterchangeFuzzing"]),
        harness("ImportDayOneZip", ["InterchangeFuzzing"]),
        harness("ImportCSV", ["InterchangeFuzzing"]),
        harness("ImportMarkdownNote", ["InterchangeFuzzing"]),
        // The import harnesses' shared check: an import that succeeds round-trips through export.
        .target(
            name: "InterchangeFuzzing",
            dependencies: [
                "FuzzSupport",
                .product(name: "EntryModel", package: "entries"),
                .product(name: "EntryInterchange", package: "entries"),
            ]
        ),
    ]
)
