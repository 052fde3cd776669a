import EntryModel

/// A parsed JSON value, as the importers see it: enough to check types and report what was found.
enum JSONValue {
    case null
    case bool(Bool)
    /// The number's text as written (importers only need to know it is a number).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The kind of value, for messages like "expected a string, found a number".
    var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// A JSON object's members in file order (duplicate keys are rejected by the parser).
struct JSONObject {
    private(set) var keys: [String] = []
    private var values: [JSONValue] = []

    subscript(key: String) -> JSONValue? {
        keys.firstIndex(of: key).map { values[$0] }
    }

    func contains(_ key: String) -> Bool { keys.contains(key) }

    mutating func append(key: String, value: JSONValue) {
        keys.append(key)
        values.append(value)
    }
}
