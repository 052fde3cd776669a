import EntryModel
import Foundation

extension JournalDeskApp {
    /// A fortnight of entries before `now`, most days one, some days two, a gap in the middle.
    static func sampleEntries(now: Date) -> [EntryDraft] {
        let titles = ["Morning pages", "Walk by the river", "Notes on a book", "Call with Sam", "Garden", "Bread"]
        return (1...14).filter { $0 != 6 }.flatMap { daysAgo -> [EntryDraft] in
            let date = now.addingTimeInterval(-Double(daysAgo) * 86_400)
            let first = EntryDraft(
                title: titles[daysAgo % titles.count], body: "Day -\(daysAgo).", tags: ["daily"], createdAt: date)
            guard daysAgo % 3 == 0 else { return [first] }
            return [
                first, EntryDraft(title: "Evening review", tags: ["review"], createdAt: date.addingTimeInterval(3_600)),
            ]
        }
    }
}
