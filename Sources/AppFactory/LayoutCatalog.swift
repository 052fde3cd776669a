import AppShell
import EntriesContext
import EntryUI
import SettingsContext
import Foundation

/// The layouts the app's scenes draw with: for each scene kind that has a layout, the built-in one
/// (compiled into the binary), or a person's `<Kind>.layout` from the first folder that has one
/// (`--storyboards DIR`, then `$XDG_CONFIG_HOME/entries/layouts/`). Every file is checked when the
/// catalog is made; a layout with an error is not used, and the problems stop the start (before the
/// terminal is touched) with the lines `entries layout lint` prints.
public struct LayoutCatalog: Sendable {
    /// The kinds a layout file may name.
    public static let kinds: [LayoutKind] = [
        EntryListLayout.kind, EntryDetailsLayout.kind, EntryPreviewPaneLayout.kind, EntryMoreDetailsLayout.kind,
        SettingsEntryListLayout.kind,
    ]
    /// The layouts compiled into the binary, by kind.
    public static let builtIn: [String: Layout] = [
        EntryListLayout.kindName: EntryListLayout.builtIn, EntryDetailsLayout.kindName: EntryDetailsLayout.builtIn,
        EntryPreviewPaneLayout.kindName: EntryPreviewPaneLayout.builtIn,
        EntryMoreDetailsLayout.kindName: EntryMoreDetailsLayout.builtIn,
        SettingsEntryListLayout.kindName: SettingsEntryListLayout.builtIn,
    ]
    /// Checks files against ``kinds``.
    public static let loader = LayoutLoader(kinds: kinds)

    /// The layout in force for each kind (built-in or a person's), by kind.
    public let layouts: [String: Layout]
    /// Every problem of the files read, and files the app would never read (`Entrylist.layout`).
    public let problems: [StoryboardDiagnostic]
    /// The paths of the layout files read (none: the built-in layouts are in force).
    public let files: [String]

    /// Reads `<Kind>.layout` for each kind from the first of `directories` that has it. `listRow` is the
    /// config's `list-row:` (already checked): it lays out the list row, and an `EntryList.layout` file
    /// as well is refused (two answers to one question, neither silently ignored).
    public init(directories: [URL], listRow: UserConfiguration.Located<Layout>? = nil, configurationPath: String = "") {
        var layouts = Self.builtIn
        if let listRow { layouts[EntryListLayout.kindName] = listRow.value }
        var problems: [StoryboardDiagnostic] = []
        var files: [String] = []
        let expected = Self.kinds.map { "\($0.name).layout" }
        for kind in Self.kinds {
            // Looked for as text, the URL made for the file found only (see `StoryboardOverrides.path(of:in:)`).
            let name = "\(kind.name).layout"
            let folder = directories.first { directory in
                let path = directory.path
                return FileManager.default.fileExists(atPath: path.hasSuffix("/") ? path + name : path + "/" + name)
            }
            guard let file = folder?.appendingPathComponent(name) else { continue }
            files.append(file.path)
            if kind.name == EntryListLayout.kindName, let listRow {
                problems.append(
                    StoryboardDiagnostic(
                        .error, fileName: file.path, line: 0, column: 0,
                        message:
                            "the list row is laid out twice: by this file and by `list-row:` in \(configurationPath):\(listRow.line); keep one"
                    ))
                continue
            }
            let result = Self.loader.load(file)
            problems += result.diagnostics
            if let layout = result.layout, result.diagnostics.errors.isEmpty {
                if layout.kind != kind.name {
                    problems.append(
                        StoryboardDiagnostic(
                            .error, fileName: file.path, line: 0, column: 0,
                            message:
                                "the file is named for `\(kind.name)` but lays out `\(layout.kind)`; name it `\(layout.kind).layout`"
                        ))
                } else {
                    layouts[kind.name] = layout
                }
            }
        }
        // A file the app would never read is reported, not ignored in silence.
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            for name in names.sorted() where (name as NSString).pathExtension == "layout" && !expected.contains(name) {
                let hint = Suggestion.closest(to: name, among: expected).map { "did you mean `\($0)`? " } ?? ""
                problems.append(
                    StoryboardDiagnostic(
                        .error, fileName: directory.appendingPathComponent(name).path, line: 0, column: 0,
                        message:
                            "the app never reads this file: \(hint)a layout file is named after its kind (\(expected.map { "`\($0)`" }.joined(separator: ", ")))"
                    ))
            }
        }
        self.layouts = layouts
        self.problems = problems
        self.files = files
    }

    /// The list row's layout (the Entries list).
    public var listRow: Layout { layouts[EntryListLayout.kindName] ?? EntryListLayout.builtIn }
    /// The details' layout (the lines above an entry's body).
    public var details: Layout { layouts[EntryDetailsLayout.kindName] ?? EntryDetailsLayout.builtIn }
    /// The preview pane's layout (the lines above the selected entry's body beside the list).
    public var preview: Layout { layouts[EntryPreviewPaneLayout.kindName] ?? EntryPreviewPaneLayout.builtIn }
    /// The layout of a row of Settings' entry list (a kind of its own: `EntryList.layout` and
    /// `list-row:` leave it as it is).
    public var settingsEntryList: Layout {
        layouts[SettingsEntryListLayout.kindName] ?? SettingsEntryListLayout.builtIn
    }
    /// The more details' layout (the metadata under an entry's more-details text).
    public var moreDetails: Layout { layouts[EntryMoreDetailsLayout.kindName] ?? EntryMoreDetailsLayout.builtIn }

    /// The catalog, or `StoryboardLoadError` with every problem when a file has an error.
    public static func checked(
        directories: [URL], listRow: UserConfiguration.Located<Layout>? = nil, configurationPath: String = ""
    ) throws -> LayoutCatalog {
        let catalog = LayoutCatalog(directories: directories, listRow: listRow, configurationPath: configurationPath)
        if !catalog.problems.errors.isEmpty { throw StoryboardLoadError(diagnostics: catalog.problems) }
        return catalog
    }
}
