import AppShell

/// A tiny terminal emulator that understands exactly the sequences the renderer writes (CUP, CUF, CR,
/// LF, ED 2, EL, ECH, DECSTBM, SU, SD, SGR, private modes), so tests can check that applying the
/// renderer's bytes to the previous screen gives the new frame. Auto-wrap is off, as in the real UI.
///
/// `drawnWidth` lets it disagree with the app about widths, as real terminals do: a grapheme drawn
/// wider covers the next cells with `overflowText` pieces, one drawn narrower leaves the cell after
/// it untouched, and writing over half of a wide grapheme blanks its other half (as tmux does).
struct MiniTerminal {
    /// What fills the columns a grapheme covers beyond its first two (tmux draws 👍🏽 as 👍 then 🏽).
    static let overflowText = "▒"

    private(set) var cells: [[Cell]]
    let width: Int
    let height: Int
    private let drawnWidth: (Character) -> Int
    private var x = 0
    private var y = 0
    private var style = Style.plain
    private var scrollTop = 0
    private var scrollBottom: Int

    init(width: Int, height: Int, drawnWidth: @escaping (Character) -> Int = MiniTerminal.width(of:)) {
        self.drawnWidth = drawnWidth
        self.width = width
        self.height = height
        self.scrollBottom = height - 1
        cells = Array(repeating: Array(repeating: Cell.blank, count: width), count: height)
    }

    /// Widths the tests use: CJK and emoji are wide, everything else narrow.
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 1 }
        return (0x2E80...0x9FFF).contains(scalar.value) || scalar.value >= 0x1F300 ? 2 : 1
    }

    mutating func apply(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\u{1B}":
                parseEscape(&characters)
            case "\r":
                x = 0
            case "\n":
                if y == scrollBottom { scroll(up: 1) } else { y = min(height - 1, y + 1) }
            case "\r\n":
                x = 0
                if y == scrollBottom { scroll(up: 1) } else { y = min(height - 1, y + 1) }
            default:
                put(character)
            }
        }
    }

    private mutating func put(_ character: Character) {
        let characterWidth = drawnWidth(character)
        guard y < height, x < width else { return }
        release(x)
        cells[y][x] = Cell(text: String(character), style: style, width: UInt8(min(2, characterWidth)))
        if characterWidth >= 2, x + 1 < width {
            release(x + 1)
            cells[y][x + 1] = .continuation(style: style)
        }
        // Columns past the first two: wide pieces of the rest of the cluster.
        var column = x + 2
        while column < min(width, x + characterWidth) {
            release(column)
            cells[y][column] = Cell(text: Self.overflowText, style: style, width: column + 1 < width ? 2 : 1)
            if column + 1 < width {
                release(column + 1)
                cells[y][column + 1] = .continuation(style: style)
            }
            column += 2
        }
        x = min(width, x + characterWidth)  // no wrap: the cursor may sit past the last column
    }

    /// Before column `column` of the cursor's row is overwritten: blanks the other half of a wide grapheme.
    private mutating func release(_ column: Int) {
        let cell = cells[y][column]
        if cell.isContinuation, column > 0, cells[y][column - 1].width == 2 {
            cells[y][column - 1] = Cell(text: " ", style: cells[y][column - 1].style)
        } else if cell.width == 2, column + 1 < width, cells[y][column + 1].isContinuation {
            cells[y][column + 1] = Cell(text: " ", style: cells[y][column + 1].style)
        }
    }

    /// Blanks `count` cells of the cursor's row from `column` (ECH, EL), in the current background.
    private mutating func erase(from column: Int, count: Int) {
        guard y < height else { return }
        let end = min(width, column + count)
        guard column < end else { return }
        release(column)
        release(end - 1)
        for index in column..<end { cells[y][index] = Cell(text: " ", style: Style(background: style.background)) }
    }

    private mutating func parseEscape(_ characters: inout ArraySlice<Character>) {
        guard characters.popFirst() == "[" else { return }
        var parameters = ""
        while let next = characters.popFirst() {
            if next.isLetter || next == "~" {
                execute(final: next, parameters: parameters)
                return
            }
            parameters.append(next)
        }
    }

    private mutating func execute(final: Character, parameters: String) {
        if parameters.hasPrefix("?") { return }  // private modes: sync output, wrap, cursor, screen
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        func number(_ index: Int, default value: Int) -> Int {
            index < numbers.count ? (numbers[index] ?? value) : value
        }
        switch final {
        case "H":
            y = number(0, default: 1) - 1
            x = number(1, default: 1) - 1
        case "C":
            x = min(width - 1, x + number(0, default: 1))
        case "X":
            erase(from: x, count: max(1, number(0, default: 1)))
        case "K":
            erase(from: x, count: width - x)
        case "J":
            cells = Array(
                repeating: Array(repeating: Cell(text: " ", style: Style(background: style.background)), count: width),
                count: height)
        case "r":
            scrollTop = number(0, default: 1) - 1
            scrollBottom = number(1, default: height) - 1
            x = 0
            y = 0
        case "S":
            scroll(up: number(0, default: 1))
        case "T":
            scroll(up: -number(0, default: 1))
        case "m":
            applySGR(numbers.map { $0 ?? 0 })
        default:
            break
        }
    }

    private mutating func scroll(up count: Int) {
        var region = Array(cells[scrollTop...scrollBottom])
        let blank = Array(repeating: Cell(text: " ", style: Style(background: style.background)), count: width)
        if count > 0 {
            region.removeFirst(min(count, region.count))
            region += Array(repeating: blank, count: min(count, scrollBottom - scrollTop + 1))
        } else {
            region.removeLast(min(-count, region.count))
            region = Array(repeating: blank, count: min(-count, scrollBottom - scrollTop + 1)) + region
        }
        cells.replaceSubrange(scrollTop...scrollBottom, with: region)
    }

    private mutating func applySGR(_ codes: [Int]) {
        var index = 0
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 30...37: style.foreground = .ansi(UInt8(code - 30))
            case 90...97: style.foreground = .ansi(UInt8(code - 90 + 8))
            case 40...47: style.background = .ansi(UInt8(code - 40))
            case 100...107: style.background = .ansi(UInt8(code - 100 + 8))
            case 39: style.foreground = .default
            case 49: style.background = .default
            case 38, 48:
                var color = Color.default
                if index + 2 < codes.count, codes[index + 1] == 5 {
                    color = .indexed(UInt8(codes[index + 2]))
                    index += 2
                } else if index + 4 < codes.count, codes[index + 1] == 2 {
                    color = .rgb(UInt8(codes[index + 2]), UInt8(codes[index + 3]), UInt8(codes[index + 4]))
                    index += 4
                }
                if code == 38 { style.foreground = color } else { style.background = color }
            default: break
            }
            index += 1
        }
    }

    /// The screen as a buffer, to compare with the frame that was rendered.
    var buffer: Buffer {
        var buffer = Buffer(size: Size(width: width, height: height))
        for row in 0..<height {
            for column in 0..<width { buffer[column, row] = cells[row][column] }
        }
        return buffer
    }
}
