/// The day a week starts on in the calendar. Default: Monday (ISO 8601).
public enum FirstWeekday: String, CaseIterable, Sendable, Codable {
    /// The weeks of the calendar start on Monday, Saturday or Sunday (stored as `monday`, `saturday`, `sunday`).
    case monday, saturday, sunday

    /// The ISO weekday number: 1 for Monday ... 7 for Sunday (see ``CivilDay/weekday``).
    public var isoWeekday: Int {
        switch self {
        case .monday: return 1
        case .saturday: return 6
        case .sunday: return 7
        }
    }
}
