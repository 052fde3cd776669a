import AppFactory
import AppShell
import Foundation

/// `entries-bench switch --journals A.sqlite,B.sqlite [--switches 10]`: the whole app (the real
/// factory, App Controller and contexts) on a headless screen of 120×40, launched on journal A, then
/// switched A → B → A … `--switches` times. Each switch is timed from the App Controller's
/// `switchJournal` (the store opened, the contexts made, the old store closed) to the new journal's
/// first screen rendered, which is what the terminal would then write. The process's resident and
/// peak memory (/proc/self/status VmRSS, VmHWM) are read after the first screen and after each switch:
/// nothing of a closed journal may stay.
@MainActor
enum JournalSwitchBenchmark {
    /// An `AppTerminal` with no terminal: keeps the root view the launch runs.
    private final class KeptRootTerminal: AppTerminal {
        var root: (any RootView)?
        func run(_ root: any RootView) throws { self.root = root }
        func suspended<T>(_ body: () throws -> T) rethrows -> T { try body() }
    }

    static func run(arguments: [String]) -> Int32 {
        var paths: [String] = []
        var switches = 10
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--journals" where index + 1 < arguments.count:
                paths = arguments[index + 1].split(separator: ",").map(String.init)
                index += 2
            case "--switches" where index + 1 < arguments.count:
                switches = Int(arguments[index + 1]) ?? switches
                index += 2
            default:
                FileHandle.standardError.write(
                    Data("entries-bench switch: unknown argument \(arguments[index])\n".utf8))
                return 2
            }
        }
        guard paths.count == 2, paths.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            FileHandle.standardError.write(
                Data("entries-bench switch: give --journals A.sqlite,B.sqlite (two existing journals)\n".utf8))
            return 2
        }
        do {
            try measure(paths: paths, switches: switches)
            return 0
        } catch {
            FileHandle.standardError.write(Data("entries-bench switch: \(error)\n".utf8))
            return 1
        }
    }

    private static func measure(paths: [String], switches: Int) throws {
        let journals = [
            NamedJournal(name: "a", location: paths[0], line: 1), NamedJournal(name: "b", location: paths[1], line: 2),
        ]
        var userConfiguration = UserConfiguration(path: "")
        userConfiguration.journals = journals
        var configuration = AppConfiguration(databasePath: paths[0], userConfiguration: userConfiguration)
        configuration.journalName = "a"
        let terminal = KeptRootTerminal()
        let start = DispatchTime.now().uptimeNanoseconds
        let factory = try AppFactory(
            configuration: configuration, store: try StoreFactory(configuration: configuration), terminal: terminal)
        try factory.appController.launch(in: terminal)
        guard let root = terminal.root else { throw BenchmarkError.noRoot }
        // Rendered as the run loop renders, into a new buffer each frame (a HeadlessScreen would
        // keep every frame, 0.2 MB each, and show as memory the app does not hold).
        let size = Size(width: 120, height: 40)
        func render() -> [String] {
            var buffer = Buffer(size: size)
            root.render(into: &buffer)
            return buffer.lines
        }
        var lines = render()
        let launch = milliseconds(since: start)
        let first = ProcessMemory.read()
        print("launch on a: first screen \(format(launch)) ms; RSS \(first.rss) kB, peak \(first.peak) kB")
        print(lines.last(where: { $0.contains(" of ") }) ?? "")
        var times: [Double] = []
        for number in 1...max(1, switches) {
            let journal = journals[number % 2]
            let begin = DispatchTime.now().uptimeNanoseconds
            factory.appController.switchJournal(to: journal)
            lines = render()
            let elapsed = milliseconds(since: begin)
            times.append(elapsed)
            guard factory.appController.journalName == journal.name else {
                throw BenchmarkError.noSwitch(lines.last ?? "")
            }
            let memory = ProcessMemory.read()
            print(
                "switch \(number) to \(journal.name): first screen \(format(elapsed)) ms; RSS \(memory.rss) kB, peak \(memory.peak) kB"
            )
        }
        let last = ProcessMemory.read()
        let sorted = times.sorted()
        print("switches: median \(format(sorted[sorted.count / 2])) ms, max \(format(sorted.last ?? 0)) ms")
        print(
            "peak RSS after the first screen \(first.peak) kB, after \(switches) switches \(last.peak) kB "
                + "(+\(last.peak - first.peak) kB); RSS now \(last.rss) kB")
    }

    private enum BenchmarkError: Error {
        case noRoot
        case noSwitch(String)
    }

    private static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    private static func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
