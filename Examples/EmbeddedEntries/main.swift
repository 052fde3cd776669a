// embedded-entries: the Entries context embedded alone in another app, with its own flow, an in-memory
// repository and its own window. See docs/embedding.md.
import AppShell
import EntryModel
import Foundation

let runLoop = TerminalRunLoop()
do {
    let app = try EmbeddedEntriesApp(
        repository: InMemoryEntryRepository(entries: EmbeddedEntriesApp.sampleEntries), suspender: runLoop,
        environment: ProcessInfo.processInfo.environment,
        configuration: .storyboardDriven(colorEnabled: runLoop.colorSupport != .none))
    try runLoop.run(app.window)
} catch TerminalError.terminated(let signal) {
    ProcessTermination.exit(bySignal: signal)  // the terminal is restored; end as the signal would have
} catch {
    FileHandle.standardError.write(Data("embedded-entries: \(error)\n".utf8))
    exit(1)
}
