/// Writes SGR sequences (`ESC [ … m`) that switch the terminal from one style to another, with colours
/// downsampled to the terminal's support.
struct StyleEncoder: Sendable {
    let colorSupport: ColorSupport

    /// The style as this terminal can show it: colours downsampled (or dropped when there is no colour).
    func effective(_ style: Style) -> Style {
        Style(
            foreground: effective(style.foreground),
            background: effective(style.background),
            attributes: style.attributes
        )
    }

    func effective(_ color: Color) -> Color {
        switch (colorSupport, color) {
        case (_, .default): return .default
        case (.none, _): return .default
        case (_, .ansi(let n)) where n < 16: return .ansi(n)
        case (.ansi16, .ansi(let n)), (.ansi16, .indexed(let n)):
            return .ansi(ColorDownsampling.ansi16(ofIndexed: n))
        case (_, .ansi(let n)), (_, .indexed(let n)):
            return n < 16 ? .ansi(n) : .indexed(n)
        case (.ansi16, .rgb(let r, let g, let b)):
            return .ansi(ColorDownsampling.ansi16(red: r, green: g, blue: b))
        case (.indexed256, .rgb(let r, let g, let b)):
            return .indexed(ColorDownsampling.indexed256(red: r, green: g, blue: b))
        case (.trueColor, .rgb):
            return color
        }
    }

    /// Appends the SGR that turns `current` (nil: unknown) into `target`; both must be effective styles.
    /// Only what changed is written, unless an attribute has to be switched off (then a full reset).
    func appendTransition(from current: Style?, to target: Style, into bytes: inout [UInt8]) {
        guard current != target else { return }
        var parameters: [UInt8] = []
        let needsReset: Bool
        if let current {
            needsReset = !current.attributes.subtracting(target.attributes).isEmpty
        } else {
            needsReset = true
        }
        let base = needsReset ? Style.plain : (current ?? .plain)
        if needsReset { parameters.append(UInt8(ascii: "0")) }
        let added = target.attributes.subtracting(base.attributes)
        for (attribute, code) in Self.attributeCodes where added.contains(attribute) {
            appendParameter(code, to: &parameters)
        }
        if target.foreground != base.foreground { appendColor(target.foreground, background: false, to: &parameters) }
        if target.background != base.background { appendColor(target.background, background: true, to: &parameters) }
        bytes.append(ControlSequences.escape)
        bytes.append(UInt8(ascii: "["))
        bytes.append(contentsOf: parameters)
        bytes.append(UInt8(ascii: "m"))
    }

    private static let attributeCodes: [(Style.Attributes, Int)] = [
        (.bold, 1), (.dim, 2), (.italic, 3), (.underline, 4), (.reverse, 7),
    ]

    private func appendColor(_ color: Color, background: Bool, to parameters: inout [UInt8]) {
        switch color {
        case .default:
            appendParameter(background ? 49 : 39, to: &parameters)
        case .ansi(let n) where n < 8:
            appendParameter((background ? 40 : 30) + Int(n), to: &parameters)
        case .ansi(let n) where n < 16:
            appendParameter((background ? 100 : 90) + Int(n) - 8, to: &parameters)
        case .ansi(let n), .indexed(let n):
            appendParameter(background ? 48 : 38, to: &parameters)
            appendParameter(5, to: &parameters)
            appendParameter(Int(n), to: &parameters)
        case .rgb(let r, let g, let b):
            appendParameter(background ? 48 : 38, to: &parameters)
            appendParameter(2, to: &parameters)
            appendParameter(Int(r), to: &parameters)
            appendParameter(Int(g), to: &parameters)
            appendParameter(Int(b), to: &parameters)
        }
    }

    private func appendParameter(_ value: Int, to parameters: inout [UInt8]) {
        if !parameters.isEmpty { parameters.append(UInt8(ascii: ";")) }
        ControlSequences.appendDecimal(value, to: &parameters)
    }
}
