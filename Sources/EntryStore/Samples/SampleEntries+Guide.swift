extension SampleEntries {
    /// Using the app: the keys of each scene.
    static var guide: [EntryDraft] {
        [
            sample("Welcome to entries", day: 150, hour: 9, tags: ["guide", "start-here"], body: """
                # Welcome

                **entries** is a terminal browser for notes kept in one SQLite file. The list shows the \
                newest entries first; everything is driven by the keyboard.

                - the arrow keys move the selection
                - `Enter` opens the details of an entry
                - `m` shows more details, `Esc` or `Backspace` goes back
                - `?` lists the keys of the scene you are in, `q` quits

                These sample entries are a guide to the app and to how it is built. Delete them \
                whenever you like (`d`).
                """, more: """
                Where is my data? In one SQLite file: the path given on the command line (see \
                `entries --help`), or `$ENTRIES_DATABASE`, or `$XDG_DATA_HOME/entries/entries.sqlite`, \
                or `~/.local/share/entries/entries.sqlite`, first match wins. The file was created with these samples the first time you ran `entries`.
                """),
            sample("Moving around: details, more details, back", day: 149, hour: 18, minute: 20, tags: ["guide", "keys"], body: """
                The app is a stack of scenes, like the screens of a phone app:

                1. the **list** of entries,
                2. `Enter` pushes the **details** of the selected entry,
                3. `m` pushes its **more details**,
                4. `Esc` or `Backspace` pops back one scene.

                The title bar shows the path of scenes you came through, so you always know where you are.
                """, more: """
                Which key goes to which scene is not written in Swift: it lives in the Entries storyboard \
                (see "Storyboards: the flow as data"). Rebinding `m` is an edit of that file.
                """),
            sample("Search as you type with /", day: 148, hour: 11, tags: ["guide", "keys", "search"], body: """
                Press `/` and start typing: results update with every key. Every word must match \
                (title, body, more details or tags), and the last word matches as a prefix, so \
                `keys sea` already finds this entry.

                - Results come best first: a hit in the title counts most, then tags, then the text.
                - Case and accents are ignored: `cafe` finds *Café*.
                - `Enter` opens the selected result, `Esc` leaves the search.
                """, more: """
                Anything can be typed, quotes and `AND`/`OR` included: the search treats them as plain \
                words, never as query syntax. Under the hood it is SQLite FTS5, see "Full-text search with FTS5".
                """),
            sample("Filtering by tag with t", day: 147, hour: 16, minute: 45, tags: ["guide", "keys", "tags"], body: """
                Press `t` to pick a tag: the list then shows only the entries carrying it, in the same \
                order, and the title bar says which tag is on. Clear the filter the same way to see \
                everything again.

                Tags are short words: `guide`, `architecture`, `sqlite`... An entry can have several.
                """, more: """
                Tags are trimmed and de-duplicated when saved; `Work` and `work` are two different tags. \
                The tag list shows how many entries carry each tag.
                """),
            sample("Adding, editing and deleting", day: 146, hour: 10, minute: 5, tags: ["guide", "keys"], editedDaysLater: 3, body: """
                - `a` adds an entry: title, body, more details, tags (separated by commas).
                - `e` edits the selected entry; saving moves it to the top of the "recently updated" order.
                - `d` deletes it, after asking to confirm.

                If the database is read-only (opened read-only, or a file you may not write), these \
                keys explain why they cannot work instead of failing silently.
                """, more: """
                Every change is one SQLite transaction: it is complete on disk when the app says so, \
                or it did not happen at all.
                """),
            sample("Settings with s", day: 145, hour: 20, tags: ["guide", "keys", "settings"], body: """
                `s` presents **Settings** over the list, like a modal sheet. There you choose the sort \
                order of the list:

                | order | meaning |
                |---|---|
                | newest | created most recently first (default) |
                | oldest | created first first |
                | title | A to Z, ignoring case |
                | updated | edited most recently first |

                `Esc` closes Settings; your choice is kept in the database.
                """, more: """
                Settings is its own module (a "context"): it knows nothing of the Entries scenes. When \
                it needs to show an entry it asks the App Controller, which asks Entries.
                """),
            sample("Help is always one key away: ?", day: 144, hour: 8, minute: 30, tags: ["guide", "keys"], body: """
                `?` shows the keys of the scene you are in, and only those: the list, the details, \
                the search and Settings each have their own. The help is generated from the \
                storyboards, so it can never disagree with what the keys do.
                """, more: """
                Quit with `q` from any scene. The terminal is restored exactly as it was (cursor, \
                colours, screen), even when the app stops on an error or `Ctrl-C`.
                """),
            sample("Keys at a glance", day: 150, hour: 8, minute: 45, tags: ["guide", "keys", "start-here"], body: """
                | key | does |
                |---|---|
                | `Enter` | open the details of the selected entry |
                | `m` | more details |
                | `Esc`, `Backspace` | back |
                | `/` | search as you type |
                | `t` | filter by tag |
                | `a` / `e` / `d` | add / edit / delete |
                | `s` | Settings |
                | `?` | the keys of this scene |
                | `q` | quit |
                """, more: """
                Keys belong to scenes: `m` means "more details" on the details scene and nothing on \
                the list. `?` always tells the truth about the scene you are in.
                """),
        ]
    }
}
