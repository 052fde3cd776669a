import AppShell

/// Reads what the renderer writes to the terminal the way a terminal would, and objects to anything
/// but the renderer's own vocabulary: CSI sequences for cursor position and forward (CUP, CUF),
/// attributes (SGR), clearing (ED), scroll regions and scrolling (DECSTBM, SU, SD) and synchronized
/// output; CR only as part of CR LF. No OSC (`ESC ]`: titles, clipboard, links), no DCS
/// (`ESC P`), no other escape, no C0 or C1 control, no BEL, no bidi control.
///
/// It also keeps the screen those bytes draw, so a test can compare it with the frame, and notes any
/// character drawn past the right edge (which would break the alignment on a real terminal).
struct TerminalOutputAudit {
    let width: Int
    let height: Int
    private(set) var violations: [String] = []
    private var cells: [[String]]
    private var x = 0
    private var y = 0
    private var scrollTop = 0
    private var scrollBottom: Int

    /// The private modes a frame may set and reset: synchronized output only (the alternate screen,
    /// cursor, auto-wrap and paste modes belong to entering and leaving the UI, not to frames).
    let privateModes: Set<Int>

    init(width: Int, height: Int, privateModes: Set<Int> = [2026]) {
        self.width = width
        self.height = height
        self.privateModes = privateModes
        scrollBottom = height - 1
        cells = Array(repeating: Array(repeating: " ", count: width), count: height)
    }

    /// The screen drawn so far, one string per row, trailing spaces removed.
    var lines: [String] {
        cells.map { row in
            var line = row.joined()
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Forgets the violations found so far (after a test reported them).
    mutating func forgetViolations() {
        violations.removeAll()
    }

    mutating func apply(_ bytes: [UInt8]) {
        guard let text = String(validating: bytes, as: UTF8.self) else {
            violations.append("the output is not valid UTF-8")
            return
        }
        var scalars = Array(text.unicodeScalars)[...]
        var pendingText = String.UnicodeScalarView()
        func flushText() {
            for character in String(pendingText) { put(character) }
            pendingText.removeAll()
        }
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                flushText()
                readEscape(&scalars)
            case 0x0D:
                flushText()
                if scalars.first == "\n" {
                    scalars.removeFirst()
                    x = 0
                    if y == scrollBottom { scroll(by: 1) } else { y = min(height - 1, y + 1) }
                } else {
                    violations.append("a bare CR")
                }
            case 0..<0x20, 0x7F:
                flushText()
                violations.append("control character U+\(String(scalar.value, radix: 16, uppercase: true))")
            case 0x80...0x9F:
                flushText()
                violations.append("C1 control U+00\(String(scalar.value, radix: 16, uppercase: true))")
            default:
                if scalar.properties.isBidiControl || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    violations.append("bidi control or separator U+\(String(scalar.value, radix: 16, uppercase: true))")
                }
                pendingText.append(scalar)
            }
        }
        flushText()
    }

    private mutating func readEscape(_ scalars: inout ArraySlice<Unicode.Scalar>) {
        guard let introducer = scalars.popFirst() else { return violations.append("ESC at the end of the output") }
        guard introducer == "[" else {
            return violations.append("escape sequence ESC \(String(introducer).debugDescription) (not CSI)")
        }
        var parameters = ""
        while let next = scalars.popFirst() {
            switch next.value {
            case 0x30...0x3F, 0x20...0x2F:
                parameters.unicodeScalars.append(next)
            case 0x40...0x7E:
                return execute(final: Character(next), parameters: parameters)
            default:
                return violations.append(
                    "malformed CSI \(parameters.debugDescription) then U+\(String(next.value, radix: 16))")
            }
        }
        violations.append("CSI cut off at the end of the output")
    }

    private mutating func execute(final: Character, parameters: String) {
        if parameters.hasPrefix("?") {
            let mode = Int(parameters.dropFirst()) ?? -1
            if !"hl".contains(final) || !privateModes.contains(mode) {
                violations.append("private mode CSI \(parameters)\(final)")
            }
            return
        }
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, _ fallback: Int) -> Int {
            index < numbers.count ? (numbers[index] ?? fallback) : fallback
        }
        switch final {
        case "H":
            y = number(0, 1) - 1
            x = number(1, 1) - 1
            if !(0..<height).contains(y) || !(0..<width).contains(x) {
                violations.append("cursor moved off screen to \(x),\(y)")
            }
        case "C": x += number(0, 1)
        case "m": break
        case "J":
            if number(0, 0) != 2 { violations.append("ED \(parameters)") }
            cells = Array(repeating: Array(repeating: " ", count: width), count: height)
        case "r":
            scrollTop = number(0, 1) - 1
            scrollBottom = number(1, height) - 1
            x = 0
            y = 0
        case "S": scroll(by: number(0, 1))
        case "T": scroll(by: -number(0, 1))
        default: violations.append("CSI \(parameters)\(final) is not one the renderer uses")
        }
    }

    private mutating func put(_ character: Character) {
        let characterWidth = Self.displayWidth(of: character)
        guard y >= 0, y < height else { return }
        if x + characterWidth > width {
            violations.append(
                "\(String(character).debugDescription) drawn past the right edge at column \(x) of row \(y)")
            return
        }
        cells[y][x] = String(character)
        if characterWidth == 2 { cells[y][x + 1] = "" }
        x += max(1, characterWidth)
    }

    private mutating func scroll(by distance: Int) {
        guard scrollTop < scrollBottom else { return }
        var region = Array(cells[scrollTop...scrollBottom])
        let blank = Array(repeating: " ", count: width)
        if distance > 0 {
            region =
                Array(region.dropFirst(min(distance, region.count)))
                + Array(repeating: blank, count: min(distance, region.count))
        } else {
            let count = min(-distance, region.count)
            region = Array(repeating: blank, count: count) + Array(region.dropLast(count))
        }
        cells.replaceSubrange(scrollTop...scrollBottom, with: region)
    }

    /// The columns AppShell gives a character (what the renderer assumed when it placed it).
    static func displayWidth(of character: Character) -> Int {
        var layout = GlyphLayout(String(character))
        return layout.next()?.width ?? 1
    }
}
