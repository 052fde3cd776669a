import EntryModel

/// Gathers what a streaming reader hands over into an array: the `drafts(from:)` of every format,
/// for inputs small enough to hold (tests, one file of a folder).
enum DraftCollection {
    static func collect(
        _ read: (_ sink: (EntryDraft) throws -> Void) throws -> Void
    ) throws(ImportError) -> [EntryDraft] {
        var drafts: [EntryDraft] = []
        do {
            try read { drafts.append($0) }
        } catch let error as ImportError {
            throw error
        } catch {
            // Appending cannot fail, so only the reader's own errors (all ImportErrors) come here.
            throw ImportError(reason: "\(error)")
        }
        return drafts
    }
}
