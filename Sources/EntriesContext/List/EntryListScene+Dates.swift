import AppShell
import EntryModel
import EntryUI
import Foundation

/// Dates in the list: a prompt reads a date phrase ("last week", "june 2024", "3 days ago", as
/// `entries list --on` reads them) and either filters the list to its span (named in the header; Esc
/// clears it) or selects the first entry within it (else the one nearest its start). A phrase that does not read shows the
/// command line's message, "did you mean" included, in the status line.
extension EntryListScene {
    func configureDateInput() {
        dateInput.onSubmit = { [weak self] text in self?.submitDatePhrase(text) }
        dateInput.onCancel = { [weak self] in self?.state.datePrompt = nil }
        dateInput.maximumLength = DatePhraseReader.maximumLength
    }

    /// The date filter key: asks for a phrase (the current one to edit, if any).
    func beginDateFilter() {
        state.datePrompt = .filter
        dateInput.prompt = StyledText("on: ")
        dateInput.text = state.datePhrase ?? ""
    }

    /// The go-to-date key: asks for a phrase whose nearest entry to select.
    func beginDateJump() {
        state.datePrompt = .jump
        dateInput.prompt = StyledText("go to: ")
        dateInput.text = ""
    }

    /// "Entries · last week" while a date phrase filters the list.
    var dateFilterTitle: String? {
        guard let phrase = state.datePhrase, state.filter.created != nil, state.day == nil else { return nil }
        return EntryText.quoted(phrase, maximumLength: 30)
    }

    private func submitDatePhrase(_ text: String) {
        guard let purpose = state.datePrompt else { return }
        state.datePrompt = nil
        let phrase = text.trimmingCharacters(in: .whitespaces)
        guard !phrase.isEmpty else {
            if purpose == .filter, state.datePhrase != nil { clearDateFilter() }  // an emptied phrase: no filter
            return
        }
        let span: DateSpan
        do {
            span = try DatePhraseReader(now: environment.now(), timeZone: environment.timeZone).span(of: phrase)
        } catch {
            return environment.flow.showError(error)
        }
        switch purpose {
        case .filter: applyDateFilter(phrase, span: span)
        case .jump: jump(into: span)
        }
    }

    /// Shows only the entries created within `span` (keeping a tag filter), and narrows the matches
    /// of a search the same way.
    func applyDateFilter(_ phrase: String, span: DateSpan) {
        let selected = selectedSummary
        state.day = nil
        state.beforeDay = nil
        state.datePhrase = phrase
        reloadBrowser(
            keeping: selected.flatMap { span.contains($0.createdAt) ? $0 : nil },
            filter: EntryFilter(tag: state.filter.tag, created: span.start..<span.end), atFirstRow: true)
        if state.activeSearch != nil { runSearch(selecting: selected?.id) }
    }

    /// Esc on a date-filtered list: every date again (the tag filter stays), on the same entry.
    func clearDateFilter() {
        let selected = selectedSummary
        state.datePhrase = nil
        reloadBrowser(keeping: selected, filter: EntryFilter(tag: state.filter.tag))
        if state.activeSearch != nil { runSearch(selecting: selected?.id) }
    }

    /// Selects the first entry (of the list as filtered) created within `span`, else the one nearest
    /// its start (``EntryRepository/entryToGoTo(_:filter:)``), ending a search.
    func jump(into span: DateSpan) {
        if state.activeSearch != nil { endSearch() }
        let (repository, filter) = (environment.repository, state.filter)
        environment.loader.load(
            { try repository.entryToGoTo(span, filter: filter) },
            then: { [weak self] result in
                guard let self, self.state.filter == filter else { return }
                switch result {
                case .success(let entry?): self.reloadBrowser(keeping: entry)
                case .success(nil): self.environment.flow.showMessage("No entries to go to")
                case .failure(let error): self.environment.flow.showError(error)
                }
            })
    }
}
