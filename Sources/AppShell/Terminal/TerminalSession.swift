#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a terminal into UI mode and exactly back: raw mode (termios), alternate screen, hidden cursor,
/// no auto-wrap, bracketed paste; then the saved termios, cursor, main screen, paste off, attributes reset.
///
/// Raw mode turns ISIG off: a pasted 0x03, 0x1A or 0x1C is text, not a signal. With `generatesSignals`,
/// Ctrl-C, Ctrl-Z and Ctrl-\ typed outside a paste still send SIGINT, SIGTSTP and SIGQUIT as in any
/// terminal program, from user space (`TerminalInputHandOff`; the run loop handles the signals);
/// otherwise they arrive as keys (`.control("c")`…).
final class TerminalSession {
    let inputFD: Int32
    let outputFD: Int32
    let generatesSignals: Bool
    /// Whether crash handlers should be told how to restore this terminal.
    let armsCrashRestore: Bool
    /// The settings found at start, put back by `leave()`.
    let original: termios
    private(set) var isActive = false

    /// Checks that both descriptors are terminals and saves the input's settings.
    /// Whether entering asks the terminal for mouse reports.
    var reportsMouse = false

    init(inputFD: Int32, outputFD: Int32, generatesSignals: Bool, armsCrashRestore: Bool) throws {
        guard isatty(inputFD) == 1 else { throw TerminalError.notATerminal(fileDescriptor: inputFD) }
        guard isatty(outputFD) == 1 else { throw TerminalError.notATerminal(fileDescriptor: outputFD) }
        var settings = termios()
        guard tcgetattr(inputFD, &settings) == 0 else {
            throw TerminalError.systemCallFailed(call: "tcgetattr", errno: errno)
        }
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.generatesSignals = generatesSignals
        self.armsCrashRestore = armsCrashRestore
        self.original = settings
    }

    /// The raw-mode settings derived from the original ones (what `cfmakeraw` does).
    var rawSettings: termios {
        var raw = original
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | IEXTEN)
        // The kernel would act on the bytes before the paste markers around them are read.
        raw.c_lflag &= ~tcflag_t(ISIG)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { controlCharacters in
            controlCharacters[Int(VMIN)] = 1
            controlCharacters[Int(VTIME)] = 0
        }
        return raw
    }

    /// Enters UI mode (again, after a suspension: the screen must then be fully redrawn).
    func enter() throws {
        var raw = rawSettings
        guard tcsetattr(inputFD, TCSANOW, &raw) == 0 else {
            throw TerminalError.systemCallFailed(call: "tcsetattr", errno: errno)
        }
        if armsCrashRestore {
            ProcessSignalState.arm(
                terminalFD: outputFD, settingsFD: inputFD, original: original, restore: ControlSequences.restore)
        }
        isActive = true
        try ControlSequences.enterUI.withUnsafeBytes { try writeAll($0, to: outputFD) }
        if reportsMouse { try ControlSequences.enableMouse.withUnsafeBytes { try writeAll($0, to: outputFD) } }
    }

    /// Leaves UI mode: restore sequences, then the original settings. Best effort, never throws: it runs
    /// on the way out, when the terminal may already be gone.
    func leave() {
        guard isActive else { return }
        isActive = false
        if armsCrashRestore { ProcessSignalState.disarm() }
        try? ControlSequences.restore.withUnsafeBytes { try writeAll($0, to: outputFD) }
        var settings = original
        _ = tcsetattr(inputFD, TCSANOW, &settings)
    }
}
