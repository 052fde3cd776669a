extension SampleEntries {
    /// How the store works: SQLite, pagination, search.
    static var storage: [EntryDraft] {
        [
            sample("One SQLite file, in WAL mode", day: 120, hour: 10, minute: 25, tags: ["sqlite", "storage"], body: """
                Entries live in one SQLite database opened in **WAL** (write-ahead log) mode: \
                readers never wait for the writer and the writer never waits for readers, so the \
                browser stays responsive while a script imports thousands of entries.

                Next to `entries.sqlite` you may see `entries.sqlite-wal` and `-shm` while it is open: \
                they belong to the database, keep them with it.
                """, more: """
                See https://www.sqlite.org/wal.html. A writer that finds another writer busy waits (5 \
                seconds by default) before reporting the database as locked.
                """),
            sample("Keyset pagination: page 20,000 costs the same as page 1", day: 119, hour: 14, tags: ["sqlite", "performance"], body: """
                The list never uses `OFFSET`, which walks every skipped row. It asks for "the 50 rows \
                after this one" instead:

                ```sql
                SELECT ... FROM entry
                WHERE createdAt = :date AND id < :id    -- ties with the last row seen
                   OR createdAt < :date                 -- then everything older
                ORDER BY createdAt DESC, id DESC LIMIT 50
                ```

                Every sort order has an index ending with `id`, and the two halves of the condition \
                run as two index seeks, so a page is as fast at the end of a million entries as at \
                the start.
                """, more: """
                The id breaks ties, which makes every order total: walking page by page never skips \
                nor repeats an entry, even when thousands share a date. Pages backwards work the same \
                way, with the comparisons reversed.
                """),
            sample("Full-text search with FTS5", day: 118, hour: 9, minute: 15, tags: ["sqlite", "search"], body: """
                Search uses an SQLite **FTS5** index over title, body, more details and tags, kept in \
                sync by triggers. Results are ranked by *bm25*, with title hits weighing most.

                What you type is turned into a safe query: each word is quoted, and the last one \
                becomes a prefix (`"keyset" "pag"*`), so results appear while you type.
                """, more: """
                On very large databases the ranking looks at the newest few thousand matches of a very \
                common word instead of all of them, so that every keystroke stays instant.
                """),
            sample("Migrations keep old databases working", day: 117, hour: 18, minute: 40, tags: ["sqlite", "storage"], body: """
                The schema is a list of named migrations. Opening a database applies the ones it \
                lacks, inside a transaction. A database written by a *newer* version is refused with \
                a clear message instead of being damaged.
                """, more: """
                A file that is not SQLite, or another application's SQLite database, is refused \
                before SQLite is allowed to touch it: not one byte of it changes.
                """),
            sample("Dates to the millisecond", day: 116, hour: 12, tags: ["storage"], body: """
                Created and updated dates are stored as whole milliseconds since 1970 (UTC), so they \
                sort exactly and survive an export and an import unchanged.

                Editing an entry moves its *updated* date forward, which is what the "updated" sort \
                order shows.
                """, more: """
                To read them in the `sqlite3` shell: `SELECT title, datetime(createdAt / 1000, 'unixepoch') FROM entry;`
                """),
            sample("Text is kept byte for byte", day: 115, hour: 21, minute: 5, tags: ["storage"], body: """
                Whatever you store comes back identical: long bodies, emoji, tabs, even control \
                characters. The store never "cleans" your text; the screen shows unprintable \
                characters safely instead of letting them reach the terminal.
                """, more: """
                Tags are the one exception: spaces around a tag are trimmed and repeated tags are \
                kept once, because a tag is a label, not text.
                """),
            sample("Reading the code: where to start", day: 114, hour: 10, tags: ["architecture", "start-here"], body: """
                1. `Sources/entries/main.swift` — the lean app delegate.
                2. `AppFactory` — what gets built, and the App Controller's cross-context moves.
                3. `Entries.storyboard` — the flow of the Entries context, as data.
                4. `EntryModel/Repository` — what the app needs of a store, as protocols.

                Each folder is a layer, each file has one job, and files stay short.
                """, more: """
                `make test` runs every test, including end-to-end tests that drive the real binary in \
                a terminal. `make bench` measures the store: imports, pages and searches on up to a \
                million entries.
                """),
            sample("Measuring it: make bench", day: 113, hour: 16, minute: 10, tags: ["performance", "sqlite"], body: """
                `make bench` builds a database of 10,000, 100,000 and a million generated entries and \
                prints one table: import rate, the time to fetch a page at the start, middle and end \
                of every sort order, tag-filtered pages, searches for common and rare words, and the \
                size of the file.

                Numbers asked of the app are met in a benchmark anyone can rerun, not asserted in tests.
                """, more: """
                `swift run -c release entries-bench store --sizes 100000 --keep /tmp/bench` keeps the \
                database, to look at it with `sqlite3` afterwards.
                """),
        ]
    }
}
