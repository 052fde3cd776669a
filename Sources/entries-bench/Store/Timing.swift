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

    /// How long `body` takes, in seconds.
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
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
