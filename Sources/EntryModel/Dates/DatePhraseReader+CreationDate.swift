import Foundation

extension DatePhraseReader {
    /// The creation date `phrase` names for an entry written now about then (`entries add --date`,
    /// jrnl's `yesterday: …`, an editor's `Date:` line): the phrase's start for a minute or less; for
    /// a longer span its first day at the time of day it is now, so that back-dated entries keep the
    /// order they were written in; now, when the span holds now (`today`).
    public func creationDate(of phrase: String) throws(DatePhraseError) -> Date {
        let span = try span(of: phrase)
        if span.contains(now) { return now }
        guard span.end.timeIntervalSince(span.start) > 60 else { return span.start }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let time = calendar.dateComponents([.hour, .minute, .second], from: now)
        let date = calendar.date(
            bySettingHour: time.hour ?? 0, minute: time.minute ?? 0, second: time.second ?? 0, of: span.start)
        return date.map { span.contains($0) ? $0 : span.start } ?? span.start
    }
}
