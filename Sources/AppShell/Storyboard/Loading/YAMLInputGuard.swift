import CYaml

/// The one check every YAML file of the app goes through before it is composed into nodes
/// (storyboards, keys.yaml, config.yaml): size, nesting depth, aliases, complex keys and duplicate
/// keys, decided on libyaml's own events, so no spelling of the text (a tab before `&a`, a key in
/// `? `) hides anything from it. One pass, linear in the text.
///
/// Why: Yams composes nodes recursively (deep nesting overflows the stack), and hashes every key of a
/// mapping to find duplicates, so an alias chain (`a1: &a1 [*a0, *a0, …]`) used as a key expands
/// exponentially. None of the app's files needs an alias or a key that is not a plain value, so both
/// are refused; anchors alone are harmless and pass.
public struct YAMLInputGuard: Sendable {
    /// Larger files are refused before anything is parsed.
    public var maximumBytes: Int
    /// Mappings and sequences nested deeper are refused (Yams recurses once per level).
    public var maximumDepth: Int

    /// A guard refusing texts longer than `maximumBytes` bytes or nested deeper than `maximumDepth` levels of mappings
    /// and sequences.
    public init(maximumBytes: Int = 4 * 1024 * 1024, maximumDepth: Int = 64) {
        self.maximumBytes = maximumBytes
        self.maximumDepth = maximumDepth
    }

    /// Why a file is refused; `location` is 1-based (column 0: the whole line).
    public enum Problem: Equatable, Sendable {
        case tooLarge(bytes: Int)
        case tooDeep(SourceLocation)
        /// An alias (`*name`) at its location; `name` without the `*`.
        case alias(name: String, SourceLocation)
        /// A key that is a list, a mapping or an alias (`? [a, b]: 1`).
        case complexKey(SourceLocation)
    }

    /// A key written a second time in one mapping.
    public struct DuplicateKey: Equatable, Sendable {
        /// The key's text as YAML reads it (quotes and escapes resolved).
        public var name: String
        /// Where this repeated writing of the key is, 1-based.
        public var location: SourceLocation
        /// Where the key was first written in the same mapping, 1-based.
        public var firstLocation: SourceLocation
        /// Where the key is written (quotes included), in Unicode scalars from the start of the text.
        public var scalarRange: Range<Int>
    }

    /// What a scan found: the first reason to refuse the file, if any, and every duplicate key.
    public struct Report: Sendable {
        /// The first reason to refuse the file, nil when it may be composed.
        public var problem: Problem?
        /// Every duplicate key, in the order of the text (when no `problem` stopped the scan).
        public var duplicates: [DuplicateKey] = []
    }

    /// Scans `text`. A YAML syntax error ends the scan without a problem: composing the text reports
    /// it, with the parser's own message, and can get no further than this scan did.
    public func check(_ text: String) -> Report {
        let bytes = text.utf8.count
        if bytes > maximumBytes { return Report(problem: .tooLarge(bytes: bytes)) }
        var scan = EventScan(maximumDepth: maximumDepth)
        var text = text
        text.withUTF8 { buffer in scan.run(buffer) }
        return Report(problem: scan.problem, duplicates: scan.duplicates)
    }
}

/// The walk over libyaml's events: a stack of open collections, the keys seen in each mapping.
private struct EventScan {
    let maximumDepth: Int
    var problem: YAMLInputGuard.Problem?
    var duplicates: [YAMLInputGuard.DuplicateKey] = []

    private struct Collection {
        var isMapping: Bool
        /// In a mapping: whether the next node is a key.
        var expectsKey = true
        /// In a mapping: each key's first location.
        var keys: [String: SourceLocation] = [:]
    }
    private var stack: [Collection] = []

    init(maximumDepth: Int) {
        self.maximumDepth = maximumDepth
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>) {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return }
        defer { yaml_parser_delete(&parser) }
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
        yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
        var event = yaml_event_t()
        while problem == nil {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                // libyaml's own nesting limit (its scanner reads ahead, so `[[[[…` can reach it before
                // this scan sees 64 levels) is a depth problem; any other error, composing reports.
                if let problem = parser.problem, String(cString: problem).contains("nesting level") {
                    self.problem = .tooDeep(Self.location(parser.problem_mark))
                }
                return
            }
            defer { yaml_event_delete(&event) }
            let type = event.type
            if type == YAML_STREAM_END_EVENT { return }
            handle(&event, type)
        }
    }

    private static func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private mutating func handle(_ event: inout yaml_event_t, _ type: yaml_event_type_t) {
        let location = Self.location(event.start_mark)
        switch type {
        case YAML_ALIAS_EVENT:
            let name = event.data.alias.anchor.map { String(cString: $0) } ?? ""
            problem = .alias(name: name, location)
        case YAML_SCALAR_EVENT:
            if let top = stack.indices.last, stack[top].isMapping, stack[top].expectsKey {
                let value = String(
                    decoding: UnsafeBufferPointer(start: event.data.scalar.value, count: event.data.scalar.length),
                    as: UTF8.self)
                if let first = stack[top].keys[value] {
                    duplicates.append(
                        .init(
                            name: value, location: location, firstLocation: first,
                            scalarRange: Int(event.start_mark.index)..<Int(event.end_mark.index)))
                } else {
                    stack[top].keys[value] = location
                }
            }
            nodeDone()
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            if let top = stack.last, top.isMapping, top.expectsKey {
                problem = .complexKey(location)
                return
            }
            if stack.count >= maximumDepth {
                problem = .tooDeep(location)
                return
            }
            stack.append(Collection(isMapping: type == YAML_MAPPING_START_EVENT))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            _ = stack.popLast()
            nodeDone()
        default:
            break  // stream and document starts and ends
        }
    }

    /// A node ended: in a mapping, keys and values alternate.
    private mutating func nodeDone() {
        guard let top = stack.indices.last, stack[top].isMapping else { return }
        stack[top].expectsKey.toggle()
    }
}
