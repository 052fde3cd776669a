import EntryModel
import NIOCore

/// Keyset pages on PostgreSQL: a row-value comparison on the order's index (`(key…, id) > (…)`),
/// so a page costs an index seek wherever it is. Every order ends with the id, so it is total.
struct PostgreSQLKeyset {
    var order: EntrySortOrder

    /// The key columns, in display order.
    var columns: [String] {
        switch order {
        case .newest, .oldest: return [#""createdAt""#, "id"]
        case .updated: return [#""updatedAt""#, "id"]
        case .title: return [#""titleKey""#, "id"]
        }
    }

    /// True when the display order is descending.
    var isDescending: Bool { order == .newest || order == .updated }

    func orderBy(reversed: Bool) -> String {
        let direction = isDescending != reversed ? "DESC" : "ASC"
        return columns.map { "\($0) \(direction)" }.joined(separator: ", ")
    }

    /// `(columns) op (values)` for the rows after (`after == true`) or before `anchor` in display order.
    func comparison(_ anchor: EntrySummary, after: Bool, into query: inout QueryBuilder) {
        let op = (after != isDescending) ? ">" : "<"
        var values: [String] = []
        switch order {
        case .newest, .oldest:
            values.append(query.bind(StoredDate.milliseconds(anchor.createdAt)))
        case .updated:
            values.append(query.bind(StoredDate.milliseconds(anchor.updatedAt)))
        case .title:
            values.append(query.bind(ByteBuffer(bytes: TitleSortKey.key(anchor.title))))
        }
        values.append(query.bind(anchor.id))
        query.append("(\(columns.joined(separator: ", "))) \(op) (\(values.joined(separator: ", ")))")
    }
}
