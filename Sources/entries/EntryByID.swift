import EntryModel

/// The entry a command was given by id, or the error that says why there is none: in the trash (with
/// the way back), or no such entry.
enum EntryByID {
    static func find(_ id: Int64, in entries: any EntryRepository) throws -> Entry {
        if let entry = try entries.entry(id: id) { return entry }
        if let trashed = try entries.trashedEntries().first(where: { $0.entry.id == id }) {
            throw CommandError.inTrash(id: id, title: trashed.entry.title)
        }
        throw EntryStoreError.notFound(id: id)
    }
}
