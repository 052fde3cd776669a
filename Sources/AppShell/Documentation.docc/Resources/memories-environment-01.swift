import EntryModel
import Foundation

/// What the Memories' scenes share: the dependencies the app handed to ``MemoriesController``.
@MainActor
final class MemoriesEnvironment {
    let repository: any EntryRepository
    let flow: any MemoriesFlow
    let years: Int
    let now: @Sendable () -> Date
    let timeZone: TimeZone

    init(
        repository: any EntryRepository, flow: any MemoriesFlow, years: Int,
        now: @escaping @Sendable () -> Date, timeZone: TimeZone
    ) {
        self.repository = repository
        self.flow = flow
        self.years = max(1, years)
        self.now = now
        self.timeZone = timeZone
    }
}
