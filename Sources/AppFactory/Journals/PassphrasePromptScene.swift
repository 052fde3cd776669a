import AppShell
import Foundation
import SQLiteStore

/// Asks for an encrypted journal's passphrase inside the app, before a switch to it: a line that
/// shows a dot per character typed, never the characters. Enter hands the passphrase on, Esc gives
/// up. While it is open every key is typing (`q` is a letter of the passphrase, not quit). The typed
/// bytes are wiped once handed on or given up.
@MainActor
final class PassphrasePromptScene: SizedModalScene, TextInputScene {
    let title: String
    private var typed: [UInt8] = []
    private let submit: (Passphrase) -> Void
    private let cancel: () -> Void

    /// `journal`: the name shown in the title; `submit` gets the passphrase on Enter, `cancel` runs on Esc.
    init(journal: String, submit: @escaping (Passphrase) -> Void, cancel: @escaping () -> Void) {
        title = "Passphrase for \(journal)"
        self.submit = submit
        self.cancel = cancel
    }

    var isCapturingText: Bool { true }

    var keyHelp: [KeyHelp] {
        [KeyHelp(key: "enter", summary: "open the journal"), KeyHelp(key: "esc", summary: "cancel")]
    }

    func handle(_ key: Key) -> Bool {
        switch key {
        case .character(let character):
            typed += Array(String(character).utf8)
        case .backspace:
            // A whole character goes: its UTF-8 continuation bytes (10xxxxxx) and its first byte.
            while let last = typed.popLast(), last & 0xC0 == 0x80 {}
        case .enter:
            let passphrase = Passphrase(bytes: typed)
            Passphrase.wipe(&typed)
            typed = []
            submit(passphrase)
        case .escape:
            Passphrase.wipe(&typed)
            typed = []
            cancel()
        default:
            return false
        }
        return true
    }

    /// How many characters were typed (what the dots show).
    var typedCount: Int { typed.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }

    func preferredContentSize(fitting available: Size) -> Size {
        Size(width: min(available.width, 40), height: min(available.height, 2))
    }

    func render(into buffer: inout Buffer, area: Rect) {
        guard !area.isEmpty else { return }
        let dots = String(repeating: "•", count: min(typedCount, max(0, area.width - 1)))
        buffer.put(line: dots + "▏", at: Point(x: area.x, y: area.y), width: area.width)
        if area.height > 1 {
            buffer.put(line: "Enter opens it, Esc cancels", at: Point(x: area.x, y: area.y + 1), width: area.width)
        }
    }
}
