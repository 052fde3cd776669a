import AppShell
import EntryModel

extension SegueValueType where Value == EntrySummary {
    /// The entry a segue carries: the list's selection, the details' entry, or the entry the App
    /// Controller asks to show. Scenes that need it load the whole entry by id.
    static let entry = SegueValueType("entry")
}

extension SegueValueType where Value == String {
    /// A tag: the tag picker offers its selection, and the list accepts one returned to it as its filter.
    static let tag = SegueValueType("tag")
}

extension SegueValueType where Value == CivilDay {
    /// A day: the list accepts one from outside the context (a day picked in a calendar) and shows the
    /// entries created on it.
    static let day = SegueValueType("day")
}

/// Tags chosen in the tag picker, with whether an entry needs all of them or any one.
struct TagSelection: Hashable, Sendable {
    var tags: [String]
    var match: TagMatch
}

extension SegueValueType where Value == TagSelection {
    /// The tags the picker offers (those marked, else the selected one) and the list accepts as its filter.
    static let tags = SegueValueType("tags")
}

/// The few names the context's code uses in Entries.storyboard, in one place. Everything else (which
/// scene comes first, which key does what, how scenes connect) is the file's business only.
enum EntriesStoryboardContract {
    /// The storyboard's name (`storyboard: Entries`).
    static let name = "Entries"
    /// The segue ``EntriesController/showDetails(for:)`` performs, with the entry as its value. It must
    /// lead to a scene whose kind needs an `entry` (`EntryDetails`); the navigator first goes back to
    /// the nearest scene it starts from (the list).
    static let showDetailsSegue = "showDetails"
    /// The segue a scene performs once the entry it shows was deleted there (an unwind, usually back
    /// one scene). Without it, the scene stays and says the entry was deleted.
    static let entryDeletedSegue = "entryDeleted"
    /// The segue the details and more details perform to open an entry a link leads to (or one that
    /// links to this one), with that entry as its value. Optional: without it, following a link says so.
    static let showLinkedEntrySegue = "showLinkedEntry"

    /// Scene kind names, as written after `kind:`.
    enum Kind {
        static let list = "EntryList"
        static let details = "EntryDetails"
        static let moreDetails = "EntryMoreDetails"
        static let tagPicker = "TagPicker"
    }

    /// Scene and flow action names storyboard keys bind.
    enum Action {
        static let search = "search"
        static let add = "add"
        static let edit = "edit"
        static let delete = "delete"
        /// Takes back the newest change made in the app (delete, edit, tags, star).
        static let undo = "undo"
        /// Details: the body's Markdown rendered, or its raw text.
        static let toggleMarkdown = "toggleMarkdown"
        /// List: the selected entry's preview beside the list (wide terminals), or not.
        static let togglePreview = "togglePreview"
        /// List: asks for a date phrase and shows only the entries created then.
        static let filterDate = "filterDate"
        /// List: asks for a date phrase and selects the entry created nearest it.
        static let goToDate = "goToDate"
        /// List and details: star or unstar the entry.
        static let toggleStar = "toggleStar"
        /// List: only starred entries, or all again.
        static let filterStarred = "filterStarred"
        /// Details: select the next link of the text; more details: the next entry linking here.
        static let nextLink = "nextLink"
        /// Details and more details: the previous one.
        static let previousLink = "previousLink"
        /// Details and more details: open the selected one (the `showLinkedEntry` segue).
        static let followLink = "followLink"
        /// Tag picker: mark the selected tag (or take the mark off), to filter by several.
        static let markTag = "markTag"
        /// Tag picker: entries with all the marked tags, or any of them.
        static let switchTagMatch = "switchTagMatch"
        static let showSettings = "showSettings"
        /// Everywhere: presents the Calendar, for a key bound to an action rather than to the segue.
        static let showCalendar = "showCalendar"
        /// Everywhere: the list of journals to switch to.
        static let showJournals = "showJournals"
        static let quit = "quit"
    }
}
