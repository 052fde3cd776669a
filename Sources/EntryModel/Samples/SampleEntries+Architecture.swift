extension SampleEntries {
    /// How the app is built: contexts, storyboards, the factory and the CEO.
    static var architecture: [EntryDraft] {
        [
            sample("Architecture in one page", day: 130, hour: 10, tags: ["architecture", "start-here"], editedDaysLater: 12, body: """
                ```
                entries (main) ──> AppFactory ──> EntriesContext ──> AppShell
                                        │    └──> SettingsContext ──> AppShell
                                        └──> SQLiteStore (GRDB) ──> EntryModel
                ```

                - **AppShell**: the terminal UI kit (scenes, navigation, storyboards, widgets). It \
                knows nothing about entries.
                - **EntryModel**: entries, the repository protocols and an in-memory store; the \
                contexts import only this.
                - **SQLiteStore**: the same protocols on SQLite. **EntryInterchange**: import and export.
                - **EntriesContext** and **SettingsContext**: the two features, one module each.
                - **AppFactory**: builds everything once and hands control to the App Controller.
                """, more: """
                The arrows are module dependencies, checked by the compiler: a context cannot import \
                another context even by accident. Each of the next entries explains one box.
                """),
            sample("Contexts are modules", day: 129, hour: 15, minute: 30, tags: ["architecture", "contexts"], body: """
                A *context* is a feature with its own scenes, its own storyboard and its own module: \
                `EntriesContext` (list, details, more details, search) and `SettingsContext`.

                Contexts never import each other. Each declares, as a protocol, what it needs from \
                outside — `EntriesFlow`, `SettingsFlow` — e.g. `showSettings()`. Someone else \
                implements those protocols: the App Controller.
                """, more: """
                Why? A context can be built, tested and previewed alone, with a fake flow and an \
                in-memory repository. Adding a third context touches the factory and the controller, \
                not the existing contexts.
                """),
            sample("Storyboards: the flow as data", day: 128, hour: 9, tags: ["architecture", "storyboards"], body: """
                Each context ships a storyboard file: which scenes exist, which one comes first, \
                which key triggers which transition (a *segue*), titles and help texts.

                Code says how to build and run a *kind* of scene; the storyboard says which scenes \
                exist and how they connect. Reordering the flow — say, showing more details before \
                details — is an edit of the storyboard with **zero code changes**.
                """, more: """
                No scene knows another scene's type, there is no `switch` over segue identifiers, and \
                no forced casts: a scene asks the storyboard to perform a segue by name, and the storyboard \
                instantiates the destination by identifier, like UIKit's \
                `instantiateViewController(withIdentifier:)`.
                """),
            sample("Preparing a scene before it appears", day: 127, hour: 13, minute: 10, tags: ["architecture", "storyboards"], body: """
                When a segue fires, the destination scene needs its data (which entry to show). \
                Each context has one *preparer* that hands it over — the counterpart of UIKit's \
                `prepare(for:sender:)`, without casts: typed creators (or a visitor) know which scene \
                needs what.
                """, more: """
                Required dependencies are initializer parameters, never implicitly unwrapped \
                properties set later: a scene that exists is a scene that works.
                """),
            sample("The App Factory builds everything once", day: 126, hour: 19, tags: ["architecture", "factory"], body: """
                The App Factory creates every long-lived object exactly once — the database, the \
                repositories, the contexts, the App Controller — and injects each one where it is \
                needed.

                There are no singletons, no globals and no service locator: to know what an object \
                uses, read its initializer.
                """, more: """
                Tests build a factory with an in-memory database and a headless terminal, so the whole \
                app runs in a unit test exactly as it runs for a user.
                """),
            sample("The App Controller is the CEO", day: 125, hour: 8, minute: 50, tags: ["architecture", "controller"], body: """
                The App Controller directs the flow *between* contexts, and nothing else. It conforms \
                to both flows, and reads like the list of the app's cross-context moves:

                - `launch(in:)` — show the Entries list in the terminal window
                - `showSettings()` / `hideSettings()` — present and dismiss Settings
                - `showDetails(forEntry:)` — from Settings, open an entry in Entries

                Within a context, the storyboard directs; between contexts, the CEO does.
                """, more: """
                The idea comes from a classic Cocoa design: an `AppDelegate` that only creates the \
                App Controller and launches it. Here `main` parses the arguments, builds the factory \
                and asks the controller to launch. Nothing else.
                """),
            sample("AppShell: a terminal UI kit", day: 124, hour: 16, tags: ["architecture", "terminal"], body: """
                AppShell draws into a buffer of cells, compares it with the previous frame and writes \
                only what changed. On top of it: scenes, a navigation stack, modals, storyboards and \
                widgets (a virtualized list that asks only for the rows on screen, a text view, \
                prompts, a help bar).
                """, more: """
                The terminal is put back exactly as it was on every exit path. Tests use a headless \
                terminal and compare whole screens written out line by line.
                """),
            sample("A list of a million rows", day: 123, hour: 11, minute: 35, tags: ["architecture", "terminal", "performance"], body: """
                The list never loads all entries. It is *virtualized*: it asks its data source for the \
                rows that fit on screen, a page at a time, and the data source asks the store for \
                "the 50 entries after this one". Scrolling to the end of a million entries costs the \
                same as showing the first screen.
                """, more: """
                The total count comes from one `count(*)`; the position of the selected row from one \
                more query, so the scroll indicator is exact without reading the rows above.
                """),
            sample("Embedding a context in another app", day: 122, hour: 17, minute: 20, tags: ["architecture", "contexts"], body: """
                Because a context only needs its flow protocol and a repository, another app can embed \
                it: build an `EntriesController` with `EntriesDependencies` (an `InMemoryEntryRepository` \
                or an SQLite one, an object that implements `EntriesFlow`, the window as presenter, the \
                storyboard, an editor), then show its scene: `window.replaceRoot(with: \
                controller.rootScene)`. `Examples/EmbeddedEntries` is such an app.

                The same trick makes previews and tests: a context runs alone with fakes around it.
                """, more: """
                The in-memory repository behaves like the SQLite one (same orders, same errors, a \
                simpler search), and both pass the same test suite.
                """),
        ]
    }
}
