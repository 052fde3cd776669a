import Foundation

/// The entries a new database starts with: a short guide to the app (its keys and commands) and to
/// its architecture, worth reading in the app itself.
public enum SampleEntries {
    /// Every sample entry, oldest first, with fixed dates so that every new database looks the same.
    public static var all: [EntryDraft] {
        guide
    }

    /// The guide to using the app.
    static var guide: [EntryDraft] {
        [
            EntryDraft(
                title: "Welcome to entries",
                body: "A fast terminal browser for entries kept in SQLite.",
                moreDetails: "Press Esc or Backspace to go back.",
                tags: ["guide"],
                createdAt: Date(timeIntervalSince1970: 1_735_689_600)),
        ]
    }
}
