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
                (title, body, more details or tags), and the last word matches as a prefix once it \
                has two letters, so `keys sea` already finds this entry.

                - Results come best first: a hit in the title counts most, then tags, then the text.
                - Case and accents are ignored: `cafe` finds *Café*.
                - While typing, `Up` and `Down` move in the results.
                - `Enter` keeps the results and closes the search line; `Enter` again opens the \
                selected one. `Esc` clears the search and brings the whole list back.
                """, more: """
                Anything can be typed, quotes and `AND`/`OR` included: the search treats them as plain \
                words, never as query syntax. Under the hood it is SQLite FTS5, see "Full-text search with FTS5".
                """),
            sample("Filtering by tag with t", day: 147, hour: 16, minute: 45, tags: ["guide", "keys", "tags"], body: """
                Press `t` to pick a tag: the list then shows only the entries carrying it, in the same \
                order, and the line under the list says which tag is on (`tagged “guide”`). Press `t` \
                again, or `Esc`, to see everything again.

                Tags are short words: `guide`, `architecture`, `sqlite`... An entry can have several.
                """, more: """
                Tags are trimmed and de-duplicated when saved; `Work` and `work` are two different tags. \
                The tag list shows how many entries carry each tag.
                """),
            sample("Adding, editing and deleting", day: 146, hour: 10, minute: 5, tags: ["guide", "keys"], editedDaysLater: 3, body: """
                - `a` opens your editor (`$VISUAL`, else `$EDITOR`) on a new entry: a `Title:` line, a \
                `Tags:` line (tags separated by commas), a blank line, the body, then the more \
                details after the `--- more details ---` line. Save and quit the editor to add it.
                - `e` edits the selected entry the same way; saving moves it to the top of the \
                "recently updated" order.
                - `d` deletes it, after asking to confirm (Settings can turn the question off).

                If the database cannot be written (a file you may not write, say), saving says why \
                instead of failing silently, and what you wrote is kept: the next `a` (or `e` on the \
                same entry) starts from it.
                """, more: """
                Every change is one SQLite transaction: it is complete on disk when the app says so, \
                or it did not happen at all.
                """),
            sample("Settings with s", day: 145, hour: 20, tags: ["guide", "keys", "settings"], body: """
                `s` presents **Settings** over the list, like a modal sheet. `Up` and `Down` choose a \
                preference, `Enter` (or `Space`, `Right`) moves it to its next value and `Left` back. \
                There you choose the sort order of the list:

                | order | meaning |
                |---|---|
                | Newest first | created most recently first (default) |
                | Oldest first | created longest ago first |
                | Title A–Z | A to Z, ignoring case |
                | Recently updated | edited most recently first |

                and the date format, colour, and whether deleting asks first. Each change is saved \
                at once. `Tab` (or `e`) lists every entry, to open one; `Esc` closes Settings.
                """, more: """
                Settings is its own module (a "context"): it knows nothing of the Entries scenes. When \
                it needs to show an entry it asks the App Controller, which asks Entries.
                """),
            sample("Help is always one key away: ?", day: 144, hour: 8, minute: 30, tags: ["guide", "keys"], body: """
                `?` shows the keys of the scene you are in, and only those: the list, the details, \
                more details and Settings each have their own. The help is generated from the \
                storyboards, so it can never disagree with what the keys do. While you type a search, \
                `?` is just a character: the keys of the search line are in the bar at the bottom.
                """, more: """
                Quit with `q` from any scene (while typing a search, `q` is typed: `Esc` first), or \
                with `Ctrl-C` at any time. The terminal is restored exactly as it was (cursor, \
                colours, screen), even when the app stops on an error.
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
                Keys belong to scenes: `/` searches on the list and does nothing on the details, and \
                `Enter` opens an entry on the list but changes a preference in Settings. `?` always \
                tells the truth about the scene you are in.
                """),
        ]
    }
}
