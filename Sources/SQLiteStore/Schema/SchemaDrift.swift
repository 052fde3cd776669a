import EntryModel
import GRDB

/// How a database's schema differs from the one this build's migrations made for the migrations it
/// records as applied: an object added, missing, of another type (a view in place of a table), or
/// with another definition. Computed from the schema table alone (a few dozen rows, no table scan),
/// at every open, before anything else of the database is read or written.
///
/// Why: a journal is a file from anyone, and its schema is code — a view runs when read, a trigger
/// when written. Only the schema this build made is trusted: anything else is refused by name.
struct SchemaDrift: Equatable, Sendable {
    /// One difference, named for the user.
    struct Difference: Equatable, Sendable {
        var object: SchemaObject
        var kind: Kind

        enum Kind: Equatable, Sendable {
            case added, missing, changedType(expected: String), changedDefinition
        }

        /// True when reading the database cannot run it: a trigger (added, missing or changed) runs
        /// only on writes. Anything else, even an extra index, is refused for reading too.
        var isHarmlessForReading: Bool { object.type == "trigger" }

        /// "trigger evil (not made by entries)", as the error message shows it.
        var description: String {
            switch kind {
            case .added: return "\(object.label) (not made by entries)"
            case .missing: return "\(object.label) (missing)"
            case .changedType(let expected): return "\(object.label) (in place of a \(expected))"
            case .changedDefinition: return "\(object.label) (its definition differs)"
            }
        }
    }

    /// Every difference, in the order of the database's schema table, then the missing objects.
    let differences: [Difference]

    /// Compares `actual` with `expected`. Objects are matched by name; SQLite's own tables other
    /// than automatic indexes (`sqlite_stat1`, `sqlite_sequence`) count as added: these migrations
    /// make none.
    init(actual: [SchemaObject], expected: [SchemaObject]) {
        let expectedByName = Dictionary(expected.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var differences: [Difference] = []
        var seen: Set<String> = []
        for object in actual {
            seen.insert(object.name)
            guard let wanted = expectedByName[object.name] else {
                differences.append(Difference(object: object, kind: .added))
                continue
            }
            if object.type != wanted.type {
                differences.append(Difference(object: object, kind: .changedType(expected: wanted.type)))
            } else if object.sql != wanted.sql || object.tableName != wanted.tableName {
                differences.append(Difference(object: object, kind: .changedDefinition))
            }
        }
        for object in expected where !seen.contains(object.name) {
            differences.append(Difference(object: object, kind: .missing))
        }
        self.differences = differences
    }

    /// A drift of the given differences.
    init(differences: [Difference]) {
        self.differences = differences
    }

    var isEmpty: Bool { differences.isEmpty }

    /// Throws ``EntryStoreError/changedOutsideEntries(path:object:)`` naming the first difference that
    /// matters: any for writing; for reading, any but triggers (which reads never run).
    func check(path: String, forWriting: Bool) throws {
        let blocking = forWriting ? differences : differences.filter { !$0.isHarmlessForReading }
        guard let first = blocking.first else { return }
        let more = blocking.count > 1 ? " and \(blocking.count - 1) more" : ""
        let readable = differences.allSatisfy(\.isHarmlessForReading)
        throw EntryStoreError.changedOutsideEntries(path: path, object: first.description + more, readable: readable)
    }
}
