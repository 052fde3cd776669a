// A person's keys.yaml (AppShell `KeyOverlayLoader`), read and applied to a storyboard before it is
// validated, as the app does at start.
//
// What must hold:
// - every diagnostic of keys.yaml points inside keys.yaml, and names it;
// - applied to a storyboard, the changes give diagnostics that point inside one of the two files;
// - a storyboard that reads without errors with the changes also loads with them.
import AppShell
import FuzzSupport

/// A small storyboard with scenes, segues and storyboard-wide keys for the changes to land on.
let storyboardText = """
    storyboard: Demo
    initial: list
    scenes:
      list:
        kind: ItemList
        title: Items
        keys: {enter: showDetail, r: refresh, q: quit}
      detail:
        kind: ItemDetail
        title: Detail
        keys: {m: showMore, b: goBack}
      more: {kind: ItemMore, title: More, keys: {h: home}}
    segues:
      showDetail: {from: list, to: detail, kind: push}
      showMore: {from: detail, to: more, kind: push}
      goBack: {from: detail, kind: unwind}
      home: {from: more, kind: unwind, to: root}
    keys: {esc: back, backspace: back, j: down, k: up, down: down, up: up, g: first, G: last}
    """

/// The storyboard, parsed once: each input's changes are applied to it as the app applies them to a
/// storyboard compiled into it (every check after the parse runs; re-reading the same text for every
/// input only made the harness slower).
let baseStoryboard: Storyboard = {
    do {
        return try StoryboardLoader(registry: nil).load(text: storyboardText, fileName: "Demo.storyboard")
    } catch {
        fatalError("the harness's own storyboard does not load: \(error)")
    }
}()

/// libFuzzer's entry point: parses the input as keys.yaml with `KeyOverlayLoader`, applies it to a small built-in
/// storyboard, and checks every diagnostic points inside the file it names and that a storyboard without errors also
/// loads with the changes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let keysFile = "keys.yaml", storyboardFile = "Demo.storyboard"
    let keysLines = TextLines(text), storyboardLines = TextLines(storyboardText)
    let (overlay, diagnostics) = KeyOverlayLoader.parse(text, fileName: keysFile)
    for diagnostic in diagnostics {
        fuzzCheck(diagnostic.fileName == keysFile, "a keys.yaml diagnostic names another file: \(diagnostic)")
        fuzzCheck(
            keysLines.contains(line: diagnostic.line, column: diagnostic.column),
            "a diagnostic outside keys.yaml: \(diagnostic)")
    }
    guard let overlay else { return 0 }
    let loader = StoryboardLoader(registry: nil)
    let source = StoryboardSource.overlaid(.compiled(baseStoryboard), keys: overlay)
    let result = loader.diagnose(source)
    for diagnostic in result.diagnostics {
        let lines = diagnostic.fileName == keysFile ? keysLines : storyboardLines
        fuzzCheck(
            [keysFile, storyboardFile].contains(diagnostic.fileName),
            "a diagnostic names an unknown file: \(diagnostic)")
        fuzzCheck(
            lines.contains(line: diagnostic.line, column: diagnostic.column),
            "a diagnostic outside its file: \(diagnostic)")
    }
    if result.isUsable {
        do {
            _ = try loader.load(source)
        } catch {
            fuzzFailure("a storyboard without errors did not load with the key changes: \(error)")
        }
    }
    return 0
}
