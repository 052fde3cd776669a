// A Markdown note (EntryInterchange `MarkdownNoteReader`), as `entries import` reads each file of a
// folder of notes (Obsidian and the like): UTF-8 text without NUL (the folder reader refuses others).
//
// What must hold:
// - a note that fails says where: its line is a line of the file;
// - a note that reads round-trips: stored, written as the Markdown-folder export writes it
//   (`MarkdownNoteFormat`), read and stored again, it is the same entry.
import EntryInterchange
import EntryModel
import Foundation
import FuzzSupport
import InterchangeFuzzing

let modified = Date(timeIntervalSince1970: 1_717_400_000)

/// libFuzzer's entry point: reads the input (UTF-8 without NUL) as a Markdown note with `MarkdownNoteReader` and checks
/// that a failure names a line of the file and that a note that reads is the same entry after being written by the
/// Markdown-folder export and read again.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let data = Data(bytes: start, count: count)
    guard !data.contains(0), let text = String(validating: data, as: UTF8.self) else { return 0 }
    let note: MarkdownNoteReader.Note
    do throws(ImportError) {
        note = try MarkdownNoteReader.note(from: text, name: "2024-06-03 note.md", modified: modified)
    } catch {
        ImportRoundTrip.checkPlace(of: error, in: data)
        return 0
    }
    guard let entry = ImportRoundTrip.stored([note.draft]).first else { fuzzFailure("a note read but was not stored") }
    let written = MarkdownNoteFormat.text(of: entry)
    let again: MarkdownNoteReader.Note
    do throws(ImportError) {
        again = try MarkdownNoteReader.note(
            from: written, name: MarkdownNoteFormat.fileName(of: entry), modified: modified)
    } catch {
        fuzzFailure("a note as the export writes it does not read: \(error)\n\(written.debugDescription)")
    }
    guard let reread = ImportRoundTrip.stored([again.draft]).first else { fuzzFailure("a re-read note was not stored") }
    fuzzCheck(
        ImportRoundTrip.same(entry, reread),
        "a note changed through the Markdown export:\n\(entry)\n\(reread)\n\(written.debugDescription)")
    fuzzCheck(again.id == entry.id, "the written id \(entry.id) reads back as \(String(describing: again.id))")
    return 0
}
