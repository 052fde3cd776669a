import Foundation

/// Where a storyboard comes from: text (tests, tools), a file, a resource of a module bundle, or a
/// storyboard compiled into the binary (what a context ships). Reading is deferred to the loader so
/// every failure is a diagnostic.
public enum StoryboardSource: Hashable, Sendable {
    /// Text with the file name to use in messages.
    case text(String, fileName: String)
    /// A file on disk; messages use its last path component.
    case file(URL)
    /// A bundle resource as returned by `Bundle.module.url(forResource:withExtension:)`, nil when the
    /// resource is missing; `fileName` names it in messages. (For apps that ship the file itself; this
    /// package's contexts ship theirs ``compiled(_:)``.)
    case resource(URL?, fileName: String)
    /// A storyboard file as the parser reads it, recorded in the sources at build time (see
    /// ``StoryboardSwiftSource``): no file to find and no YAML to parse at start, and it is still
    /// validated against the context's registry every time it is loaded.
    case compiled(Storyboard)
    /// Another source with a person's key changes (keys.yaml) applied before validation.
    indirect case overlaid(StoryboardSource, keys: KeyOverlay)
    /// A storyboard its maker has just loaded and validated against the registry it will run with (or
    /// one it only adds to), with the warnings found then: loading it checks nothing again. An app's
    /// catalog that checks every storyboard at start hands its contexts these, so that a start
    /// validates each storyboard once.
    case validated(Storyboard, warnings: [StoryboardDiagnostic])

    /// The file name used in diagnostics.
    public var fileName: String {
        switch self {
        case .text(_, let fileName), .resource(_, let fileName): return fileName
        case .file(let url): return url.lastPathComponent
        case .compiled(let storyboard), .validated(let storyboard, _): return storyboard.fileName
        case .overlaid(let base, _): return base.fileName
        }
    }

    /// The source without key changes: where the storyboard itself comes from.
    public var base: StoryboardSource {
        if case .overlaid(let base, _) = self { return base.base }
        return self
    }

    /// The key changes applied to this source, if any.
    public var keyOverlay: KeyOverlay? {
        if case .overlaid(_, let keys) = self { return keys }
        return nil
    }

    /// The text, or a diagnostic saying why it cannot be read.
    func read() -> Result<String, StoryboardDiagnostic> {
        switch self {
        case .text(let text, _):
            return .success(text)
        case .file(let url):
            return Self.read(url, fileName: fileName)
        case .resource(let url?, _):
            return Self.read(url, fileName: fileName)
        case .resource(nil, _):
            return .failure(
                StoryboardDiagnostic(
                    .error, fileName: fileName, line: 0, column: 0,
                    message:
                        "the built-in storyboard is missing from the module bundle; check the target's `resources:`"))
        case .compiled, .validated:
            return .failure(
                StoryboardDiagnostic(
                    .error, fileName: fileName, line: 0, column: 0,
                    message:
                        "the storyboard is compiled into the app and has no text to read; its file is in the app's sources"
                ))
        case .overlaid(let base, _):
            return base.read()
        }
    }

    private static func read(_ url: URL, fileName: String) -> Result<String, StoryboardDiagnostic> {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(
                StoryboardDiagnostic(
                    .error, fileName: fileName, line: 0, column: 0,
                    message: "cannot read \(url.path): \(error.localizedDescription)"))
        }
        return decode(data, fileName: fileName)
    }

    /// UTF-8 text, or the line and column of the first byte that is not UTF-8.
    static func decode(_ data: Data, fileName: String) -> Result<String, StoryboardDiagnostic> {
        if let text = String(data: data, encoding: .utf8) { return .success(text) }
        // Find the first invalid byte by decoding growing prefixes' scalars one at a time.
        var line = 1, column = 1
        var iterator = data.makeIterator()
        var decoder = UTF8()
        decoding: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" { line += 1; column = 1 } else { column += 1 }
            case .emptyInput: break decoding
            case .error: break decoding
            }
        }
        return .failure(
            StoryboardDiagnostic(
                .error, fileName: fileName, line: line, column: column,
                message: "the file is not UTF-8 text (binary data?)"))
    }
}

/// Storyboards edited outside the binary: `--storyboards DIR` makes DIR/<Name>.storyboard replace the
/// built-in storyboard of the context `Name`; contexts without a file there keep their built-in one.
public struct StoryboardOverrides: Hashable, Sendable {
    /// The directory given on the command line, or nil to use the built-in storyboards only.
    public var directory: URL?

    /// Overrides read from `directory`; nil gives every context its built-in storyboard.
    public init(directory: URL?) {
        self.directory = directory
    }

    /// The override file for the context if there is one, else the built-in resource.
    public func source(forContext name: String, builtIn: URL?) -> StoryboardSource {
        let fileName = "\(name).storyboard"
        if let directory, FileManager.default.fileExists(atPath: Self.path(of: fileName, in: directory)) {
            return .file(directory.appendingPathComponent(fileName))
        }
        return .resource(builtIn, fileName: fileName)
    }

    /// The path of the file `name` in `directory`, joined as text: every start looks for each context's
    /// file, and `URL.appendingPathComponent` builds its character sets anew at each call (0.2 ms a start).
    static func path(of name: String, in directory: URL) -> String {
        let folder = directory.path
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// What is wrong with the folder itself, for contexts named `contexts`: it is missing or not a
    /// folder, or it holds a storyboard the app would never read (a name that is no context's, or
    /// one close to a context's file name: `entries.storyboard`, `Entries.storybaord`). Such a file
    /// would otherwise be ignored in silence and the built-in flow would run. A file named after a
    /// former name of a context (`Journal.storyboard`, in `renamed`) says the file name to use now, at
    /// its `storyboard:` line.
    public func problems(contexts: [String], renamed: RenamedContexts = RenamedContexts()) -> [StoryboardDiagnostic] {
        guard let directory else { return [] }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isFolder), isFolder.boolValue else {
            return [
                StoryboardDiagnostic(
                    .error, fileName: directory.path, line: 0, column: 0,
                    message:
                        "no such folder: the storyboards to use instead of the built-in ones (`--storyboards DIR`) are read from a folder"
                )
            ]
        }
        let expected = contexts.map { "\($0).storyboard" }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().compactMap { name in
            guard !expected.contains(name) else { return nil }
            // On a case-insensitive file system (macOS) `entries.storyboard` is `Entries.storyboard`.
            if let same = expected.first(where: { $0.lowercased() == name.lowercased() }),
                FileManager.default.fileExists(atPath: directory.appendingPathComponent(same).path)
            {
                return nil
            }
            let isStoryboard = (name as NSString).pathExtension.lowercased() == "storyboard"
            if isStoryboard, let renamed = renamed.renamed((name as NSString).deletingPathExtension) {
                return Self.renamedFile(name, in: directory, renamed: renamed)
            }
            let closest = Suggestion.closest(to: name, among: expected)
            guard isStoryboard || closest != nil else { return nil }
            let hint = closest.map { "did you mean `\($0)`? " } ?? ""
            return StoryboardDiagnostic(
                .error, fileName: name, line: 0, column: 0,
                message:
                    "the app never reads this file: \(hint)a context's storyboard is named after it "
                    + "(\(expected.map { "`\($0)`" }.joined(separator: ", ")))")
        }
    }

    /// The error for an override named after a context's former name, located at its `storyboard:`
    /// name when the file can be read as a storyboard (else at the file).
    private static func renamedFile(
        _ name: String, in directory: URL, renamed: (former: String, current: String)
    ) -> StoryboardDiagnostic {
        let parsed = StoryboardLoader(registry: nil).diagnose(.file(directory.appendingPathComponent(name))).storyboard
        let location = parsed.map(\.nameLocation) ?? SourceLocation(line: 0, column: 0)
        return StoryboardDiagnostic(
            .error, fileName: name, line: location.line, column: location.column,
            message:
                "the app never reads this file: the context `\(renamed.former)` is now named `\(renamed.current)`; "
                + "rename the file `\(renamed.current).storyboard` and write `storyboard: \(renamed.current)` in it")
    }
}
