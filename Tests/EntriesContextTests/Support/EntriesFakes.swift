import AppShell
import EntriesContext
import EntryModel
import Foundation

/// An `EntriesFlow` that records every call.
@MainActor
final class RecordingFlow: EntriesFlow {
    private(set) var quitCount = 0
    private(set) var messages: [String] = []
    private(set) var errors: [String] = []

    func quit() { quitCount += 1 }
    func showMessage(_ message: String) { messages.append(message) }
    func showError(_ error: any Error) { errors.append(String(describing: error)) }
}

/// The context's presenter: the window, which records the other contexts the storyboard asks for
/// (`s: showSettings`) instead of having none.
@MainActor
final class RecordingPresenter: ModalPresenter {
    private unowned let window: Window
    private(set) var contextsPresented: [String] = []

    init(window: Window) {
        self.window = window
    }

    /// How many times the context `name` was asked for.
    func presented(_ name: String) -> Int { contextsPresented.filter { $0 == name }.count }

    func presentContext(named name: String) throws { contextsPresented.append(name) }
    var presentedScene: (any Scene)? { window.presentedScene }
    func present(_ scene: any Scene) { window.present(scene) }
    func dismiss() { window.dismiss() }
    func toggleHelp() { window.toggleHelp() }
    func requestRepaint() { window.requestRepaint() }
}

/// A `TerminalSuspending` that runs the body at once and counts suspensions.
@MainActor
final class FakeSuspender: TerminalSuspending {
    private(set) var suspensions = 0

    func suspended<T>(_ body: () throws -> T) rethrows -> T {
        suspensions += 1
        return try body()
    }
}

/// An `EntryEditing` that answers with scripted edits and records the texts it was given.
@MainActor
final class FakeEditor: EntryEditing {
    /// What the "user" does with each text, in order; an empty script leaves texts unchanged (nil).
    var script: [(String) throws -> String?] = []
    private(set) var receivedTexts: [String] = []

    func edit(_ text: String) throws -> String? {
        receivedTexts.append(text)
        guard !script.isEmpty else { return nil }
        return try script.removeFirst()(text)
    }
}

/// Why a `CountingRepository` fails when told to.
struct InjectedFailure: Error, CustomStringConvertible {
    var description: String { "the disk is on fire" }
}

/// Wraps a repository, counting the calls of each kind, and failing the ones it is told to.
final class CountingRepository: EntryRepository, @unchecked Sendable {
    // @unchecked: the counters are only touched under `lock`.
    enum Call: Hashable, Sendable { case count, page, index, entry, search, tags, insert, update, delete }

    private let base: any EntryRepository
    private let lock = NSLock()
    private var counts: [Call: Int] = [:]
    private var failing: Set<Call> = []
    private var writesFailWith: (any Error)?
    private(set) var pageRequests: [PageRequest] = []
    /// The search pages asked for, in order.
    private(set) var searchRequests: [SearchRequest] = []

    init(_ base: any EntryRepository) {
        self.base = base
    }

    func calls(_ call: Call) -> Int { lock.withLock { counts[call, default: 0] } }
    var totalCalls: Int { lock.withLock { counts.values.reduce(0, +) } }
    func resetCounts() {
        lock.withLock {
            counts = [:]; pageRequests = []; searchRequests = []
        }
    }
    func fail(_ calls: Set<Call>) { lock.withLock { failing = calls } }
    /// Makes inserts, updates and deletes throw `error` (a read-only database, say).
    func failWrites(with error: (any Error)?) { lock.withLock { writesFailWith = error } }

    private func record(_ call: Call) throws {
        try lock.withLock {
            counts[call, default: 0] += 1
            if failing.contains(call) { throw InjectedFailure() }
            if let writesFailWith, [.insert, .update, .delete].contains(call) { throw writesFailWith }
        }
    }

    func count(filter: EntryFilter) throws -> Int {
        try record(.count)
        return try base.count(filter: filter)
    }

    func page(_ request: PageRequest) throws -> [EntrySummary] {
        try record(.page)
        lock.withLock { pageRequests.append(request) }
        return try base.page(request)
    }

    func index(of entry: EntrySummary, order: EntrySortOrder, filter: EntryFilter) throws -> Int {
        try record(.index)
        return try base.index(of: entry, order: order, filter: filter)
    }

    func entry(id: Int64) throws -> Entry? {
        try record(.entry)
        return try base.entry(id: id)
    }

    func search(_ query: String, limit: Int) throws -> [EntrySummary] {
        try record(.search)
        return try base.search(query, limit: limit)
    }

    func search(_ request: SearchRequest) throws -> SearchPage {
        try record(.search)
        lock.withLock { searchRequests.append(request) }
        return try base.search(request)
    }

    func tags() throws -> [TagCount] {
        try record(.tags)
        return try base.tags()
    }

    func dayCounts(in days: ClosedRange<CivilDay>, timeZone: TimeZone) throws -> [DayCount] {
        try base.dayCounts(in: days, timeZone: timeZone)
    }

    func backlinks(to id: Int64) throws -> [EntrySummary] {
        try base.backlinks(to: id)
    }

    func backlinks(to id: Int64, after: EntrySummary?, limit: Int) throws -> [EntrySummary] {
        try base.backlinks(to: id, after: after, limit: limit)
    }

    func linkedEntries(_ targets: [EntryLinkTarget]) throws -> [EntryLinkTarget: EntrySummary] {
        try base.linkedEntries(targets)
    }

    func insert(_ draft: EntryDraft) throws -> Entry {
        try record(.insert)
        return try base.insert(draft)
    }

    func insert(contentsOf drafts: [EntryDraft], progress: (@Sendable (BulkInsertProgress) -> Void)?) throws -> Int {
        try record(.insert)
        return try base.insert(contentsOf: drafts, progress: progress)
    }

    func update(_ entry: Entry) throws -> Entry {
        try record(.update)
        return try base.update(entry)
    }

    func apply(_ changes: EntryChangeSet) throws -> EntryChangeSetResult {
        try record(.update)
        return try base.apply(changes)
    }

    func delete(id: Int64) throws {
        try record(.delete)
        try base.delete(id: id)
    }

    func renameTag(_ tag: String, to newTag: String) throws -> Int {
        try record(.update)
        return try base.renameTag(tag, to: newTag)
    }

    func trashedEntries() throws -> [TrashedEntry] {
        try record(.entry)
        return try base.trashedEntries()
    }

    func restore(id: Int64) throws -> Entry {
        try record(.insert)
        return try base.restore(id: id)
    }

    func emptyTrash(deletedBefore date: Date?) throws -> Int {
        try record(.delete)
        return try base.emptyTrash(deletedBefore: date)
    }
}
