import Foundation

/// The process's resident and peak resident memory, in kB, from /proc/self/status (VmRSS, VmHWM).
struct ProcessMemory {
    var rss = 0
    var peak = 0

    static func read() -> ProcessMemory {
        var memory = ProcessMemory()
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 2, let value = Int(fields[1]) else { continue }
            if fields[0] == "VmRSS:" { memory.rss = value }
            if fields[0] == "VmHWM:" { memory.peak = value }
        }
        return memory
    }
}
