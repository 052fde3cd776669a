#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How many colours the terminal can show; the renderer downsamples `Color`s to fit.
///
/// Ordered from least to most capable, so `support >= .indexed256` reads naturally.
public enum ColorSupport: Int, Comparable, Hashable, Sendable, CaseIterable {
    /// No colour at all (`NO_COLOR` set, `TERM=dumb` or unset): attributes such as bold and reverse only.
    case none
    /// The 16 ANSI colours.
    case ansi16
    /// The 256 indexed colours (`TERM` mentions `256color`).
    case indexed256
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    case trueColor

    /// Less capable first: `.none < .ansi16 < .indexed256 < .trueColor`.
    public static func < (lhs: ColorSupport, rhs: ColorSupport) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The support the environment announces, in this order of precedence:
    /// `NO_COLOR` non-empty → none; `TERM` unset, empty or `dumb` → none; `COLORTERM` `truecolor`/`24bit`
    /// → true colour; `TERM` containing `256color` → 256; anything else (including unknown terminals) → 16.
    ///
    /// See <https://no-color.org> for `NO_COLOR`.
    public static func detect(environment: [String: String]) -> ColorSupport {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        if term.contains("256color") { return .indexed256 }
        return .ansi16
    }

    /// `detect(environment:)` applied to this process's environment.
    public static func detectFromProcessEnvironment() -> ColorSupport {
        var environment: [String: String] = [:]
        for name in ["NO_COLOR", "TERM", "COLORTERM"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return detect(environment: environment)
    }
}
