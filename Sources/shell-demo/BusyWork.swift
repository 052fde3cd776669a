#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work that never ends on the main thread, as an endless query would: the demo's `b` with
/// `--enable-busy-key`, so tests can check that Ctrl-C and a closed terminal still end the app.
enum BusyWork {
    static func spinForever() -> Never {
        var time = timespec()
        // A system call per turn, so the loop is real work the compiler cannot remove.
        while true { clock_gettime(CLOCK_MONOTONIC, &time) }
    }
}
