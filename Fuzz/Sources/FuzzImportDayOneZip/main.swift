// A Day One export's zip (EntryInterchange `ZipArchive` and `DayOneZip`), as `entries import` opens
// one: the central directory read under the limits, the journals found, each member inflated as it
// is read into the Day One JSON reader.
//
// What must hold:
// - a zip is refused with a `ZipArchive.Problem` or an `ImportError`, never anything else;
// - what inflates is never more than the member claims (the zip-bomb limit rests on the claim);
// - journals that read round-trip through the JSON export (as `ImportRoundTrip` checks).
import EntryInterchange
import EntryModel
import Foundation
import FuzzSupport
import InterchangeFuzzing

/// One file per process, rewritten for each input: the archive reads from a path.
let path = FileManager.default.temporaryDirectory.appendingPathComponent("entries-fuzz-\(getpid()).zip").path

/// libFuzzer's entry point: writes the input to a file and opens it as a Day One export zip (`ZipArchive`,
/// `DayOneZip`), checking that it is refused only with a `ZipArchive.Problem` or `ImportError`, that no member inflates
/// past its claimed size, and that the journals read round-trip through the json export.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    // Written with write(2): FileManager's atomic write syncs to disk, which alone can take more than
    // the second an input is allowed.
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0, count == 0 || write(descriptor, start, count) == count else {
        fuzzFailure("cannot write \(path)")
    }
    close(descriptor)
    defer { unlink(path) }
    do {
        let archive = try ZipArchive(path: path)
        var drafts: [EntryDraft] = []
        for journal in try DayOneZip.journals(in: archive) {
            let member = try archive.reader(for: journal)
            var inflated = Data()
            while let piece = try member.read(upToCount: 4096), !piece.isEmpty {
                inflated.append(piece)
                fuzzCheck(
                    UInt64(inflated.count) <= journal.size,
                    "\(journal.name) inflates past the \(journal.size) bytes it claims")
            }
            let window = try ImportWindow(data: inflated)
            try ImportFormat.dayone.read(window) { drafts.append($0) }
        }
        ImportRoundTrip.checkRoundTrip(drafts, through: .json)
    } catch is ZipArchive.Problem {
    } catch is ImportError {
    } catch {
        fuzzFailure("a zip refused with something other than a Problem or an ImportError: \(type(of: error)) \(error)")
    }
    return 0
}
