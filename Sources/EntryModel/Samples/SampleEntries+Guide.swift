extension SampleEntries {
    /// Using the app and the command line, one subject an entry.
    static var guide: [EntryDraft] {
        [
            sample(
                "Welcome to entries", day: 150, hour: 9, tags: ["start-here"],
                body: """
                    # Welcome

                    **entries** is your journal in the terminal. The list shows the newest entries first; \
                    everything is driven by the keyboard.

                    - `j`/`k` or the arrow keys move the selection, `g`/`G` go to the top and the bottom
                    - `Enter` opens the details of an entry, `m` shows more details
                    - `Esc` or `Backspace` goes back
                    - `?` lists the keys of the screen you are on, `q` quits

                    These few entries are a guide; each carries the tag `sample`. When you have read them, \
                    remove them all at once from the shell with `entries delete --tag sample` (it asks \
                    first), or one by one here with `d`.
                    """,
                more: """
                    Where is the journal? In one SQLite file: `--database PATH`, else `$ENTRIES_DATABASE`, \
                    else `database:` in your config, else `~/.local/share/entries/entries.sqlite` (under \
                    `$XDG_DATA_HOME` when it is set). `entries config` shows which one is in force.
                    """),
            sample(
                "Writing an entry", day: 149, hour: 18, minute: 20, tags: ["writing"],
                body: """
                    `a` opens your editor on a new entry; `e` on the selected one. Write as you like: the \
                    first sentence (or line) is the title, the rest is the body. A `Title:`, `Tags:` or \
                    `Date:` line at the top sets those instead.

                    From the shell, as in jrnl:

                    ```
                    entries add "Called mum. She says hi. @family"
                    entries add "yesterday: Ran 5k in 27 minutes. @health"
                    entries add "* Best day of the year."
                    ```

                    Every `@word` in the text is a tag (delete it from the text and the tag goes too), a \
                    date phrase and a colon at the start date the entry, and `*` stars it.
                    """,
                more: """
                    `d` moves an entry to the trash after asking (for 30 days: `entries trash restore ID` \
                    brings it back), and `u` undoes the changes made since the app started, newest first. \
                    An entry another program changed while you edited it is never overwritten: your text \
                    is kept for another try.
                    """),
            sample(
                "Finding entries", day: 148, hour: 11, tags: ["search"],
                body: """
                    Press `/` and type: the results narrow with every key, best match first, the words \
                    found highlighted. `Enter` keeps the results, `Esc` clears the search.

                    | query | finds |
                    |---|---|
                    | `red beans` | both words, the last also as a prefix |
                    | `"red beans"` | the words side by side |
                    | `beans -slugs` | beans, but not slugs |
                    | `tomato OR pepper` | either |
                    | `tag:garden`, `date:"last week"` | by tag, by date |
                    | `tag:work OR tag:home`, `-tag:draft` | either tag; not the tag |

                    On the list, `t` filters by tags, `f` shows the starred entries, `D` filters by a \
                    date phrase (`june 2024`) and `J` jumps to one.
                    """,
                more: """
                    Case and accents are ignored: `cafe` finds *Café*, `tag:Work` the entries tagged `work`. The same queries work in the shell: \
                    `entries search "red beans" tag:recipes`.
                    """),
            sample(
                "Reading in the shell", day: 147, hour: 16, minute: 45, tags: ["command-line"],
                body: """
                    Every screen has a command:

                    ```
                    entries list --tag work --from "last month"
                    entries read -n 10
                    entries show 1
                    entries search garden --starred
                    entries export --format markdown --tag work
                    ```

                    `entries read` prints entries whole, in your pager on a terminal. `--json` gives \
                    scripts something to parse, and a command that cannot do what you asked says so and \
                    exits with a non-zero status.
                    """,
                more: """
                    `entries --help`, `entries COMMAND --help` and `man entries` explain every command and \
                    option; `entries completions bash` (or `zsh`, `fish`) prints a completion script.
                    """),
            sample(
                "The Calendar and Settings", day: 146, hour: 10, minute: 5, tags: ["calendar", "settings"],
                editedDaysLater: 3,
                body: """
                    `c` opens the **Calendar**: a month calendar shaded by how much you wrote each day, \
                    your streaks, entries per month and your top tags. The arrow keys move by day and \
                    week, `[` and `]` by month; `Enter` shows that day's entries in the list.

                    `s` opens **Settings**: the sort order of the list, the date format, colour, whether \
                    deleting asks first, the first day of the week and the theme. Each change is saved at \
                    once; `Esc` closes Settings.
                    """,
                more: """
                    Settings and the Calendar are contexts of their own: modules that know nothing of the \
                    list and the details. The App Controller moves between them.
                    """),
            sample(
                "Bringing your journal in", day: 145, hour: 20, tags: ["import"],
                body: """
                    `entries import FILE` reads jrnl's JSON export (`jrnl --export json`), Day One's export \
                    (the `.zip` as it is), our JSON, JSON Lines and CSV, or a folder of Markdown notes (nb, \
                    Obsidian). It is all or nothing: a bad record imports nothing and names the record.

                    Keep it private: `entries encrypt` encrypts the whole journal with a passphrase, so \
                    nothing in it is readable on disk, and search still narrows as you type.
                    """,
                more: """
                    Importing the same export twice adds nothing: entries already present are skipped and \
                    counted. `entries export` writes every format back, and a JSON export round-trips exactly.
                    """),
        ]
    }
}
