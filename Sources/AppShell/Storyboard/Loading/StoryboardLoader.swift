/// Loads a storyboard: reads the text, parses the YAML, reads the schema and validates the whole
/// against the context's registry, collecting every diagnostic before deciding. A compiled storyboard
/// (``StoryboardSource/compiled(_:)``, how this package's contexts ship theirs) skips the reading and
/// parsing only. An app that ships its storyboard as a bundle resource loads it this way:
///
/// ```swift
/// let loader = StoryboardLoader(registry: registry, expectedName: "Entries")
/// let storyboard = try loader.load(overrides.source(forContext: "Entries",
///     builtIn: Bundle.module.url(forResource: "Entries", withExtension: "storyboard")))
/// ```
public struct StoryboardLoader {
    /// The registry to validate kinds, values and actions against; nil checks the structure only.
    public var registry: StoryboardRegistry?
    /// When set, a file declaring another `storyboard:` name is an error (a file put in the wrong place).
    public var expectedName: String?
    /// The app's contexts by name: a segue into another context (`to: Calendar`) must name one of them.
    /// nil (a context loading its storyboard alone) leaves that check to whoever knows the app's
    /// contexts (its catalog); at run time the presenter says when it has no such context.
    public var contexts: [String]?
    /// The app's contexts by former name: a reference to one (`to: Journal`) is refused naming the context now.
    public var renamedContexts: RenamedContexts

    /// A loader validating against `registry` (nil: structure only), refusing a file not named `expectedName` when
    /// given, and checking that segues into other contexts name one of `contexts` when given (a former name of
    /// one, in `renamedContexts`, is refused with its name now).
    public init(
        registry: StoryboardRegistry?, expectedName: String? = nil, contexts: [String]? = nil,
        renamedContexts: RenamedContexts = RenamedContexts()
    ) {
        self.registry = registry
        self.expectedName = expectedName
        self.contexts = contexts
        self.renamedContexts = renamedContexts
    }

    /// The storyboard (nil when it could not be read at all) and every diagnostic, sorted by location.
    public func diagnose(_ source: StoryboardSource) -> StoryboardLoadResult {
        if case .validated(let storyboard, let warnings) = source {
            // Validated by its maker against this registry (see `StoryboardSource.validated`).
            return StoryboardLoadResult(storyboard: storyboard, diagnostics: warnings)
        }
        let parsed: ParsedStoryboard
        if case .compiled(let storyboard) = source.base {
            // Parsed when the sources were recorded; only the parse is skipped, every check below runs.
            parsed = ParsedStoryboard(storyboard: storyboard)
        } else {
            switch parse(source) {
            case .parsed(let result): parsed = result
            case .unusable(let result): return result
            }
        }
        var storyboard = parsed.storyboard
        // A person's key changes go in before validation: their bindings are checked like the file's own.
        var overlayDiagnostics: [StoryboardDiagnostic] = []
        if let keys = source.keyOverlay {
            (storyboard, overlayDiagnostics) = keys.apply(to: storyboard)
        }
        if let problem = sizeProblem(storyboard) {
            return StoryboardLoadResult(
                storyboard: nil, diagnostics: (parsed.diagnostics + [problem]).sortedByLocation())
        }
        var validator = StoryboardValidator(
            storyboard: storyboard, registry: registry,
            incompleteScenes: parsed.incompleteScenes, incompleteSegues: parsed.incompleteSegues, contexts: contexts,
            renamedContexts: renamedContexts)
        var diagnostics = parsed.diagnostics + overlayDiagnostics + validator.validate()
        if let expectedName, !storyboard.name.isEmpty, storyboard.name != expectedName {
            // A former name of this very context (`Journal` in Calendar.storyboard) says so.
            let former = registry?.formerContextNames.contains(storyboard.name) == true
            diagnostics.append(
                StoryboardDiagnostic(
                    .error, fileName: source.fileName, line: storyboard.nameLocation.line,
                    column: storyboard.nameLocation.column,
                    message: former
                        ? "the file declares storyboard `\(storyboard.name)`: the context `\(storyboard.name)` is now "
                            + "named `\(expectedName)`; write `storyboard: \(expectedName)`"
                        : "the file declares storyboard `\(storyboard.name)` but is the `\(expectedName)` context's "
                            + "storyboard; write `storyboard: \(expectedName)`"))
        }
        return StoryboardLoadResult(storyboard: storyboard, diagnostics: diagnostics.sortedByLocation())
    }

    /// What the parser made of a file: the storyboard, its problems, and the scenes and segues it
    /// could not read completely (the validator does not report them twice).
    private struct ParsedStoryboard {
        var storyboard: Storyboard
        var diagnostics: [StoryboardDiagnostic] = []
        var incompleteScenes: Set<String> = []
        var incompleteSegues: Set<String> = []
    }

    private enum Parse {
        case parsed(ParsedStoryboard)
        /// Unreadable text or YAML: the result to return, with no storyboard.
        case unusable(StoryboardLoadResult)
    }

    /// Reads the text and parses the YAML.
    private func parse(_ source: StoryboardSource) -> Parse {
        let fileName = source.fileName
        let text: String
        switch source.read() {
        case .success(let read): text = read
        case .failure(let diagnostic):
            return .unusable(StoryboardLoadResult(storyboard: nil, diagnostics: [diagnostic]))
        }
        let yaml = StoryboardYAMLReader(fileName: fileName).read(text)
        var parser = StoryboardParser(fileName: fileName, duplicates: yaml.duplicates)
        guard yaml.diagnostics.isEmpty, let storyboard = parser.parse(yaml.root) else {
            return .unusable(
                StoryboardLoadResult(
                    storyboard: nil, diagnostics: (yaml.diagnostics + parser.diagnostics).sortedByLocation()))
        }
        return .parsed(
            ParsedStoryboard(
                storyboard: storyboard, diagnostics: parser.diagnostics,
                incompleteScenes: parser.incompleteScenes, incompleteSegues: parser.incompleteSegues))
    }

    /// Path analysis grows with scenes × segues; past these counts a file is refused rather than
    /// analysed slowly. A real storyboard has tens of each.
    public static let maximumScenes = 1_000
    /// The most segues a storyboard may declare before it is refused rather than analysed.
    public static let maximumSegues = 5_000

    private func sizeProblem(_ storyboard: Storyboard) -> StoryboardDiagnostic? {
        let scenes = storyboard.scenes.count, segues = storyboard.segues.count
        guard scenes > Self.maximumScenes || segues > Self.maximumSegues else { return nil }
        return StoryboardDiagnostic(
            .error, fileName: storyboard.fileName, line: 0, column: 0,
            message:
                "the storyboard has \(scenes) scenes and \(segues) segues; the limits are \(Self.maximumScenes) scenes "
                + "and \(Self.maximumSegues) segues (split it by context)")
    }

    /// The validated storyboard; throws `StoryboardLoadError` (with every diagnostic) when it has errors.
    public func load(_ source: StoryboardSource) throws -> Storyboard {
        let result = diagnose(source)
        guard let storyboard = result.storyboard, result.diagnostics.errors.isEmpty else {
            throw StoryboardLoadError(diagnostics: result.diagnostics)
        }
        return storyboard
    }

    /// Loads from text, naming it `fileName` in messages.
    public func load(text: String, fileName: String) throws -> Storyboard {
        try load(.text(text, fileName: fileName))
    }
}

/// What loading found: the storyboard as far as it could be read, and its diagnostics.
public struct StoryboardLoadResult: Hashable, Sendable {
    /// The parsed storyboard; present with errors too (for tools), nil when the file was unreadable.
    public var storyboard: Storyboard?
    /// Every error and warning found, sorted by location; empty for a storyboard read without problems.
    public var diagnostics: [StoryboardDiagnostic]

    /// True when the storyboard can be used: it was read and has no errors (warnings are fine).
    public var isUsable: Bool { storyboard != nil && diagnostics.errors.isEmpty }
}
