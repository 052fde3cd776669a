import Foundation

/// The entries a new journal starts with: a few pages on using the app and the command line, read in
/// the app itself. They are few, so they barely touch a new journal's statistics, and all carry the tag
/// ``tag``, so one command removes them all (`entries delete --tag sample`), as the first one says.
///
/// Dates are fixed (early 2025), so every new journal looks the same.
public enum SampleEntries {
    /// The tag every sample carries.
    public static let tag = "sample"

    /// Every sample entry, newest first.
    public static var all: [EntryDraft] {
        guide
    }

    /// A sample entry written `day` days after 2025-01-01 at `hour`:`minute` UTC, edited
    /// `editedDaysLater` days later when given.
    static func sample(
        _ title: String, day: Int, hour: Int, minute: Int = 0, tags: [String],
        editedDaysLater: Int? = nil, body: String, more: String
    ) -> EntryDraft {
        let start: TimeInterval = 1_735_689_600  // 2025-01-01T00:00:00Z
        let created = Date(timeIntervalSince1970: start + TimeInterval(day * 86_400 + hour * 3_600 + minute * 60))
        let updated = editedDaysLater.map { created.addingTimeInterval(TimeInterval($0 * 86_400 + 1_260)) } ?? created
        return EntryDraft(
            title: title, body: body, moreDetails: more, tags: [tag] + tags, createdAt: created, updatedAt: updated)
    }
}
