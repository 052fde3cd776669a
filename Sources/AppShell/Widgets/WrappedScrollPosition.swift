/// Where a view of wrapped text starts: a unit (a source line, a Markdown block) and a row within it.
/// Moving it one row at a time is what both text views do, so it lives here once.
struct WrappedScrollPosition: Equatable {
    var unit: Int
    var row: Int

    /// Moves by `rows` (negative: up), stopping at either end. `rowCount` gives how many rows a unit
    /// wraps to; `hasUnit` whether a unit exists (units are read lazily, so the count may be unknown).
    mutating func move(by rows: Int, rowCount: (Int) -> Int, hasUnit: (Int) -> Bool) {
        var remaining = abs(rows)
        while remaining > 0 {
            if rows > 0 {
                if row + 1 < rowCount(unit) {
                    row += 1
                } else if hasUnit(unit + 1) {
                    unit += 1
                    row = 0
                } else {
                    break
                }
            } else {
                if row > 0 {
                    row -= 1
                } else if unit > 0 {
                    unit -= 1
                    row = rowCount(unit) - 1
                } else {
                    break
                }
            }
            remaining -= 1
        }
    }
}
