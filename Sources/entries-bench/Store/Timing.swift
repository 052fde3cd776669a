import Foundation

/// Wall-clock timing of repeated runs, summarized as median and 99th percentile.
struct Timing {
    /// Durations in seconds, sorted.
    private(set) var samples: [Double]

    init(samples: [Double]) { self.samples = samples.sorted() }

    /// Runs `body` `repetitions` times (after one warm-up run) and records each run.
    static func measure(repetitions: Int, _ body: () throws -> Void) rethrows -> Timing {
        try body()
        var samples: [Double] = []
        samples.reserveCapacity(repetitions)
        for _ in 0..<repetitions {
            samples.append(try seconds(body))
        }
        return Timing(samples: samples)
    }

    /// How long `body` takes, in seconds: wall-clock time, or with `ENTRIES_BENCH_CLOCK=cpu` in the
    /// environment the CPU time of the whole process (every thread's: a read runs on a database
    /// queue's thread), which a machine shared with other work disturbs far less.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock =
            ProcessInfo.processInfo.environment["ENTRIES_BENCH_CLOCK"] == "cpu"
            ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC
        let start = nanoseconds(clock)
        try body()
        return Double(nanoseconds(clock) - start) / 1e9
    }

    private static func nanoseconds(_ clock: clockid_t) -> UInt64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    var median: Double { percentile(0.5) }
    var p99: Double { percentile(0.99) }

    func percentile(_ fraction: Double) -> Double {
        guard !samples.isEmpty else { return 0 }
        return samples[min(samples.count - 1, Int((Double(samples.count - 1) * fraction).rounded()))]
    }

    /// "0.123 / 0.456" in milliseconds.
    var millisecondsSummary: String {
        String(format: "%.3f / %.3f", median * 1000, p99 * 1000)
    }
}
