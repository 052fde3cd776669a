import AppShell
import EntryModel

/// The preferences the Settings context edits, in the order they are listed, with their wording.
extension PreferenceRow {
    /// Every row of the preferences scene, top to bottom.
    static var all: [PreferenceRow] { [sortOrder, dateStyle, colour, confirmBeforeDelete, firstWeekday, theme] }

    static var sortOrder: PreferenceRow {
        .choice(
            "List sort order", \.sortOrder, values: [.newest, .oldest, .title, .updated],
            label: label(of:),
            help: { _, _ in
                "How the list of entries is sorted: Newest first, Oldest first, Title A–Z or Recently updated."
            })
    }

    static var dateStyle: PreferenceRow {
        .choice(
            "Date format", \.dateStyle, values: [.iso, .short, .relative],
            label: label(of:),
            help: { _, dates in
                "How dates are shown, e.g. three days ago: "
                    + [DateStyle.iso, .short, .relative].map { "\(label(of: $0)) \(dates.example(in: $0))" }
                    .joined(separator: " · ")
            },
            // Labelled, so the date does not read as a value of its own.
            detail: { style, dates in "e.g. " + dates.example(in: style) })
    }

    static var colour: PreferenceRow {
        .choice(
            "Colour", \.colorEnabled, values: [true, false],
            label: onOff,
            help: { _, _ in
                "Colours in the interface. Off keeps bold and reverse video only (NO_COLOR always turns colour off)."
            })
    }

    static var confirmBeforeDelete: PreferenceRow {
        .choice(
            "Confirm before delete", \.confirmBeforeDelete, values: [true, false],
            label: onOff,
            help: { _, _ in "Whether deleting an entry asks first. Off deletes at once, and there is no undo." })
    }

    static var firstWeekday: PreferenceRow {
        .choice(
            "Weeks start on", \.firstWeekday, values: [.monday, .sunday, .saturday],
            label: { $0.rawValue.prefix(1).uppercased() + $0.rawValue.dropFirst() },
            help: { _, _ in "The first column of the calendar (c in the list): Monday, Sunday or Saturday." })
    }

    static var theme: PreferenceRow {
        .choice(
            "Theme", \.themeName, values: Theme.builtIn.map(\.name),
            label: themeLabel,
            help: { _, _ in
                "Colours for a Dark or Light terminal, High contrast, or Mono (none). Kept in your config file, "
                    + "not the journal."
            })
    }

    /// A theme's name as a person reads it: `high-contrast` is "High contrast".
    static func themeLabel(_ name: String) -> String {
        let words = String(name.map { $0 == "-" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func label(of order: EntrySortOrder) -> String {
        switch order {
        case .newest: return "Newest first"
        case .oldest: return "Oldest first"
        case .title: return "Title A–Z"
        case .updated: return "Recently updated"
        }
    }

    static func label(of style: DateStyle) -> String {
        switch style {
        case .iso: return "ISO"
        case .short: return "Short"
        case .relative: return "Relative"
        }
    }

    static func onOff(_ value: Bool) -> String { value ? "On" : "Off" }
}
