extension Entry {
    /// The list row of this entry (everything but the body and more details), e.g. to anchor a page
    /// on an entry just opened or edited: `PageRequest(order: .newest, anchor: .after(entry.summary))`.
    public var summary: EntrySummary {
        EntrySummary(id: id, title: title, tags: tags, createdAt: createdAt, updatedAt: updatedAt, starred: starred)
    }
}
