import EntryModel

// `entryTag` and `entryTagCount` hold each tag's key (``TagKey``, migration ``EntrySchema/v8TagKey``),
// so every lookup binds the key of the tag asked for: `Work` finds the entries tagged `work`.

extension EntryFilter {
    /// The filter with its tags as the tag table holds them.
    var tagKeyed: EntryFilter {
        var keyed = self
        keyed.tags = tags.map(TagKey.key)
        return keyed
    }
}

extension SearchQuery {
    /// The query with its tags as the tag table holds them.
    var tagKeyed: SearchQuery {
        var keyed = self
        keyed.tags = tags.map(TagKey.key)
        keyed.tagAlternatives = tagAlternatives.map { $0.map(TagKey.key) }
        keyed.excludedTags = excludedTags.map(TagKey.key)
        return keyed
    }
}
