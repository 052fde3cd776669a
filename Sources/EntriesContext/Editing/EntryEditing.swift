import AppShell
import Foundation

/// Edits an entry's text (as written by `EntryTextFormat`) somewhere the user can type it.
///
/// The Entries context calls it inside `TerminalSuspending.suspended`, so an implementation may take
/// over the terminal. The live one is ``ExternalEntryEditor`` (`$VISUAL`/`$EDITOR`); tests use a fake.
@MainActor
public protocol EntryEditing {
    /// Lets the user edit `text`; returns the edited text, or nil when the user left it unchanged.
    /// Throws when the edit could not happen (the editor is missing or failed): nothing is saved then.
    func edit(_ text: String) throws -> String?
}

/// The live ``EntryEditing``: the user's own editor, through AppShell's `ExternalEditor`.
public struct ExternalEntryEditor: EntryEditing {
    private let editor: ExternalEditor
    /// The temporary file's name, which editors use to pick a syntax mode.
    private let fileName: String

    /// - Parameters:
    ///   - editor: runs `$VISUAL`, else `$EDITOR`, else `vi`.
    ///   - fileName: the name of the temporary file the text is edited in.
    public init(editor: ExternalEditor, fileName: String = "entry.md") {
        self.editor = editor
        self.fileName = fileName
    }

    /// Runs the editor on `text`; nil when the file was saved unchanged. Throws `ExternalEditorError`.
    public func edit(_ text: String) throws -> String? {
        try editor.edit(text, fileName: fileName)
    }
}

/// The ``EntryEditing`` of a host that offers no editor (a viewer, a list embedded in another app):
/// every edit is refused with ``EntryEditorUnavailable``, so nothing is saved and the status line
/// says why. ``EntriesDependencies`` uses it when the host gives no editor.
public struct NoEntryEditor: EntryEditing {
    /// An editor that edits nothing. Callable from any context, so that it can be a default.
    public nonisolated init() {}

    /// Refuses the edit: throws ``EntryEditorUnavailable``.
    public func edit(_ text: String) throws -> String? {
        throw EntryEditorUnavailable()
    }
}

/// An edit asked of a host that has no editor (``NoEntryEditor``).
public struct EntryEditorUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    /// The refusal; nothing else follows from it.
    public init() {}

    /// What the status line says.
    public var description: String { "This app has no editor: entries cannot be written or changed here" }
}
