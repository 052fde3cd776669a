import Foundation

/// Passwords taken out of text before it is shown: the one function every message and listing that
/// may quote a database location goes through (errors on standard error, `entries config`).
///
/// A location should never hold a password (a command line is visible to every user of the machine
/// in `ps`, a config file is copied into dotfiles repositories), and one that does is refused; but the
/// refusal, and every listing of where a setting came from, must not repeat it. Two forms are found
/// anywhere in the text, whatever the scheme:
///
/// ```text
/// postgresql://ann:s3cret@db.example/journal      ->  postgresql://ann:***@db.example/journal
/// postgresql://ann@db/journal?password=s3cret&x=1 ->  postgresql://ann@db/journal?password=***&x=1
/// ```
/// (a user's password in a URL's authority, and the value of any `…password=` parameter).
public enum SecretRedaction {
    /// What a password is shown as.
    public static let mask = "***"

    /// `text` with every password replaced by ``mask``; text without one is returned as it is.
    public static func redacted(_ text: String) -> String {
        guard text.contains("://") || text.lowercased().contains("password") else { return text }
        return redactingParameters(redactingAuthorities(text))
    }

    /// `scheme://user:password@host` → `scheme://user:***@host`, for every `://` in the text. The
    /// authority ends at the first `/`, `?`, `#` or white space; its password is what lies between the
    /// first `:` and the last `@` (a password may itself hold `@` or `:`).
    private static func redactingAuthorities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            let authority = rest.prefix { !"/?#".contains($0) && !$0.isWhitespace }
            if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
                result += authority[...colon] + mask + authority[at...]
            } else {
                result += authority
            }
            rest = rest[authority.endIndex...]
        }
        return result + rest
    }

    /// `…password=value` (any case, `sslpassword=` too) → `…password=***`: the value runs to the next
    /// `&`, `#`, `)`, white space or quote, less a `:` that ends it (a message goes on "location: why").
    private static func redactingParameters(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let key = rest.range(of: "password=", options: .caseInsensitive) {
            result += rest[..<key.upperBound]
            var value = rest[key.upperBound...].prefix { !"&#)\"'".contains($0) && !$0.isWhitespace }
            if value.hasSuffix(":") { value = value.dropLast() }
            if !value.isEmpty { result += mask }
            rest = rest[value.endIndex...]
        }
        return result + rest
    }
}
