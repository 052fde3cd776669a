// shell-demo: AppShell alone, as a small app. A list of 1000 generated items; Enter opens an item's
// wrapped text, Esc goes back, `m` presents a modal, `!` runs a shell while the UI is suspended,
// `?` shows the keys, `q` quits. Used by the end-to-end tests under tmux.
//
// Usage: shell-demo [--items N] [--enable-crash-key] [--enable-busy-key] [--emoji-titles]
//                   [--frame-log PATH] [--without-busy-watchdog] [--without-width-guard]
//   --enable-crash-key  makes `x` trap on purpose (a Swift runtime trap), to test that a crash restores
//                       the terminal. Never on by default.
//   --enable-busy-key   makes `b` spin forever on the main thread (a query that never ends), to test
//                       that Ctrl-C and a closed terminal still end the app.
//   --emoji-titles      puts 👍🏽 and 🇫🇷 (whose width terminals disagree about) in some titles.
//   --frame-log PATH    writes each frame's rows to PATH: what the app meant the screen to show.
//   --without-busy-watchdog, --without-width-guard  turn those protections off, for the tests that
//                       show what they prevent.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import AppShell

let arguments = Array(CommandLine.arguments.dropFirst())
var itemCount = 1000
if let index = arguments.firstIndex(of: "--items"), index + 1 < arguments.count {
    guard let count = Int(arguments[index + 1]), count > 0 else {
        printError("shell-demo: --items needs a positive number, got \(arguments[index + 1])")
        exit(64)
    }
    itemCount = count
}
let crashKeyEnabled = arguments.contains("--enable-crash-key")
let busyKeyEnabled = arguments.contains("--enable-busy-key")
let frameLogPath = arguments.firstIndex(of: "--frame-log").flatMap {
    $0 + 1 < arguments.count ? arguments[$0 + 1] : nil
}

var runLoopConfiguration = TerminalRunLoop.Configuration()
if arguments.contains("--without-busy-watchdog") { runLoopConfiguration.busyExitDelay = nil }
if arguments.contains("--without-width-guard") { runLoopConfiguration.guardsDisputedWidths = false }
let runLoop = TerminalRunLoop(configuration: runLoopConfiguration)
let colorSupport = runLoop.colorSupport
let configuration = WindowConfiguration(
    theme: colorSupport == .none ? .monochrome : .default,
    colorEnabled: colorSupport != .none
)
let app = DemoComposition(
    items: DemoItems.generate(count: itemCount, emojiTitles: arguments.contains("--emoji-titles")),
    configuration: configuration, colorSupport: colorSupport, suspending: runLoop,
    crashKeyEnabled: crashKeyEnabled, busyKeyEnabled: busyKeyEnabled
)
do {
    try runLoop.run(frameLogPath.map { FrameLoggingRoot(app.window, path: $0) } ?? app.window)
} catch TerminalError.terminated(let signal) {
    ProcessTermination.exit(bySignal: signal)
} catch {
    printError("shell-demo: \(error)")
    exit(1)
}
