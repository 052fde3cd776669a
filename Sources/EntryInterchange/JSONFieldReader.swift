import EntryModel
import Foundation

/// Reads typed fields out of a JSON object, with problems named after the field: shared by the JSON,
/// JSON Lines and jrnl importers.
struct JSONFieldReader {
    let object: JSONObject

    init(_ value: JSONValue) throws(FieldProblem) {
        guard case .object(let object) = value else {
            throw FieldProblem(field: nil, reason: "expected an object {…}, found \(value.kindDescription)")
        }
        self.object = object
    }

    /// Refuses fields outside `known`, so a typo (`"bodyy"`) is reported instead of silently dropped.
    func rejectUnknownFields(known: [String]) throws(FieldProblem) {
        for key in object.keys where !known.contains(key) {
            throw FieldProblem(field: key, reason: "unknown field (the fields are \(known.joined(separator: ", ")))")
        }
    }

    /// A non-empty title: missing, null, empty or all-whitespace titles are refused.
    func title(_ key: String = "title") throws(FieldProblem) -> String {
        guard let title = try optionalString(key) else {
            throw FieldProblem(field: key, reason: "the title is missing (every entry needs one)")
        }
        guard !title.allSatisfy({ $0.isWhitespace }) else {
            throw FieldProblem(field: key, reason: "the title is empty (every entry needs one)")
        }
        return title
    }

    /// The string, or nil when the field is absent or null.
    func optionalString(_ key: String) throws(FieldProblem) -> String? {
        switch object[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw FieldProblem(field: key, reason: "expected a string, found \(other.kindDescription)")
        }
    }

    /// Checks that the field, when present, is a number (ids are read but not kept: imports add new entries).
    func ignoredNumber(_ key: String) throws(FieldProblem) {
        switch object[key] {
        case nil, .null?, .number?: return
        case let other?: throw FieldProblem(field: key, reason: "expected a number, found \(other.kindDescription)")
        }
    }

    /// A boolean, false when absent or null.
    func bool(_ key: String) throws(FieldProblem) -> Bool {
        switch object[key] {
        case nil, .null?: return false
        case .bool(let value)?: return value
        case let other?:
            throw FieldProblem(field: key, reason: "expected true or false, found \(other.kindDescription)")
        }
    }

    /// An array of non-empty strings, empty when absent or null.
    func tags(_ key: String = "tags") throws(FieldProblem) -> [String] {
        switch object[key] {
        case nil, .null?: return []
        case .array(let elements)?:
            var tags: [String] = []
            tags.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                guard case .string(let tag) = element else {
                    throw FieldProblem(
                        field: key, reason: "tag \(index + 1) is \(element.kindDescription), expected a string")
                }
                guard !tag.isEmpty else { throw FieldProblem(field: key, reason: "tag \(index + 1) is empty") }
                tags.append(tag)
            }
            return tags
        case let other?:
            throw FieldProblem(field: key, reason: "expected an array of strings, found \(other.kindDescription)")
        }
    }

    /// An ISO 8601 date, nil when absent or null.
    func date(_ key: String) throws(FieldProblem) -> Date? {
        guard let text = try optionalString(key) else { return nil }
        guard let date = InterchangeDate.date(from: text) else {
            throw FieldProblem(field: key, reason: InterchangeDate.unparseableReason(text))
        }
        return date
    }
}

extension InterchangeDate {
    /// The message for a date that does not parse, or that is too far away to be kept.
    static func unparseableReason(_ text: String) -> String {
        if unboundedDate(from: text) != nil {
            return "\(QuotedExcerpt.quoted(text)) is too far from today to be kept exactly (dates go from "
                + "\(string(from: keptRange.lowerBound)) to \(string(from: keptRange.upperBound)))"
        }
        return
            "\(QuotedExcerpt.quoted(text)) is not an ISO 8601 date (write it like 2024-01-05T09:30:00.000Z or 2024-01-05)"
    }
}
