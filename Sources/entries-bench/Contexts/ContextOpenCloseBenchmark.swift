import AppFactory
import AppShell
import Foundation

/// `entries-bench contexts --database PATH [--times 20] [--reads background|at-once]`: the whole app
/// (the real factory, App Controller and contexts) on a headless screen of 120×40 over the journal at
/// PATH, opening and closing each context the Entries list reaches by reference (the Calendar `c`,
/// Settings `s`, the Trash `T`; Esc closes) `--times` times after one warm-up each. An open is timed
/// from the key to its first frame rendered; a close from Esc to the list's frame. With the reads in
/// the background (the app in a terminal), the time until the context's data is delivered and drawn is
/// printed apart ("filled"); with `--reads at-once` (tests, embedding) the open includes the reads.
@MainActor
enum ContextOpenCloseBenchmark {
    /// An `AppTerminal` with no terminal: keeps the root view the launch runs.
    private final class KeptRootTerminal: AppTerminal {
        var root: (any RootView)?
        func run(_ root: any RootView) throws { self.root = root }
        func suspended<T>(_ body: () throws -> T) rethrows -> T { try body() }
    }

    /// A context reached from the list: its key there and the last part of the header it shows.
    private struct Reached {
        var key: String
        var title: String
    }

    private static let contexts = [
        Reached(key: "c", title: "Calendar"), Reached(key: "s", title: "Settings"), Reached(key: "T", title: "Trash"),
    ]

    static func run(arguments: [String]) -> Int32 {
        var path: String?
        var times = 20
        var inBackground = true
        var index = 0
        while index < arguments.count {
            switch (arguments[index], index + 1 < arguments.count ? arguments[index + 1] : nil) {
            case ("--database", let value?):
                path = value
            case ("--times", let value?) where (Int(value) ?? 0) > 0:
                times = Int(value) ?? times
            case ("--reads", "background"):
                inBackground = true
            case ("--reads", "at-once"):
                inBackground = false
            default:
                FileHandle.standardError.write(
                    Data("entries-bench contexts: unknown or incomplete argument \(arguments[index])\n".utf8))
                return 2
            }
            index += 2
        }
        guard let path, FileManager.default.fileExists(atPath: path) else {
            FileHandle.standardError.write(
                Data("entries-bench contexts: give --database PATH (an existing journal)\n".utf8))
            return 2
        }
        do {
            try measure(path: path, times: times, inBackground: inBackground)
            return 0
        } catch {
            FileHandle.standardError.write(Data("entries-bench contexts: \(error)\n".utf8))
            return 1
        }
    }

    private static func measure(path: String, times: Int, inBackground: Bool) throws {
        var configuration = AppConfiguration(databasePath: path, userConfiguration: UserConfiguration(path: ""))
        configuration.readsInBackground = inBackground
        let terminal = KeptRootTerminal()
        let factory = try AppFactory(
            configuration: configuration, store: try StoreFactory(configuration: configuration), terminal: terminal)
        try factory.appController.launch(in: terminal)
        guard let root = terminal.root else { throw BenchmarkError.noRoot }
        // Rendered as the run loop renders, into a new buffer each frame.
        let size = Size(width: 120, height: 40)
        func render() -> [String] {
            var buffer = Buffer(size: size)
            root.render(into: &buffer)
            return buffer.lines
        }
        /// Runs what the background reads posted until none is under way, drawing after each delivery.
        func settle() {
            guard let mailbox = root.mailbox else { return }
            while mailbox.hasUnfinishedWork {
                if mailbox.deliver() { _ = render() } else { usleep(100) }
            }
        }
        settle()
        let list = render()
        print("journal \(path): \(list.last(where: { $0.contains(" of ") }) ?? "")")
        print("reads \(inBackground ? "in the background (as in a terminal)" : "at once (as in tests)"), 120x40")
        for context in contexts {
            let key = try Key(name: context.key)
            let escape = try Key(name: "esc")
            var opens: [Double] = [], fills: [Double] = [], closes: [Double] = []
            for round in 0...times {
                var start = DispatchTime.now().uptimeNanoseconds
                root.handle(key)
                let opened = render()
                let open = milliseconds(since: start)
                guard opened.first?.hasSuffix(context.title) == true else {
                    throw BenchmarkError.notOpened(context.title, opened.first ?? "")
                }
                settle()
                let filled = milliseconds(since: start)
                start = DispatchTime.now().uptimeNanoseconds
                root.handle(escape)
                let closed = render()
                let close = milliseconds(since: start)
                guard factory.window.presentedScene == nil else {
                    throw BenchmarkError.notClosed(context.title, closed.first ?? "")
                }
                settle()
                if round == 0 {
                    print("\(context.title): first open \(format(open)) ms, close \(format(close)) ms (warm-up)")
                    continue
                }
                opens.append(open)
                fills.append(filled)
                closes.append(close)
            }
            var line = "\(context.title) x\(times): open \(summary(opens)); close \(summary(closes))"
            if inBackground { line += "; open until filled \(summary(fills))" }
            print(line)
        }
    }

    private enum BenchmarkError: Error, CustomStringConvertible {
        case noRoot
        case notOpened(String, String)
        case notClosed(String, String)

        var description: String {
            switch self {
            case .noRoot: return "the app did not launch"
            case .notOpened(let title, let header): return "\(title) did not open (the header reads \(header))"
            case .notClosed(let title, let header): return "\(title) did not close (the header reads \(header))"
            }
        }
    }

    private static func summary(_ times: [Double]) -> String {
        let sorted = times.sorted()
        return "median \(format(sorted[sorted.count / 2])) ms, max \(format(sorted.last ?? 0)) ms"
    }

    private static func milliseconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
    }

    private static func format(_ value: Double) -> String { String(format: "%.2f", value) }
}
