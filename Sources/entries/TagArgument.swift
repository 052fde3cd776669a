import EntryModel

/// A tag given on the command line, where jrnl's habit of writing `@python` for the tag `python` is
/// welcome.
enum TagArgument {
    /// The tag to filter by: `@python` means `python`, unless the journal has a tag spelt `@python`
    /// (an import may have kept one).
    static func filterTag(_ given: String, in entries: any EntryRepository) throws -> String {
        guard given.hasPrefix("@"), given.count > 1 else { return given }
        if try entries.count(filter: EntryFilter(tag: given)) > 0 { return given }
        return String(given.dropFirst())
    }

    /// The tag to store: `@work` is stored as `work`, as the `@work` of words is.
    static func storedTag(_ given: String) -> String {
        given.hasPrefix("@") && given.count > 1 ? String(given.dropFirst()) : given
    }
}
