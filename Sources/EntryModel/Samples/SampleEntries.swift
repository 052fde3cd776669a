import Foundation

/// The entries a new database starts with: a short guide to the app (its keys and commands), to its
/// architecture, and to how the store works — worth reading in the app itself.
///
/// Dates are fixed (early 2025), so every new database looks the same.
public enum SampleEntries {
    /// Every sample entry: the guide, the architecture and the storage notes.
    public static var all: [EntryDraft] {
        guide + commandLine + architecture + storage
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
        return EntryDraft(title: title, body: body, moreDetails: more, tags: tags, createdAt: created, updatedAt: updated)
    }
}
