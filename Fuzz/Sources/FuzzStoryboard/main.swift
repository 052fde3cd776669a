// The storyboard loader and validator (AppShell `StoryboardLoader`), as the app loads a storyboard a
// person put in their config folder: the text read, its YAML parsed, the schema read and validated.
//
// What must hold:
// - every diagnostic points inside the file (line and column within the text, or 0 for the whole file);
// - a storyboard that reads without errors also loads (`load` does not throw), and to the same storyboard;
// - loading is a function of the text: diagnosing it twice gives the same result (checked on one input
//   in eight, chosen by the input's bytes so that a failing one fails again: it doubles the work).
import AppShell
import FuzzSupport

/// libFuzzer's entry point: diagnoses the input as a storyboard with `StoryboardLoader` and checks every diagnostic
/// points inside the file, diagnosing is repeatable, and a storyboard without errors loads to the same storyboard.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let fileName = "Fuzz.storyboard"
    let loader = StoryboardLoader(registry: nil)
    let result = loader.diagnose(.text(text, fileName: fileName))
    let lines = TextLines(text)
    for diagnostic in result.diagnostics {
        fuzzCheck(diagnostic.fileName == fileName, "a diagnostic names another file: \(diagnostic)")
        fuzzCheck(
            lines.contains(line: diagnostic.line, column: diagnostic.column),
            "a diagnostic outside the file (\(lines.maximumLine) lines, \(lines.maximumColumn) columns): \(diagnostic)")
        fuzzCheck(!diagnostic.message.isEmpty, "a diagnostic without a message: \(diagnostic)")
    }
    if fuzzSample(start, count, oneIn: 8) {
        fuzzCheck(loader.diagnose(.text(text, fileName: fileName)) == result, "diagnosing the same text twice differs")
    }
    if result.isUsable {
        do {
            let loaded = try loader.load(text: text, fileName: fileName)
            fuzzCheck(loaded == result.storyboard, "the loaded storyboard differs from the diagnosed one")
        } catch {
            fuzzFailure("a storyboard without errors did not load: \(error)")
        }
    }
    return 0
}
