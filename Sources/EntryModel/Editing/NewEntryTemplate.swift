import Foundation

/// The text a new entry starts from in the editor: the person's template (from the config), with
/// `{date}` and `{time}` filled in, under the usual header; tags given beforehand (the list's tag
/// filter) are already on the Tags line.
public struct NewEntryTemplate: Sendable, Equatable {
    /// The body the editor starts with, before `{date}` and `{time}` are filled in.
    public var body: String

    /// Creates a template whose body is `body` (empty by default: a new entry starts with an empty body).
    public init(body: String = "") {
        self.body = body
    }

    /// `{date}` → `2026-11-23`, `{time}` → `14:05`, in `timeZone` at `now`; other braces stay as written.
    public func filledBody(now: Date, timeZone: TimeZone) -> String {
        guard body.contains("{") else { return body }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: now)
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        let date = "\(parts.year ?? 1970)-\(two(parts.month))-\(two(parts.day))"
        let time = "\(two(parts.hour)):\(two(parts.minute))"
        return body.replacingOccurrences(of: "{date}", with: date).replacingOccurrences(of: "{time}", with: time)
    }

    /// The editor's text for a new entry with these tags.
    public func editorText(tags: [String], now: Date, timeZone: TimeZone) -> String {
        EntryTextFormat.renderForEditor(
            title: "", tags: tags, body: filledBody(now: now, timeZone: timeZone), moreDetails: "")
    }
}
