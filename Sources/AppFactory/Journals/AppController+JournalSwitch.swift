import AppShell
import Foundation
import SQLiteStore
import EntryModel

/// The move between journals: the App Controller asks the open scope's maker for the scope of
/// another journal and puts it under the window; the window, the theme, the config and the App
/// Controller stay. A journal that cannot be opened leaves the app on the one it was on.
extension AppController {
    /// The name of the open journal (nil when it was opened by path alone).
    public var journalName: String? { scope.name }

    /// Switches the whole app to `journal`: list, details, search, tags, calendar, Settings and undo
    /// history are the new journal's, the header names it, its preferences apply, the live view
    /// watches its store, and the old store is closed. On failure the status line says why and
    /// nothing changes.
    ///
    /// In the terminal the store opens on a thread of its own (a server may be slow or silent) and
    /// keys are answered meanwhile; after `switchTimeLimit` the app stops waiting. Without
    /// background reads (tests, embedding) it opens at once.
    ///
    /// An encrypted journal is unlocked with `passphrase` (asked in the app by ``showJournals()``),
    /// else with ``AppConfiguration/readPassphrase``; a wrong one leaves the app where it was.
    public func switchJournal(to journal: NamedJournal, passphrase: Passphrase? = nil) {
        let maker = scope.maker
        let request = maker.progress.begin()
        guard maker.configuration.readsInBackground else {
            finishSwitch(
                request, to: journal,
                opened: Result {
                    try JournalScopeMaker.openStore(journal, configuration: maker.configuration, passphrase: passphrase)
                })
            return
        }
        showMessage("Opening the journal \(journal.name)…")
        let configuration = maker.configuration
        let mailbox = self.mailbox
        Thread.detachNewThread { [weak self] in
            let opened = Result {
                try JournalScopeMaker.openStore(journal, configuration: configuration, passphrase: passphrase)
            }
            mailbox.post({ [weak self] in
                guard let self else { if case .success(let store) = opened { store.close() }; return }
                self.finishSwitch(request, to: journal, opened: opened)
            })
        }
        let seconds = Self.switchTimeLimit
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { [weak self] in
            mailbox.post({ [weak self] in
                guard let self, maker.progress.finish(request) else { return }
                self.showError(JournalSwitchError.noAnswer(name: journal.name, seconds: seconds))
            })
        }
    }

    /// How long a switch waits for a journal to open, in seconds.
    static let switchTimeLimit = 10

    private func finishSwitch(_ request: Int, to journal: NamedJournal, opened: Result<StoreFactory, any Error>) {
        guard scope.maker.progress.finish(request) else {
            // Another switch began, or the app stopped waiting: this store is not wanted.
            if case .success(let store) = opened { store.close() }
            return
        }
        let next: JournalScope
        // The journal being left stays open until the new one is shown (a failure leaves the app on it),
        // but its caches go now, before the new journal's first screen fills its own.
        scope.store.releaseMemory()
        do {
            next = try scope.maker.makeScope(name: journal.name, store: opened.get())
        } catch let error as JournalSwitchError {
            showError(error)
            return
        } catch {
            if case .success(let store) = opened { store.close() }
            showError(JournalSwitchError.cannotOpen(name: journal.name, reason: String(describing: error)))
            return
        }
        // Settings, the Calendar, a confirmation or help: all belong to the journal being left.
        hideSettings()
        hideCalendar()
        for _ in 0..<16 where window.presentedScene != nil { window.dismiss() }  // bounded: each call removes one
        let previous = scope
        scope = next
        window.replaceRoot(with: next.entries.rootScene)
        window.titlePrefix = [journal.name]
        preferencesDidChange(next.preferences)
        previous.close()
        showMessage("Now in the journal \(journal.name)")
    }
}

extension AppController {
    /// Presents the journals of the config to switch to (the storyboard's `showJournals` key); picking
    /// the open one just closes the list.
    public func showJournals() {
        let configuration = scope.maker.configuration
        let journals = configuration.userConfiguration.journalsByName(environment: configuration.environment)
        let current = scope.name
        weak var picker: JournalPickerScene?
        let scene = JournalPickerScene(
            journals: journals, current: current, survey: JournalSurvey(environment: configuration.environment),
            theme: window.theme,
            pick: { [weak self] journal in
                guard let self else { return }
                if let picker { self.window.dismiss(picker) }
                guard journal.name != self.scope.name else { return }
                if configuration.readPassphrase == nil, JournalScopeMaker.isEncrypted(journal) {
                    self.askPassphrase(for: journal)
                } else {
                    self.switchJournal(to: journal)
                }
            },
            close: { [weak self] in
                if let picker { self?.window.dismiss(picker) }
            })
        picker = scene
        window.present(scene)
    }

    /// Asks for an encrypted journal's passphrase in a dialog, then switches to it; Esc stays.
    private func askPassphrase(for journal: NamedJournal) {
        weak var prompt: PassphrasePromptScene?
        let scene = PassphrasePromptScene(
            journal: journal.name,
            submit: { [weak self] passphrase in
                guard let self else { return }
                if let prompt { self.window.dismiss(prompt) }
                self.switchJournal(to: journal, passphrase: passphrase)
            },
            cancel: { [weak self] in
                if let prompt { self?.window.dismiss(prompt) }
            })
        prompt = scene
        window.present(scene)
    }
}
