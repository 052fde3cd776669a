import AppFactory
import AppShell
import EntryModel
import EntryUI
import Foundation

/// `entries edit` with filters: every chosen entry in one editor buffer (``EntryBufferEdit``), and
/// what the saved buffer asks for stored in one transaction, or nothing.
extension EditCommand {
    func executeMany() throws {
        // Opened for writing first: a read-only database fails before anything is typed.
        let access = try global.databaseAccess()
        let database = try access.openForWriting()
        let originals = try chosenEntries(in: database.entries)
        guard !originals.isEmpty else {
            guard let day = try onThisDayChosen() else {
                return try StandardStreams.writeOutput(marks.noEntriesMessage)
            }
            return try StandardStreams.writeOutput(
                "No entries on \(CivilDay.monthNames[day.month - 1]) \(day.day) in \(day.year) or any year before.\n")
        }
        let edit = EntryBufferEdit(originals: originals)
        let editor = EffectiveSettings.externalEditor(
            environment: ProcessInfo.processInfo.environment, configuration: access.configuration,
            temporaryDirectory: access.editorTemporaryDirectory)
        let unchanged =
            "No changes to \(originals.count == 1 ? "entry \(originals[0].id)" : "the \(originals.count) entries").\n"
        guard let edited = try editor.edit(edit.text, fileName: "entries-\(originals.count).md") else {
            return try StandardStreams.writeOutput(unchanged)
        }
        let keep = { RecoveryFile.save(edited, name: "edit-many", in: access.recoveryDirectory) }
        let changes: EntryChangeSet
        do {
            changes = try edit.changes(in: edited)
        } catch {
            throw CommandError.editManyRefused(reason: error.description, savedAt: keep())
        }
        guard !changes.isEmpty else { return try StandardStreams.writeOutput(unchanged) }
        if !changes.trashes.isEmpty {
            let named = Confirmation.naming(changes.trashes.map(\.summary))
            let agreed: Bool
            do {
                agreed = try Confirmation.ask(
                    "\(named) left the text: move \(changes.trashes.count == 1 ? "it" : "them") to the trash?",
                    what: "moving \(named) to the trash", yes: yes)
            } catch {
                throw CommandError.editManyRefused(reason: "\(error)", savedAt: keep())
            }
            guard agreed else {
                let saved = keep().map { " Your text is saved in \($0)." } ?? ""
                return try StandardStreams.writeOutput("No entry was changed.\(saved)\n")
            }
        }
        let result: EntryChangeSetResult
        do {
            result = try database.entries.apply(changes)
        } catch {
            throw CommandError.editManyRefused(reason: "\(error)", savedAt: keep())
        }
        try StandardStreams.writeOutput(Self.report(result))
    }

    /// The entries the filters choose, oldest first: through ``ChosenEntries``, or with
    /// `--on-this-day` those of that day of the year in every year up to its own (the newest `limit`).
    private func chosenEntries(in entries: any EntryRepository) throws -> [Entry] {
        var chosen: [Entry] = []
        if let day = try onThisDayChosen() {
            let filter = try marks.filter(created: nil, in: entries)
            let found = try entries.entriesOnThisDay(
                day, timeZone: .current, filter: filter, order: .newest, limit: limit ?? .max)
            for summary in found.reversed() {
                if let entry = try entries.entry(id: summary.id) { chosen.append(entry) }
            }
            return chosen
        }
        let filter = try marks.filter(created: try dates.createdRange(), in: entries)
        try ChosenEntries(filter: filter, search: nil, limit: limit).forEach(in: entries) { chosen.append($0) }
        return chosen
    }

    /// The day `--on-this-day` names (a date phrase), if given.
    private func onThisDayChosen(now: Date = Date()) throws -> CivilDay? {
        guard let onThisDay else { return nil }
        let timeZone = TimeZone.current
        return CivilDay(try DatePhraseReader(now: now, timeZone: timeZone).span(of: onThisDay).start, in: timeZone)
    }

    /// "Updated 2 entries, moved 1 to the trash, added 1 (id 57)." with the counts that are not zero.
    static func report(_ result: EntryChangeSetResult) -> String {
        func entries(_ count: Int) -> String { count == 1 ? "1 entry" : "\(count) entries" }
        var parts: [String] = []
        if result.updated > 0 { parts.append("updated \(entries(result.updated))") }
        if result.trashed > 0 {
            parts.append(
                "moved \(entries(result.trashed)) to the trash (`entries trash list` shows \(result.trashed == 1 ? "it" : "them"))"
            )
        }
        if !result.insertedIDs.isEmpty {
            let ids = result.insertedIDs.map(String.init).joined(separator: ", ")
            parts.append(
                "added \(entries(result.insertedIDs.count)) (\(result.insertedIDs.count == 1 ? "id" : "ids") \(ids))")
        }
        let sentence = parts.joined(separator: ", ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + ".\n"
    }
}
