import AppFactory
import Foundation

/// Where the start of the terminal UI spends its time, written when `ENTRIES_STARTUP_TRACE` names a
/// file: one line per phase with the milliseconds it took and since the start, after the terminal is
/// restored (nothing is written while the UI runs). `scripts/startup-trace.sh` runs the app with it.
///
/// The start is the moment `ENTRIES_STARTUP_TRACE_T0` gives (nanoseconds of the real-time clock, set
/// by the launcher just before it executes `entries`), else the start of ``TerminalUILaunch``: the
/// first phase then covers the process start, the Swift runtime and Foundation, and parsing the
/// arguments. The frames are the first ones written: the first draws the list's frame, the next ones
/// what the background reads of the first page and the count bring.
final class StartupTrace: LaunchTrace, @unchecked Sendable {
    // @unchecked: `marks` is guarded by `lock` (frames are noted on the main thread, but the type
    // does not promise it).
    private let file: String
    private let origin: UInt64
    private let lock = NSLock()
    private var marks: [(phase: String, time: UInt64)] = []
    private var frames = 0
    /// Frames after this many are not noted.
    private static let framesNoted = 4

    /// A trace when the environment asks for one.
    init?(environment: [String: String]) {
        guard let file = environment["ENTRIES_STARTUP_TRACE"], !file.isEmpty else { return nil }
        self.file = file
        let now = Self.now()
        origin = environment["ENTRIES_STARTUP_TRACE_T0"].flatMap(UInt64.init).map { min($0, now) } ?? now
        marks.append(
            (
                origin == now
                    ? "launch (the trace starts here)" : "process start → launch (runtime, Foundation, arguments)", now
            ))
    }

    /// Notes that `phase` ended now.
    func mark(_ phase: String) {
        lock.lock()
        marks.append((phase, Self.now()))
        lock.unlock()
    }

    /// Notes a frame written, if among the first ones.
    func frameWritten() {
        lock.lock()
        frames += 1
        let frame = frames
        lock.unlock()
        if frame <= Self.framesNoted { mark("frame \(frame) written") }
    }

    /// Writes the phases to the file (best effort: a trace never fails the app).
    func write() {
        lock.lock()
        let marks = self.marks
        lock.unlock()
        var text = ""
        var previous = origin
        for mark in marks {
            let phase = String(
                format: "%8.2f ms  %8.2f ms  ", Double(mark.time - previous) / 1e6, Double(mark.time - origin) / 1e6)
            text += phase + mark.phase + "\n"
            previous = mark.time
        }
        try? Data(("    phase    since start  what\n" + text).utf8).write(to: URL(fileURLWithPath: file))
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
