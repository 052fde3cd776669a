import EntryModel
import Foundation
import Synchronization

/// Where one import's time goes, from the stages the store reports while it inserts: the entry rows
/// (with the duplicate check, done batch by batch as `entries import` does), the indexes (sort, tag
/// and full-text), the commit.
///
/// The store calls ``record(_:)`` from its progress callback (any thread); the stages are the
/// intervals between the first report of each kind.
final class ImportStages: Sendable {
    /// The stage names, in the order an import goes through them.
    static let names = ["entry rows, with the duplicate check", "indexes", "commit"]

    private let marks = Mutex<[Double]>([])

    /// Marks the start of the import.
    func start() { mark() }

    /// Marks the stage changes the store reports: the first `.indexing`, `.saving` and `.finished`.
    func record(_ stage: BulkInsertProgress) {
        switch stage {
        case .writing: return
        case .indexing, .saving, .finished:
            marks.withLock { marks in
                let expected = stage == .indexing ? 1 : stage == .saving ? 2 : 3
                if marks.count == expected { marks.append(Self.now()) }
            }
        }
    }

    /// Seconds per stage, in the order of ``names``; nil when a stage was not reported (a small
    /// batch inserted row by row reports no indexing).
    /// `generating` seconds (the benchmark making up entries while the store writes a stream of
    /// them) are taken off the entry rows.
    func seconds(excludingFromRows generating: Double = 0) -> [Double]? {
        let marks = marks.withLock { $0 }
        guard marks.count == Self.names.count + 1 else { return nil }
        var stages = zip(marks.dropFirst(), marks).map { $0 - $1 }
        stages[0] -= generating
        return stages
    }

    private func mark() {
        marks.withLock { $0.append(Self.now()) }
    }

    private static func now() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds) / 1e9
    }
}
