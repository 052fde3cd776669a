import EntryModel

/// One line of the preferences scene: a preference's name, its values in the order they cycle, how
/// each value reads, and a help sentence. Rows know nothing about drawing or saving.
struct PreferenceRow {
    /// The name shown in the first column ("List sort order").
    let name: String
    /// The current value as shown ("Newest first").
    let valueText: (Preferences) -> String
    /// Every value as shown, in cycle order (to size the value column once for all of them).
    let valueTexts: [String]
    /// The preferences with this row's value moved `step` places along its values, wrapping around.
    let cycle: (Preferences, Int) -> Preferences
    /// The help sentence for the bottom line, which may use the current preferences.
    let help: (Preferences, DateDisplay) -> String
    /// A short extra shown after the value (the date format's live example), or "".
    let detail: (Preferences, DateDisplay) -> String
    /// The extra of every value, in cycle order (to size the box once for all of them).
    let detailTexts: (DateDisplay) -> [String]

    /// A row over the preference at `keyPath`, whose values are `values` (each once, in cycle order).
    static func choice<Value: Equatable>(
        _ name: String, _ keyPath: WritableKeyPath<Preferences, Value>, values: [Value],
        label: @escaping (Value) -> String,
        help: @escaping (Preferences, DateDisplay) -> String,
        detail: @escaping (Value, DateDisplay) -> String = { _, _ in "" }
    ) -> PreferenceRow {
        PreferenceRow(
            name: name,
            valueText: { label($0[keyPath: keyPath]) },
            valueTexts: values.map(label),
            cycle: { preferences, step in
                var changed = preferences
                changed[keyPath: keyPath] = Self.value(after: preferences[keyPath: keyPath], in: values, step: step)
                return changed
            },
            help: help,
            detail: { preferences, dates in detail(preferences[keyPath: keyPath], dates) },
            detailTexts: { dates in values.map { detail($0, dates) } })
    }

    /// The value `step` places after `current` in `values`, wrapping around; a current value missing
    /// from `values` counts as the first one.
    static func value<Value: Equatable>(after current: Value, in values: [Value], step: Int) -> Value {
        guard !values.isEmpty else { return current }
        let index = values.firstIndex(of: current) ?? 0
        let count = values.count
        return values[((index + step) % count + count) % count]
    }
}
