import AppShellTesting
import EntryInterchange
import Foundation
import XCTest

/// Zips whose numbers are chosen to overflow the reader's arithmetic: a ZIP64 compressed size of
/// 2^64 − 1, a ZIP64 record said to lie at 2^64 − 16, and every field of every record set to the
/// extremes. Each is refused as a corrupt zip (an error that says so), never a trap; the import of
/// such a zip ends with status 1 and leaves the journal as it was.
final class HostileZipTests: ReliabilityTestCase {
    static let journal = Data(
        #"{"metadata":{"version":"1.0"},"entries":[{"creationDate":"2024-01-05T09:30:00Z","text":"Hello from the zip"}]}"#
            .utf8)

    /// The Day One export every crafted zip starts from: a journal and a photo, every size and offset
    /// written in the ZIP64 fields.
    static func export(
        journal: ZipFileBuilder.Member = .init(name: "Journal.json", data: journal, zip64Fields: true),
        claimedZIP64RecordOffset: UInt64? = nil
    ) -> ZipFileBuilder {
        ZipFileBuilder(
            members: [
                journal,
                .init(
                    name: "photos/a.jpeg", data: Data(repeating: 0xD8, count: 64), deflated: false, zip64Fields: true),
            ],
            zip64: true, claimedZIP64RecordOffset: claimedZIP64RecordOffset)
    }

    /// The two zips as they were found, each imported by the binary.
    static var crafted: [(name: String, zip: ZipFileBuilder)] {
        [
            (
                "a compressed size of 2^64-1",
                export(
                    journal: .init(name: "Journal.json", data: journal, claimedCompressedSize: .max, zip64Fields: true))
            ),
            ("a ZIP64 record at 2^64-16", export(claimedZIP64RecordOffset: 0xFFFF_FFFF_FFFF_FFF0)),
        ]
    }

    func testCraftedZIP64NumbersAreRefusedByTheImport() throws {
        let database = path("journal.sqlite")
        try succeed(database, ["add", "--title", "Kept", "--body", "before the zips"])
        let before = try succeed(database, ["export", "--format", "jsonl"])
        var counter = TrialCounter()
        for (index, crafted) in Self.crafted.enumerated() {
            let zip = try writeFile("crafted-\(index).zip", crafted.zip.data())
            let result = try entries.run(["--database", database, "import", zip])
            var problems: [String] = []
            if result.killedBySignal {
                problems.append("\(crafted.name): the import died of signal \(result.status)")
            } else if result.status != 1 {
                problems.append("\(crafted.name): exit status \(result.status), not 1")
            }
            if !result.standardError.contains("the zip is corrupt") {
                problems.append("\(crafted.name): the message does not say the zip is corrupt: \(result.standardError)")
            }
            if try succeed(database, ["export", "--format", "jsonl"]) != before {
                problems.append("\(crafted.name): the journal changed")
            }
            counter.record(problems)
        }
        ledger.record(counter.row("hostile zip: ZIP64 numbers that overflow (entries import)", nothingLost: nil))
    }

    /// Every run of 2, 4 or 8 bytes of the zip, at every offset, set to the values that overflow a
    /// sum or a subtraction; read as the import reads it. Whatever the file claims, the reader
    /// accepts it or refuses it with a ``ZipArchive/Problem`` or an ``ImportError``.
    func testEveryNumberOfEveryRecordIsCheckedBeforeArithmetic() throws {
        let base = Self.export().data()
        XCTAssertEqual(try Self.read(try writeFile("base.zip", base)), 1, "the base zip imports")
        // The full run tries eleven values everywhere; `make test` the four that overflow the most.
        let extremes: [UInt64] =
            budget.isFull
            ? [
                0, 1, 0x7FFF, 0xFFFF, 0x7FFF_FFFF, 0xFFFF_FFFE, 0xFFFF_FFFF, 0x7FFF_FFFF_FFFF_FFFF,
                0x8000_0000_0000_0000, 0xFFFF_FFFF_FFFF_FFF0, .max,
            ]
            : [0, 0xFFFF_FFFF, 0xFFFF_FFFF_FFFF_FFF0, .max]
        // Variants are written to memory (/dev/shm) when it is there: thousands of small files.
        let shm =
            FileManager.default.fileExists(atPath: "/dev/shm")
            ? "/dev/shm/entries-hostile-zip-\(UUID().uuidString).zip" : nil
        let file = shm ?? path("variant.zip")
        defer { if let shm { try? FileManager.default.removeItem(atPath: shm) } }
        var counter = TrialCounter()
        var refused = 0
        for offset in 0..<base.count {
            for width in [2, 4, 8] where offset + width <= base.count {
                for value in extremes {
                    var bytes = base
                    for byte in 0..<width {
                        bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte)))
                    }
                    let problems = try Self.problems(reading: bytes, at: file, refused: &refused)
                    counter.record(
                        problems.map { "\($0) (\(width) bytes at \(offset) set to \(String(value, radix: 16)))" })
                }
            }
        }
        ledger.record(
            counter.row("hostile zip: every field set to the extremes", nothingLost: nil, note: "\(refused) refused"))

        // Then random runs of bytes, for the budget's time.
        var random = makeGenerator()
        var fuzzed = TrialCounter()
        untilDeadline(budget.fuzzDuration / 4) {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let width = [1, 2, 4, 8].randomElement(using: &random) ?? 1
                let offset = Int.random(in: 0...(bytes.count - width), using: &random)
                let value =
                    Bool.random(using: &random)
                    ? (extremes.randomElement(using: &random) ?? 0) : UInt64.random(in: 0...UInt64.max, using: &random)
                for byte in 0..<width { bytes[offset + byte] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(byte))) }
            }
            let problems =
                (try? Self.problems(reading: bytes, at: file, refused: &refused)) ?? [
                    "the variant could not be written"
                ]
            fuzzed.record(problems)
        }
        ledger.record(fuzzed.row("fuzz: zip records", nothingLost: nil))
    }

    /// The companion: the crafted numbers do reach the arithmetic. The central directory takes a
    /// compressed size of 2^64 − 1 as it is (only the sum with the data's offset stands between it and
    /// a trap), and the locator of the other zip holds 2^64 − 16, which is fine when it points right.
    func testTheCraftedNumbersReachTheArithmetic() throws {
        let archive = try ZipArchive(path: try writeFile("size.zip", Self.crafted[0].zip.data()))
        XCTAssertEqual(archive.members.first?.compressedSize, .max)
        let located = Self.crafted[1].zip.data()
        let locator = located.count - 22 - 20
        XCTAssertEqual(
            located[(locator + 8)..<(locator + 16)].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) },
            0xFFFF_FFFF_FFFF_FFF0)
        XCTAssertEqual(try Self.read(try writeFile("located.zip", Self.export().data())), 1)
    }

    // MARK: - Helpers

    /// Reads `bytes` as a zip as the import does; what went wrong other than a clear refusal.
    private static func problems(reading bytes: Data, at file: String, refused: inout Int) throws -> [String] {
        try bytes.write(to: URL(fileURLWithPath: file))
        do {
            _ = try read(file)
            return []
        } catch let problem as ZipArchive.Problem {
            refused += 1
            return problem.description.isEmpty ? ["a refusal without a reason"] : []
        } catch let error as ImportError {
            refused += 1
            return error.reason.isEmpty ? ["a refusal without a reason"] : []
        } catch {
            return ["an error that is not a refusal of the zip: \(error)"]
        }
    }

    /// The entries of every journal in the zip at `path`, read through the inflating reader.
    private static func read(_ path: String) throws -> Int {
        let archive = try ZipArchive(path: path)
        var count = 0
        for journal in try DayOneZip.journals(in: archive) {
            let window = try ImportWindow(readingFrom: try archive.reader(for: journal))
            try ImportFormat.dayone.read(window) { _ in count += 1 }
        }
        return count
    }
}
