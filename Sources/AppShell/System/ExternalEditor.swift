import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Lets the user edit some text in their own editor, the way `git commit` does: the text goes into a
/// private temporary file (mode 0600 in a 0700 folder, removed on every way out, also when this
/// process is asked to end while the editor runs), `$VISUAL` (else `$EDITOR`, else `vi`) runs on it
/// with the terminal, and the saved text comes back. Knows nothing about what the text means.
///
/// ```swift
/// let editor = ExternalEditor(environment: ProcessInfo.processInfo.environment)
/// if let edited = try editor.edit("Title: \n") { save(edited) } else { print("No changes.") }
/// ```
/// The command may hold arguments (`EDITOR="code --wait"`): it is split into words
/// (``EditorCommandLine``: spaces separate, quotes group) and run directly as that program with those
/// arguments and the file's path last, never through a shell, so nothing in the line runs as a
/// command (`$(…)`, `;`, backquotes are plain characters). A terminal UI calls this inside
/// `TerminalSuspending.suspended` so the editor gets a normal terminal.
public struct ExternalEditor: Sendable {
    /// The editor command line: given, or `$VISUAL`, else `$EDITOR`, else `vi` (empty values count as unset).
    public let command: String
    /// Where a program named without a `/` is looked for (`PATH`).
    private let searchPath: String
    private let temporaryDirectory: URL
    private let ignoresInterrupts: Bool

    /// - Parameters:
    ///   - environment: where `VISUAL` and `EDITOR` are looked up (the process environment in the app).
    ///   - temporaryDirectory: where the private directory holding the file is made.
    ///   - ignoresInterrupts: while the editor runs, Ctrl-C and Ctrl-\ go to the editor only, instead
    ///     of also ending this program (as git does).
    public init(
        environment: [String: String],
        temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        ignoresInterrupts: Bool = true
    ) {
        let candidates = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }
        self.init(
            command: candidates.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "vi",
            searchPath: environment["PATH"], temporaryDirectory: temporaryDirectory,
            ignoresInterrupts: ignoresInterrupts)
    }

    /// An editor run as `command` says (an app that resolves the editor its own way: a setting of its
    /// config before `VISUAL` and `EDITOR`).
    ///
    /// - Parameters:
    ///   - command: the program and its arguments (``EditorCommandLine``).
    ///   - searchPath: the folders a program named without a `/` is looked for in; nil for this
    ///     process's `PATH`.
    ///   - temporaryDirectory: where the file the editor opens is written (an app with encrypted
    ///     journals passes a folder in memory).
    ///   - ignoresInterrupts: whether this process ignores Ctrl-C while the editor runs, so that the
    ///     editor, not the app, gets it.
    public init(
        command: String,
        searchPath: String? = nil,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory,
        ignoresInterrupts: Bool = true
    ) {
        self.command = command
        self.searchPath = searchPath ?? ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        self.temporaryDirectory = temporaryDirectory
        self.ignoresInterrupts = ignoresInterrupts
    }

    /// Opens `text` in the editor and waits for it to exit.
    ///
    /// - Parameters:
    ///   - text: what the file holds when the editor opens it.
    ///   - fileName: the temporary file's name, which editors use for syntax highlighting
    ///     (`entry.md`); only its last path component is used.
    /// - Returns: the saved text, or nil when the file is byte for byte what was written (no changes).
    /// - Throws: ``ExternalEditorError`` when the file cannot be written or read, the editor cannot
    ///   start, or it exits with a failure (the edit is then abandoned, as with `:cq` in vi).
    public func edit(_ text: String, fileName: String = "edit.txt") throws(ExternalEditorError) -> String? {
        // The line and its program are checked before any file is made.
        let program = try self.program()
        let directory = try makePrivateDirectory()
        let name = URL(fileURLWithPath: fileName).lastPathComponent
        let file = directory.appendingPathComponent(name.isEmpty || name == "/" ? "edit.txt" : name)
        var keepFile = false
        var endingSignal: Int32?
        defer {
            if !keepFile { try? FileManager.default.removeItem(at: directory) }
            // Asked to end while the editor ran: now that the file is gone, end as asked (or let the
            // handler that was there before, a terminal UI's, see the signal).
            if let endingSignal { Self.deliver(endingSignal) }
        }
        let original = Data(text.utf8)
        do {
            try PrivateFile.create(at: file.path, contents: original)
        } catch {
            throw .cannotWriteTemporaryFile(path: file.path, reason: error.reason)
        }
        try runEditor(program, on: file, endingSignal: &endingSignal)
        let edited: Data
        do {
            edited = try Data(contentsOf: file)
        } catch {
            throw .cannotReadBack(path: file.path, reason: Self.reason(error))
        }
        if edited == original { return nil }
        guard let result = String(validating: edited, as: UTF8.self) else {
            // Keep what the user wrote: it is not text we can use, but it is their work.
            keepFile = true
            throw .notUTF8(path: file.path)
        }
        return result
    }

    private func makePrivateDirectory() throws(ExternalEditorError) -> URL {
        var template = Array(temporaryDirectory.appendingPathComponent("edit-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard made else {
            throw .cannotWriteTemporaryFile(path: path, reason: String(cString: strerror(errno)))
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }

    /// The command's words and the path of its program.
    private func program() throws(ExternalEditorError) -> (path: String, words: [String]) {
        let line: EditorCommandLine
        do {
            line = try EditorCommandLine(command)
        } catch {
            throw .cannotLaunch(command: command, reason: error.description)
        }
        guard let path = line.programPath(searchPath: searchPath) else {
            throw .cannotLaunch(command: command, reason: "there is no program \(line.words[0]) in PATH")
        }
        return (path, line.words)
    }

    private func runEditor(
        _ program: (path: String, words: [String]), on file: URL, endingSignal: inout Int32?
    ) throws(ExternalEditorError) {
        // Standard input, output and error are inherited, and the editor stays in our process group:
        // it talks to the terminal directly, as the foreground job. The program is run directly with
        // its words and the file: no shell reads the line.
        let termination: ForegroundProcess.Termination
        do {
            (termination, endingSignal) = try ForegroundProcess.run(
                program.path, arguments: program.words + [file.path],
                ignoringInterruptsWhileWaiting: ignoresInterrupts)
        } catch {
            throw .cannotLaunch(command: command, reason: error.reason)
        }
        switch termination {
        case .exited(0):
            return
        case .exited(let status):
            throw .editorFailed(command: command, status: status)
        case .signalled(let signal):
            throw .editorKilled(command: command, signal: signal)
        }
    }

    /// Raises `signal` again with the action that was in place before the editor ran: the default one
    /// ends the process (with the status the signal gives), a terminal UI's handler ends its run loop.
    private static func deliver(_ signal: Int32) {
        var pending = sigset_t()
        sigemptyset(&pending)
        sigaddset(&pending, signal)
        _ = sigprocmask(SIG_UNBLOCK, &pending, nil)
        _ = raise(signal)
    }

    private static func reason(_ error: any Error) -> String {
        (error as? CocoaError)?.underlying.map { "\($0.localizedDescription)" } ?? error.localizedDescription
    }
}

/// Why editing in the external editor did not produce text.
public enum ExternalEditorError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The temporary file (or its private directory) could not be created or written.
    case cannotWriteTemporaryFile(path: String, reason: String)
    /// The editor command could not be started.
    case cannotLaunch(command: String, reason: String)
    /// The editor exited with a non-zero status: the edit is abandoned.
    case editorFailed(command: String, status: Int32)
    /// The editor was ended by a signal: the edit is abandoned.
    case editorKilled(command: String, signal: Int32)
    /// The file could not be read back after editing.
    case cannotReadBack(path: String, reason: String)
    /// The saved file is not UTF-8 text; it is kept at `path` so nothing typed is lost.
    case notUTF8(path: String)

    /// What failed and what the user can do, naming the command or file.
    public var description: String {
        switch self {
        case let .cannotWriteTemporaryFile(path, reason):
            return "cannot write the temporary file \(path) for the editor: \(reason)"
        case let .cannotLaunch(command, reason):
            return
                "cannot start the editor `\(command)`: \(reason); set VISUAL or EDITOR (or the app's own editor setting) to an editor that exists"
        case let .editorFailed(command, status):
            return "the editor `\(command)` exited with status \(status); the edit was abandoned"
        case let .editorKilled(command, signal):
            return "the editor `\(command)` was ended by signal \(signal); the edit was abandoned"
        case let .cannotReadBack(path, reason):
            return "cannot read back the edited file \(path): \(reason)"
        case let .notUTF8(path):
            return "the edited file is not UTF-8 text; it is kept at \(path)"
        }
    }
}
