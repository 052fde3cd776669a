import EntryInterchange
import EntryModel
import Foundation
import SQLiteStore

/// `entries-bench folder`: a Markdown folder of 100,000 entries (issue 15: export and import in under
/// 20 s each), on the disk of `--in` (default: the temporary folder). The export is the one
/// `entries export --format markdown-folder` runs (every entry read from SQLite, oldest first, one file
/// each, staged and renamed into place, one syncfs); the import is `entries import FOLDER`'s (every
/// file read and checked, duplicates looked for, one bulk insert into a new database).
///
/// On ext4 without a journal, creating files within about 35 s of deleting many is much slower (the
/// inode allocator skips each recently deleted inode, from the start of its group, for every new
/// file): run it on a disk that has not just lost a large folder, or wait a minute between runs.
enum MarkdownFolderBenchmark {
    static func run(arguments: [String]) -> Int32 {
        var count = 100_000
        var base = NSTemporaryDirectory()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--count":
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    return fail("--count needs a number above 0")
                }
                count = value
            case "--in":
                guard let value = remaining.popFirst() else { return fail("--in needs a folder") }
                base = value
            case "-h", "--help":
                print("usage: entries-bench folder [--count 100000] [--in DIR]")
                return 0
            default:
                return fail("unknown option \(argument)")
            }
        }
        let work = (base as NSString).appendingPathComponent("entries-bench-folder-\(getpid())")
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            return try measure(count: count, in: work)
        } catch {
            return fail("\(error)")
        }
    }

    private static func measure(count: Int, in work: String) throws -> Int32 {
        var generated = GeneratedEntries()
        let source = try EntryDatabase(path: work + "/source.sqlite")
        try source.entries.insert(contentsOf: generated.drafts(count), progress: nil)
        let folder = work + "/notes"

        var writer: MarkdownFolder.Writer?
        var finishing = 0.0
        let exportStart = CPUUsage.now()
        let export = try Timing.seconds {
            let opened = try MarkdownFolder.Writer(folder: folder, force: false)
            writer = opened
            try source.entries.forEachEntry(order: .oldest) { entry in try opened.write(entry) }
            finishing = try Timing.seconds { try opened.finish() }
        }
        let exportCPU = CPUUsage.now() - exportStart
        let written = writer?.count ?? 0
        try source.close()

        let importStart = CPUUsage.now()
        var imported = 0
        let importSeconds = try Timing.seconds {
            let drafts = try MarkdownFolder.drafts(inFolder: folder)
            let target = try EntryDatabase(path: work + "/target.sqlite")
            let (kept, _) = try DuplicateEntries.withoutDuplicates(drafts, in: target.entries)
            imported = try target.entries.insert(contentsOf: kept, progress: nil)
            try target.close()
        }
        let importCPU = CPUUsage.now() - importStart

        print("Markdown folder of \(count) entries in \(work) (s)")
        print(
            String(
                format: "  export: %6.2f wall (of which syncfs + rename %.2f), %.2f user, %.2f system; %d files",
                export, finishing, exportCPU.user, exportCPU.system, written))
        print(
            String(
                format: "  import: %6.2f wall, %.2f user, %.2f system; %d entries",
                importSeconds, importCPU.user, importCPU.system, imported))
        guard written == count, imported == count else { return fail("expected \(count) files and entries") }
        return 0
    }

    private static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("entries-bench folder: \(message)\n".utf8))
        return 1
    }
}

/// The process's user and system CPU time so far (getrusage), to tell the machine's load from the work.
struct CPUUsage {
    var user: Double
    var system: Double

    static func now() -> CPUUsage {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return CPUUsage(user: seconds(usage.ru_utime), system: seconds(usage.ru_stime))
    }

    private static func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }

    static func - (left: CPUUsage, right: CPUUsage) -> CPUUsage {
        CPUUsage(user: left.user - right.user, system: left.system - right.system)
    }
}
