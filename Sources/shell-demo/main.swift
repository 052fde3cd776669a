// shell-demo: AppShell alone, as a small app. A list of 1000 generated items; Enter opens an item's
// wrapped text, Esc goes back, `m` presents a modal, `!` runs a shell while the UI is suspended,
// `?` shows the keys, `q` quits. Used by the end-to-end tests under tmux.
//
// Usage: shell-demo [--items N] [--enable-crash-key]
//   --enable-crash-key  makes `x` trap on purpose (a Swift runtime trap), to test that a crash restores
//                       the terminal. Never on by default.
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

let runLoop = TerminalRunLoop()
let colorSupport = runLoop.colorSupport
let configuration = WindowConfiguration(
    theme: colorSupport == .none ? .monochrome : .default,
    colorEnabled: colorSupport != .none
)
let app = DemoComposition(
    items: DemoItems.generate(count: itemCount), configuration: configuration, colorSupport: colorSupport,
    suspending: runLoop, crashKeyEnabled: crashKeyEnabled
)
do {
    try runLoop.run(app.window)
} catch TerminalError.terminated(let signal) {
    ProcessTermination.exit(bySignal: signal)
} catch {
    printError("shell-demo: \(error)")
    exit(1)
}
