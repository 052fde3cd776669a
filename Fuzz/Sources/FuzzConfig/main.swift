// A person's config.yaml (AppFactory `UserConfigurationParser`, as `UserConfigurationFile.load` runs it
// after reading the file), and the one edit the app makes to it: keeping the theme picked in Settings
// (`ConfigFileThemeWriter`).
//
// The config files of AppFactory are compiled into this harness through symbolic links (the other
// files here): the AppFactory module links the database stores, whose C, NIO and TLS code the fuzzing
// build would otherwise compile with the sanitizers, in every `make test`. They need only AppShell,
// EntryModel, EntriesContext and Yams, so this is the app's own code, not a copy.
//
// What must hold:
// - every diagnostic names config.yaml and points inside it (line 0 column 0 meaning the whole file);
// - a file without diagnostics gives values the app can use as they are: the theme is a built-in one,
//   the preview sizes are within their bounds, texts are not blank, `~` in `database:` and in
//   `journals:` is expanded,
//   every value's line is a line of the file; and its theme and preferences can be applied;
// - keeping a theme in an accepted file either is refused, the file then byte for byte as it was, or
//   writes a file that reads back with that theme and nothing else changed.
import AppShell
import EntriesContext
import EntryModel
import Foundation
import FuzzSupport

/// A folder of this process's own for the config file, removed when the run ends.
let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("entries-fuzz-config-\(getpid())")
/// The config file: the theme edit writes it.
let path: String = {
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    atexit { try? FileManager.default.removeItem(atPath: folder) }
    return folder + "/config.yaml"
}()
/// A home with nothing in it: a `template: ~/…` finds no file there.
let home = "/nonexistent/fuzz-home"

/// libFuzzer's entry point: parses the input as config.yaml with `UserConfigurationParser` and checks that every
/// diagnostic points inside the file, that a file without diagnostics gives usable values, and that keeping a theme in
/// it either refuses and leaves the file untouched or round-trips.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    // The app reads only valid UTF-8 (anything else is refused before the parser), as this does.
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let lines = TextLines(bytes: bytes)
    var parser = UserConfigurationParser(path: path, home: home)
    let configuration = parser.parse(text)
    for diagnostic in parser.diagnostics {
        fuzzCheck(diagnostic.fileName == path, "a diagnostic names another file: \(diagnostic)")
        fuzzCheck(
            lines.contains(line: diagnostic.line, column: diagnostic.column),
            "a diagnostic outside the file: \(diagnostic)")
        fuzzCheck(
            !diagnostic.message.isEmpty, "a diagnostic without a message at \(diagnostic.line):\(diagnostic.column)")
    }
    guard parser.diagnostics.isEmpty else { return 0 }
    checkUsable(configuration, lines: lines)
    let name = Theme.builtIn[count % Theme.builtIn.count].name
    checkThemeEdit(bytes, configuration: configuration, name: name)
    return 0
}

/// The values of a file that reads without diagnostics are ones the app can use without checking again.
func checkUsable(_ configuration: UserConfiguration, lines: TextLines) {
    func checkLine(_ line: Int, _ what: String) {
        fuzzCheck((1...lines.maximumLine).contains(line), "\(what) on line \(line), outside the file")
    }
    if let theme = configuration.theme {
        fuzzCheck(Theme.named(theme.value) != nil, "the theme \(theme.value.debugDescription) is not a built-in one")
        checkLine(theme.line, "theme")
    }
    for size in [configuration.previewWidth, configuration.previewHeight].compactMap({ $0 }) {
        fuzzCheck(EntryPreviewLayout.allowedSizes.contains(size.value), "a preview size of \(size.value)")
        checkLine(size.line, "a preview size")
    }
    for text in [configuration.database, configuration.editor].compactMap({ $0 }) {
        fuzzCheck(!text.value.allSatisfy(\.isWhitespace), "a blank text setting on line \(text.line)")
        checkLine(text.line, "a text setting")
    }
    if let database = configuration.database?.value {
        fuzzCheck(database != "~" && !database.hasPrefix("~/"), "`~` kept in database: \(database.debugDescription)")
    }
    for journal in configuration.journals {
        checkLine(journal.line, "the journal \(journal.name)")
        fuzzCheck(
            !journal.location.hasPrefix("~/"),
            "`~` kept in the journal \(journal.name): \(journal.location.debugDescription)")
    }
    if let line = configuration.defaultJournal?.line { checkLine(line, "default-journal") }
    for colors in configuration.colors?.value ?? [] {
        checkLine(colors.line, "the colours of \(colors.role)")
    }
    for located in [
        configuration.mouse, configuration.confirmBeforeDelete, configuration.colorEnabled, configuration.preview,
    ] {
        if let located { checkLine(located.line, "a true/false setting") }
    }
    if let line = configuration.sortOrder?.line { checkLine(line, "sort") }
    if let line = configuration.dateStyle?.line { checkLine(line, "date-format") }
    if let line = configuration.firstWeekday?.line { checkLine(line, "first-day-of-week") }
    if let line = configuration.template?.line { checkLine(line, "template") }
    _ = configuration.resolvedTheme
    _ = configuration.applied(to: Preferences())
    _ = configuration.previewLayout
}

/// Keeping the theme as Settings does, on a real file: either the writer refuses and the file stays
/// byte for byte as it was, or the file it wrote reads back as the same configuration with only the
/// theme changed.
func checkThemeEdit(_ bytes: [UInt8], configuration: UserConfiguration, name: String) {
    let original = Data(bytes)
    guard FileManager.default.createFile(atPath: path, contents: original) else { fuzzFailure("cannot write \(path)") }
    let writer = ConfigFileThemeWriter(path: path, home: home)
    do {
        try writer.write(themeName: name)
    } catch {
        let after = FileManager.default.contents(atPath: path)
        fuzzCheck(after == original, "the writer refused (\(error)) but changed the file")
        return
    }
    guard let written = FileManager.default.contents(atPath: path), let text = String(data: written, encoding: .utf8)
    else {
        fuzzFailure("the writer left a file that is not UTF-8 text")
    }
    var parser = UserConfigurationParser(path: path, home: home)
    var readBack = parser.parse(text)
    fuzzCheck(parser.diagnostics.isEmpty, "the written file has problems: \(parser.diagnostics)")
    fuzzCheck(
        readBack.theme?.value == name, "the written file's theme is \(String(describing: readBack.theme)), not \(name)")
    readBack.theme = configuration.theme
    fuzzCheck(readBack == configuration, "the theme edit changed more than the theme: \(text.debugDescription)")
}
