/// A theme's styles by role name, so that a person's config can recolour one role
/// (`colors: {selection: {background: "#ffd700"}}`) over a built-in theme.
extension Theme {
    /// The styled parts of the screen, named as a config file names them.
    public enum Role: String, CaseIterable, Sendable {
        /// The header line with the title path (`header`).
        case header
        /// The bottom bar showing key hints (`status-bar`).
        case statusBar = "status-bar"
        /// An informational status message (`status-info`).
        case statusInfo = "status-info"
        /// An error status message (`status-error`).
        case statusError = "status-error"
        /// The selected row of a list and a dialog's highlighted answer (`selection`).
        case selection
        /// Borders of modal boxes and overlays (`border`).
        case border
        /// Titles drawn in borders (`border-title`).
        case borderTitle = "border-title"
        /// Secondary text: empty-state messages, placeholders, scroll tracks (`dim`).
        case dim
        /// Key names in the help overlay and the status bar hints (`key-name`).
        case keyName = "key-name"
        /// The text cursor of a line input (`cursor`).
        case cursor
        /// The thumb of a scroll indicator (`scroll-thumb`).
        case scrollThumb = "scroll-thumb"
        /// The words a search matched (`highlight`).
        case highlight

        var keyPath: WritableKeyPath<Theme, Style> {
            switch self {
            case .header: return \.header
            case .statusBar: return \.statusBar
            case .statusInfo: return \.statusInfo
            case .statusError: return \.statusError
            case .selection: return \.selection
            case .border: return \.border
            case .borderTitle: return \.borderTitle
            case .dim: return \.dim
            case .keyName: return \.keyName
            case .cursor: return \.cursor
            case .scrollThumb: return \.scrollThumb
            case .highlight: return \.highlight
            }
        }
    }

    /// The style of a role.
    public subscript(role: Role) -> Style {
        get { self[keyPath: role.keyPath] }
        set { self[keyPath: role.keyPath] = newValue }
    }
}

extension Color {
    /// The 16 ANSI colours by name, in their order (0–15).
    public static let ansiNames = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan",
        "bright-white",
    ]

    /// A colour as a person writes it: `default`, one of ``ansiNames`` (`gray` is `bright-black`), an
    /// index 0–255 of the 256-colour palette, or `#rrggbb`. The renderer downsamples it to what the
    /// terminal shows.
    public init?(name: String) {
        let lowered = name.lowercased()
        if lowered == "default" {
            self = .default
        } else if let index = Self.ansiNames.firstIndex(
            of: lowered == "gray" || lowered == "grey" ? "bright-black" : lowered)
        {
            self = .ansi(UInt8(index))
        } else if let index = UInt8(lowered), !lowered.hasPrefix("+") {
            self = .indexed(index)
        } else if lowered.hasPrefix("#"), lowered.count == 7, lowered.dropFirst().allSatisfy(\.isHexDigit),
            let value = UInt32(lowered.dropFirst(), radix: 16)
        {
            self = .rgb(UInt8(value >> 16), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
        } else {
            return nil
        }
    }
}
