// memories-desk: the Entries context composed with a small context of its own, Memories (the
// entries written on this day in earlier years). The tutorial "Build a context" builds it step by step.
import AppShell
import EntryModel
import Foundation

let runLoop = TerminalRunLoop()
do {
    let now = Date()
    let app = try MemoriesDeskApp(
        repository: InMemoryEntryRepository(entries: MemoriesSample.entries(now: now)), suspender: runLoop,
        environment: ProcessInfo.processInfo.environment,
        configuration: .storyboardDriven(colorEnabled: runLoop.colorSupport != .none))
    try runLoop.run(app.window)
} catch TerminalError.terminated(let signal) {
    ProcessTermination.exit(bySignal: signal)
} catch {
    FileHandle.standardError.write(Data("memories-desk: \(error)\n".utf8))
    exit(1)
}
