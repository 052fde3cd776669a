// The jsonl import (EntryInterchange `ImportFormat.jsonl`), as `entries import` reads a file: see
// `ImportRoundTrip` for what must hold (the error's place, streamed equals whole, the round trip
// through the jsonl export).
import EntryInterchange
import Foundation
import FuzzSupport
import InterchangeFuzzing

/// libFuzzer's entry point: imports the input as a jsonl file through `ImportRoundTrip.check`, which checks the error's
/// place, that streamed reading equals whole reading, and the round trip through the jsonl export.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    // The read size from the length, so that the corpus holds files as they are.
    let readSize = 1 + count % 61
    ImportRoundTrip.check(Data(bytes: start, count: count), as: .jsonl, through: .jsonl, readSize: readSize)
    return 0
}
