import AppShell
import AppShellTesting
import EntryModel
import EntryUI
import Foundation
import TrashContext

/// The Trash as an app runs it: a real `Window` whose root stands for the Entries context, a
/// `TrashController` built from `ContextServices` on an in-memory repository with a clock the test
/// moves, a recording `ContextFlow`, the Trash presented, and a headless screen showing it all.
@MainActor
final class TrashHarness {
    /// Saturday 21 Nov 2026 12:00 UTC.
    static let start = Date(timeIntervalSince1970: 1_795_262_400)
    static let utc = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current

    let clock = TestClock(start)
    let flow = RecordingContextFlow()
    let window: Window
    let repository: InMemoryEntryRepository
    let controller: TrashController
    let screen: HeadlessScreen

    /// `entries` written on 1 Nov; those of `deletions` deleted that many days before the test's
    /// "now", in order, so the trash holds them with known deletion times.
    init(
        size: Size, entries: [EntryDraft], deletions: [(title: String, daysAgo: Int)],
        storyboard: StoryboardSource? = nil
    ) throws {
        let clock = self.clock
        repository = InMemoryEntryRepository(entries: entries, clock: { clock.now })
        let all = try repository.page(PageRequest(order: .newest, limit: 1_000))
        for deletion in deletions {
            clock.now = Self.start.addingTimeInterval(-Double(deletion.daysAgo) * 86_400)
            let id = try XCTUnwrapLike(all.first { $0.title == deletion.title }?.id, "no entry \(deletion.title)")
            try repository.delete(id: id)
        }
        clock.now = Self.start
        window = Window(root: MessageScene(title: "Entries", message: "The Entries context stands here."))
        flow.window = window
        controller = try TrashController(
            services: ContextServices(
                repository: repository, flow: flow, presenter: window,
                storyboard: storyboard ?? TrashController.builtInStoryboard(),
                timeZone: Self.utc, now: { clock.now }))
        let scene = controller.makeScene()
        window.present(scene)
        flow.presented[TrashController.storyboardName] = scene
        screen = HeadlessScreen(root: window, size: size)
    }

    /// Sends keys named as in storyboards ("enter", "r", "E") one by one.
    func press(_ names: String...) throws {
        for name in names { screen.send(try Key(name: name)) }
    }

    /// The titles in the trash, most recently deleted first.
    var trashedTitles: [String] { ((try? repository.trashedEntries()) ?? []).map(\.entry.title) }

    /// Drafts written on 1 Nov 2026, one per title.
    static func drafts(_ titles: String...) -> [EntryDraft] {
        titles.enumerated().map { index, title in
            EntryDraft(
                title: title, body: "The text of \(title).", tags: ["kept"],
                createdAt: Date(timeIntervalSince1970: 1_793_534_400 + Double(index) * 3_600))
        }
    }
}

/// A missing value as a thrown error rather than a crash, for the harness's setup.
struct MissingValue: Error, CustomStringConvertible {
    let description: String
}

func XCTUnwrapLike<T>(_ value: T?, _ message: String) throws -> T {
    guard let value else { throw MissingValue(description: message) }
    return value
}

/// A clock the test moves; read from any thread.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Date
    init(_ start: Date) { value = start }
    var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// A `ContextFlow` that records every call; dismissing a context takes what the harness presented away.
@MainActor
final class RecordingContextFlow: ContextFlow {
    weak var window: Window?
    var presented: [String: any Scene] = [:]
    private(set) var dismissed: [String] = []
    private(set) var changes = 0
    private(set) var messages: [String] = []
    private(set) var errors: [String] = []
    private(set) var quitCount = 0

    func dismissContext(named name: String) {
        dismissed.append(name)
        if let scene = presented.removeValue(forKey: name) { window?.dismiss(scene) }
    }

    func entriesDidChange() { changes += 1 }
    func showMessage(_ message: String) { messages.append(message) }
    func showError(_ error: any Error) { errors.append(String(describing: error)) }
    func quit() { quitCount += 1 }
}
