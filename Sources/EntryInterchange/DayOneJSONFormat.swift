import EntryModel
import Foundation

/// The JSON of a Day One export (`Journal.json`, named after the journal, inside the export's folder
/// or zip), read as drafts. Day One documents it as an object with an `entries` array:
///
/// ```json
/// {"metadata": {"version": "1.0"},
///  "entries": [{"uuid": "…", "creationDate": "2024-01-05T09:30:00Z", "modifiedDate": "…",
///               "timeZone": "Europe/Lisbon", "text": "# Title\n\nBody…", "tags": ["work"],
///               "starred": true, "location": {…}, "weather": {…}, "creationDevice": "iPhone",
///               "photos": [{"md5": "…", "type": "jpeg", …}]}]}
/// ```
/// - `text`: its first line is the title (a leading `#` heading mark and Day One's backslash escapes
///   dropped), the rest (blank lines at its start dropped) the body, as written. An entry without
///   text (a photo alone) is titled "Untitled".
/// - `creationDate` (required) and `modifiedDate` are ISO 8601 instants; `timeZone`, location,
///   weather and device go into more details as lines of text, and so do the names of photos,
///   videos, audio and PDFs (`photos/<md5>.jpeg`, as the export's folder holds them): media are
///   listed, not imported.
/// - `starred: true` stars the entry (``Entry/starred``), as for jrnl.
public enum DayOneJSONFormat {
    /// The drafts of every entry of a Day One export's JSON, in file order; the first problem refuses
    /// the whole file with an ``ImportError`` naming the record.
    public static func drafts(from data: Data) throws(ImportError) -> [EntryDraft] {
        try JSONEntriesObject.drafts(from: data, what: "a Day One export", draft: draft(from:))
    }

    /// Hands each entry to `sink` as a draft, in file order, as it is read; stops at the first
    /// problem (an ``ImportError``) or the first error of `sink`, thrown as it was.
    static func read(_ window: ImportWindow, into sink: (EntryDraft) throws -> Void) throws {
        try JSONEntriesObject.read(window, what: "a Day One export", draft: draft(from:), into: sink)
    }

    /// Whether `data` looks like a Day One export: an object whose entries have `creationDate`.
    public static func looksLikeDayOne(_ data: Data) -> Bool {
        let head = data.prefix(64 * 1024)
        return head.first(where: {
            !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF)
        }) == UInt8(ascii: "{")
            && head.range(of: Data("\"creationDate\"".utf8)) != nil
    }

    static func draft(from value: JSONValue) throws(FieldProblem) -> EntryDraft {
        let fields = try JSONFieldReader(value)
        guard let created = try fields.date("creationDate") else {
            throw FieldProblem(
                field: "creationDate",
                reason: "the creation date is missing (Day One writes it like 2024-01-05T09:30:00Z)")
        }
        let modified = try fields.date("modifiedDate") ?? created
        let (title, body) = split(try fields.optionalString("text") ?? "")
        var tags: [String] = []
        var seen: Set<String> = []
        for tag in try fields.tags() where seen.insert(tag).inserted { tags.append(tag) }
        var more: [String] = []
        if let zone = try fields.optionalString("timeZone") { more.append("Time zone: \(zone)") }
        if let location = try place(fields) { more.append("Location: \(location)") }
        if let weather = try weather(fields) { more.append("Weather: \(weather)") }
        if let device = try device(fields) { more.append("Device: \(device)") }
        let media = try mediaNames(fields)
        if !media.isEmpty { more.append("Media (not imported): " + media.joined(separator: ", ")) }
        return EntryDraft(
            title: title, body: body, moreDetails: more.joined(separator: "\n"), tags: tags,
            createdAt: created, updatedAt: max(created, modified), starred: try fields.bool("starred"))
    }

    /// The first line as the title, the rest as the body.
    public static func split(_ text: String) -> (title: String, body: String) {
        // "\r\n" is one Character: both end a line.
        let newline = text.firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex
        var title = Substring(text[..<newline])
        title = title.drop { $0 == " " }
        let hashes = title.prefix { $0 == "#" }.count
        if (1...6).contains(hashes), title.dropFirst(hashes).first == " " { title = title.dropFirst(hashes) }
        var unescaped = ""
        var escaping = false
        for character in title.trimmingCharacters(in: .whitespaces) {
            if !escaping, character == "\\" {
                escaping = true
                continue
            }
            if escaping, !(character.isASCII && (character.isPunctuation || character.isSymbol)) {
                unescaped.append("\\")
            }
            escaping = false
            unescaped.append(character)
        }
        if escaping { unescaped.append("\\") }
        var body = newline < text.endIndex ? Substring(text[text.index(after: newline)...]) : ""
        while let lineEnd = body.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }),
            body[..<lineEnd].allSatisfy({ $0 == " " || $0 == "\t" })
        {
            body = body[body.index(after: lineEnd)...]
        }
        return (unescaped.isEmpty ? "Untitled" : unescaped, String(body))
    }

    private static func object(_ fields: JSONFieldReader, _ key: String) throws(FieldProblem) -> JSONFieldReader? {
        switch fields.object[key] {
        case nil, .null?: return nil
        case let value?:
            do {
                return try JSONFieldReader(value)
            } catch {
                throw FieldProblem(field: key, reason: "expected an object {…}, found \(value.kindDescription)")
            }
        }
    }

    private static func number(
        _ fields: JSONFieldReader, _ key: String, in parent: String
    ) throws(FieldProblem) -> String? {
        switch fields.object[key] {
        case nil, .null?: return nil
        case .number(let text)?: return text
        case let other?:
            throw FieldProblem(field: "\(parent).\(key)", reason: "expected a number, found \(other.kindDescription)")
        }
    }

    private static func string(
        _ fields: JSONFieldReader, _ key: String, in parent: String
    ) throws(FieldProblem) -> String? {
        do {
            return try fields.optionalString(key)
        } catch {
            throw FieldProblem(field: "\(parent).\(key)", reason: error.reason)
        }
    }

    private static func place(_ fields: JSONFieldReader) throws(FieldProblem) -> String? {
        guard let location = try object(fields, "location") else { return nil }
        var parts: [String] = []
        for key in ["placeName", "localityName", "administrativeArea", "country"] {
            if let text = try string(location, key, in: "location"), !text.isEmpty, !parts.contains(text) {
                parts.append(text)
            }
        }
        if let latitude = try number(location, "latitude", in: "location"),
            let longitude = try number(location, "longitude", in: "location")
        {
            parts.append("(\(latitude), \(longitude))")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func weather(_ fields: JSONFieldReader) throws(FieldProblem) -> String? {
        guard let weather = try object(fields, "weather") else { return nil }
        var parts: [String] = []
        if let conditions = try string(weather, "conditionsDescription", in: "weather") { parts.append(conditions) }
        if let celsius = try number(weather, "temperatureCelsius", in: "weather") { parts.append("\(celsius) °C") }
        if let wind = try number(weather, "windSpeedKPH", in: "weather") { parts.append("wind \(wind) km/h") }
        if let humidity = try number(weather, "relativeHumidity", in: "weather") {
            parts.append("humidity \(humidity) %")
        }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    private static func device(_ fields: JSONFieldReader) throws(FieldProblem) -> String? {
        let name = try fields.optionalString("creationDevice")
        let model = try fields.optionalString("creationDeviceModel")
        let system = [try fields.optionalString("creationOSName"), try fields.optionalString("creationOSVersion")]
            .compactMap { $0 }
        var parts: [String] = []
        if let name { parts.append(model.map { "\(name) (\($0))" } ?? name) } else if let model { parts.append(model) }
        if !system.isEmpty { parts.append(system.joined(separator: " ")) }
        return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }

    /// `photos/<md5>.<type>` and the like, as the export's folder names the files.
    private static func mediaNames(_ fields: JSONFieldReader) throws(FieldProblem) -> [String] {
        var names: [String] = []
        for (key, folder) in [
            ("photos", "photos"), ("videos", "videos"), ("audios", "audios"), ("pdfAttachments", "pdfs"),
        ] {
            switch fields.object[key] {
            case nil, .null?: continue
            case .array(let items)?:
                for (index, item) in items.enumerated() {
                    guard case .object(let media) = item else {
                        throw FieldProblem(
                            field: key, reason: "item \(index + 1) is \(item.kindDescription), expected an object")
                    }
                    let reader = try JSONFieldReader(.object(media))
                    let md5 = try string(reader, "md5", in: key)
                    let type = try string(reader, "type", in: key)
                    let identifier = try string(reader, "identifier", in: key)
                    if let md5 {
                        names.append("\(folder)/\(md5)" + (type.map { ".\($0)" } ?? ""))
                    } else if let name = try string(reader, "filename", in: key) ?? identifier {
                        names.append("\(folder)/\(name)")
                    }
                }
            case let other?:
                throw FieldProblem(field: key, reason: "expected an array, found \(other.kindDescription)")
            }
        }
        return names
    }
}
