extension SampleEntries {
    /// Using the `entries` command in scripts.
    static var commandLine: [EntryDraft] {
        [
            sample("The command line: entries list, show, search", day: 140, hour: 14, tags: ["guide", "cli"], body: """
                Without arguments `entries` opens the browser. With a subcommand it prints and exits, \
                which makes it scriptable:

                ```
                entries list              # one line per entry, newest first
                entries show 12           # everything about entry 12
                entries search keyset     # best matches first
                ```

                `entries --help` and `entries help <subcommand>` list every option.
                """, more: """
                Output is plain text that pipes well (`entries list | grep sqlite`); errors go to \
                stderr with a non-zero exit status and a message saying what to do.
                """),
            sample("Changing entries from scripts: add, edit, delete", day: 139, hour: 9, minute: 40, tags: ["guide", "cli"], body: """
                ```
                entries add --title "Call Ada" --tag home   # the body from --body or stdin
                entries edit 12      # entry 12 as text in $VISUAL or $EDITOR
                entries delete 12    # remove entry 12 (asks on a terminal; --yes)
                ```

                Each command is one transaction. Another `entries` browsing the same file notices the \
                change within a moment and refreshes its list.
                """, more: """
                Two programs can use the database at once: SQLite's WAL mode lets readers read while \
                one writer writes. A writer waits up to a few seconds for another, then reports the \
                file as locked.
                """),
            sample("Import and export", day: 138, hour: 17, tags: ["guide", "cli", "backup"], body: """
                `entries export` writes every entry to a file (or stdout) as JSON, JSON Lines, CSV or \
                Markdown; `entries import` reads our JSON and JSON Lines, jrnl's JSON export and CSV \
                back in a single transaction: all entries or none. A bad record is named with its \
                line or index and the reason, and nothing is imported.

                Exports keep titles, bodies, more details, tags and both dates exactly, so an export \
                followed by an import gives the same entries back.
                """, more: """
                Importing is fast (over a hundred thousand entries per second on two cores): the \
                rows go in many at a time, the sort indexes are built in one pass at the end, and \
                the full-text index is built meanwhile on a second thread. On a terminal, the import \
                shows how far it has come: reading the file, writing the entries, building the \
                indexes, saving.
                """),
            sample("Checking the storyboards: storyboard lint and graph", day: 137, hour: 11, minute: 15, tags: ["cli", "storyboards"], body: """
                ```
                entries storyboard lint    # every problem of every storyboard, then exit status
                entries storyboard graph   # the flow as a Mermaid graph (GitHub renders it)
                ```

                `lint` reports all problems at once, each with its file and line, e.g. a segue to a \
                scene that does not exist or a key bound twice in one scene.
                """, more: """
                `entries storyboard graph --format dot | dot -Tsvg > flow.svg` draws the scenes and \
                the segues between them: the app's navigation at a glance, straight from the metadata. \
                `entries --storyboards FOLDER` runs the app with edited copies, no recompiling.
                """),
            sample("Read-only mode and locked files", day: 136, hour: 15, minute: 50, tags: ["cli", "storage"], body: """
                Opened read-only (or when you may not write the file), `entries` browses and searches \
                as usual but refuses to add, edit or delete, and says so. The database file is not \
                changed by a single byte.

                If another program is writing to the database, a change waits a few seconds for it, \
                then reports the file as locked: try again when the other program is done.
                """, more: """
                Every error names the file and says what to do: not an entries database, written by \
                a newer version of entries, damaged, disk full...
                """),
        ]
    }
}
