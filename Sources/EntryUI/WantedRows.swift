/// The rows asked for while a read was under way, in the order asked, each once: what
/// `EntryListDataSource` reads next. Adding and taking are O(1) (amortized), so a burst of ten
/// thousand key presses, each asking for the rows on screen, costs ten thousand steps, not a
/// hundred million (a list searched with `contains` and rebuilt with `filter` on every read).
struct WantedRows {
    private var queue: [Int] = []
    /// The first row of `queue` not yet taken.
    private var head = 0
    private var members: Set<Int> = []

    var isEmpty: Bool { head >= queue.count }
    var count: Int { queue.count - head }

    /// Asks for `row` (nothing when it is already asked for).
    mutating func add(_ row: Int) {
        if members.insert(row).inserted { queue.append(row) }
    }

    /// Takes the first row still `missing`; the rows before it (no longer missing: an earlier read
    /// brought them) are dropped on the way.
    mutating func popFirst(where missing: (Int) -> Bool) -> Int? {
        while head < queue.count {
            let row = queue[head]
            head += 1
            members.remove(row)
            if missing(row) {
                compactIfMostlyTaken()
                return row
            }
        }
        removeAll()
        return nil
    }

    mutating func removeAll() {
        queue.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        head = 0
    }

    /// Drops the taken rows once they are most of the array, so it does not grow without bound.
    private mutating func compactIfMostlyTaken() {
        guard head > 64, head * 2 > queue.count else { return }
        queue.removeFirst(head)
        head = 0
    }
}
