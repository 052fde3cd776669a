import AppShell

/// How strongly a day is shaded for its number of entries, from 0 (none) to 4 (the busiest days of
/// the month): a background colour, or with colour off a character after the day's number
/// (` . : + #`), so that the calendar reads the same on a monochrome terminal.
struct DayShade: Equatable {
    let level: Int

    /// The shade of `count` entries in a month whose busiest day has `busiest`.
    init(count: Int, busiest: Int) {
        guard count > 0, busiest > 0 else { level = 0; return }
        level = min(4, max(1, (count * 4 + busiest - 1) / busiest))
    }

    /// The characters of the ramp, from none to busiest.
    static let ramp: [Character] = [" ", ".", ":", "+", "#"]

    var character: Character { Self.ramp[level] }

    /// Green backgrounds of increasing strength (the 256-colour cube), dark text on the light ones.
    var style: Style {
        switch level {
        case 1: return Style(foreground: .brightWhite, background: .indexed(22))
        case 2: return Style(foreground: .brightWhite, background: .indexed(28))
        case 3: return Style(foreground: .black, background: .indexed(34))
        case 4: return Style(foreground: .black, background: .indexed(40))
        default: return .plain
        }
    }
}
