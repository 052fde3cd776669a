import Foundation

/// `~/.pgpass`: lines of `hostname:port:database:username:password`, `*` matching anything, `\`
/// escaping `:` and `\`. As libpq does, a file that group or others can read is ignored.
///
/// See <https://www.postgresql.org/docs/current/libpq-pgpass.html>.
struct PasswordFile {
    var path: String

    func password(for location: PostgreSQLLocation) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 == 0,
            let data = FileManager.default.contents(atPath: path), data.count < 1 << 20,
            let text = String(data: data, encoding: .utf8)
        else { return nil }
        let host = location.host.hasPrefix("/") ? "localhost" : location.host
        let wanted = [host, String(location.port), location.database, location.user]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = Self.fields(of: Substring(line))
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    /// The fields of a line, unescaped.
    static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
