import AppShell
import EntryStore

/// Dependencies that do nothing, for building the registry without an app (storyboard lint and graphs):
/// scenes built from them would show an empty in-memory repository and ignore every request.
enum InertEntriesDependencies {
    @MainActor
    static func make() -> EntriesDependencies {
        EntriesDependencies(
            repository: InMemoryEntryRepository(), flow: InertFlow(), presenter: InertPresenter(),
            suspender: InertSuspender(), preferences: .defaults,
            storyboard: .text("", fileName: "\(EntriesStoryboardContract.name).storyboard"), editor: InertEditor())
    }

    @MainActor
    private final class InertFlow: EntriesFlow {
        func showSettings() {}
        func quit() {}
        func showMessage(_ message: String) {}
        func showError(_ error: any Error) {}
    }

    @MainActor
    private final class InertPresenter: ModalPresenter {
        var presentedScene: (any Scene)? { nil }
        func present(_ scene: any Scene) {}
        func dismiss() {}
    }

    @MainActor
    private final class InertSuspender: TerminalSuspending {
        func suspended<T>(_ body: () throws -> T) rethrows -> T { try body() }
    }

    private struct InertEditor: EntryEditing {
        func edit(_ text: String) throws -> String? { nil }
    }
}
