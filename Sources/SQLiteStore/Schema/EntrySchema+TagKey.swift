import EntryModel
import GRDB

/// Tags without case (v8): `entryTag` and `entryTagCount` hold each tag's key (``TagKey``, its lower-case
/// form, computed in Swift as every store computes it), so `Work` and `work` are one tag to the tag
/// filter, `tag:` and the counts, while `entry.tags` keeps each entry's own spelling.
///
/// No table changes shape: the migration rewrites the rows of each tag that has a capital, one
/// statement pair per such tag. An entry carrying two spellings keeps one row (`INSERT OR IGNORE`),
/// and the count triggers (v4) move the counts with the rows.
extension EntrySchema {
    /// The identifier of the migration that keys tags by their lower-case form.
    static let v8TagKey = "v8-tag-key"

    static func migrateTagKey(_ db: Database) throws {
        let spellings = try String.fetchAll(db, sql: "SELECT DISTINCT tag FROM entryTag")
        let copy = try RawStatement(
            db, sql: "INSERT OR IGNORE INTO entryTag (tag, entryId) SELECT ?1, entryId FROM entryTag WHERE tag = ?2")
        let remove = try RawStatement(db, sql: "DELETE FROM entryTag WHERE tag = ?")
        for spelling in spellings {
            let key = TagKey.key(spelling)
            guard key != spelling else { continue }
            try copy.bind(key, at: 1)
            try copy.bind(spelling, at: 2)
            try copy.run()
            try remove.bind(spelling, at: 1)
            try remove.run()
        }
    }
}
