extension Entry {
    /// The list row of this entry (everything but the body and more details), e.g. to anchor a page
    /// on an entry just opened or edited: `PageRequest(order: .newest, anchor: .after(entry.summary))`.
    /// Its `words` are counted from the body here (a store reads the count it keeps instead).
    public var summary: EntrySummary {
        EntrySummary(
            id: id, title: title, tags: tags, createdAt: createdAt, updatedAt: updatedAt, starred: starred,
            words: WordCount.of(body))
    }

    /// The summary without its word count (0), for ordering and comparing many entries, which never
    /// look at it: counting every body on each page would make a page cost the whole journal's text.
    var orderingSummary: EntrySummary {
        EntrySummary(id: id, title: title, tags: tags, createdAt: createdAt, updatedAt: updatedAt, starred: starred)
    }
}
