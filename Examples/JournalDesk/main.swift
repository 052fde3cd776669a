// journal-desk: the Entries, Calendar and Trash contexts composed by another app, with its own small App
// Controller and no Settings. See docs/embedding.md, "Composing contexts" and ARCHITECTURE.md.
import AppShell
import EntryModel
import Foundation

let runLoop = TerminalRunLoop()
do {
    let now = Date()
    let app = try JournalDeskApp(
        repository: InMemoryEntryRepository(entries: JournalDeskApp.sampleEntries(now: now)), suspender: runLoop,
        environment: ProcessInfo.processInfo.environment,
        configuration: .storyboardDriven(colorEnabled: runLoop.colorSupport != .none))
    try runLoop.run(app.window)
} catch TerminalError.terminated(let signal) {
    ProcessTermination.exit(bySignal: signal)
} catch {
    FileHandle.standardError.write(Data("journal-desk: \(error)\n".utf8))
    exit(1)
}
