/// A block of rows whose content moved vertically between two frames, as when a list scrolls.
struct RowShift: Equatable, Sendable {
    /// First row of the block in the new frame.
    var top: Int
    /// One past the last row of the block in the new frame.
    var bottom: Int
    /// How far the content moved: positive when it moved up (the list scrolled forward), negative down.
    var distance: Int

    /// The scroll region (zero-based, inclusive) that holds both where the rows were and where they go.
    var regionTop: Int { distance > 0 ? top : top + distance }
    var regionBottom: Int { distance > 0 ? bottom - 1 + distance : bottom - 1 }
}

/// Compares frames row by row: which rows changed, and whether a block of rows merely moved.
///
/// Finding a move lets the renderer scroll that block inside a scroll region (a few bytes) instead of
/// rewriting every row of a scrolled list.
enum FrameDiff {
    /// True when row `y` of `a` equals row `ya` … of `b`; both buffers have width `width`.
    @inline(__always)
    static func rowsEqual(_ a: [Cell], _ rowA: Int, _ b: [Cell], _ rowB: Int, width: Int) -> Bool {
        let startA = rowA * width, startB = rowB * width
        for x in 0..<width where a[startA + x] != b[startB + x] { return false }
        return true
    }

    /// The most useful block of rows that moved between `old` and `new` (same size), or nil when no move
    /// would save at least `minimumSavedRows` row rewrites.
    ///
    /// Candidate distances come from a few probe rows: for each, where its new content was in the old
    /// frame. Blank rows are never probes (they match everywhere), which keeps this cheap.
    ///
    /// `changed`, when given, is `changedRows(from:to:)` of the same buffers (the renderer has it already).
    static func detectShift(
        from old: Buffer, to new: Buffer, maxDistance: Int, minimumSavedRows: Int = 3, changed: [Bool]? = nil
    ) -> RowShift? {
        guard old.size == new.size, new.size.height >= 4, new.size.width > 0 else { return nil }
        let width = new.size.width, height = new.size.height
        let oldCells = old.cells, newCells = new.cells
        let changed = changed ?? changedRows(from: old, to: new)
        let changedRows = (0..<height).filter { changed[$0] }
        guard changedRows.count >= minimumSavedRows else { return nil }

        let limit = min(maxDistance, height - 1)
        var candidates: [Int] = []
        for probe in probes(changedRows, in: newCells, width: width) {
            for distance in 1...max(1, limit) {
                for signed in [distance, -distance] where !candidates.contains(signed) {
                    let source = probe + signed
                    if source >= 0, source < height, rowsEqual(newCells, probe, oldCells, source, width: width) {
                        candidates.append(signed)
                    }
                }
            }
            if candidates.count >= 4 { break }
        }

        var best: RowShift?
        var bestSaving = minimumSavedRows - 1
        for distance in candidates {
            var y = 0
            while y < height {
                let source = y + distance
                guard source >= 0, source < height, rowsEqual(newCells, y, oldCells, source, width: width) else {
                    y += 1
                    continue
                }
                var end = y
                var saved = 0
                while end < height, end + distance >= 0, end + distance < height,
                    rowsEqual(newCells, end, oldCells, end + distance, width: width)
                {
                    if changed[end] { saved += 1 }
                    end += 1
                }
                let shift = RowShift(top: y, bottom: end, distance: distance)
                // Rows the scroll blanks that were already right would now need a rewrite.
                saved -= damagedRows(by: shift, changed: changed)
                if saved > bestSaving {
                    best = shift
                    bestSaving = saved
                }
                y = end
            }
        }
        return best
    }

    /// For each row, whether it differs between `old` and `new` (same size) at the same place.
    static func changedRows(from old: Buffer, to new: Buffer) -> [Bool] {
        let width = new.size.width
        let oldCells = old.cells, newCells = new.cells
        return (0..<new.size.height).map { !rowsEqual(oldCells, $0, newCells, $0, width: width) }
    }

    /// Rows blanked by scrolling that did not need a rewrite without the scroll.
    private static func damagedRows(by shift: RowShift, changed: [Bool]) -> Int {
        let blanked =
            shift.distance > 0
            ? shift.bottom..<(shift.bottom + shift.distance)
            : (shift.top + shift.distance)..<shift.top
        return blanked.reduce(0) { $0 + (changed[$1] ? 0 : 1) }
    }

    /// Up to three changed, non-uniform rows spread over the changed ones.
    private static func probes(_ changedRows: [Int], in cells: [Cell], width: Int) -> [Int] {
        let interesting = changedRows.filter { y in
            let start = y * width
            let first = cells[start]
            return (1..<width).contains { cells[start + $0] != first }
        }
        guard !interesting.isEmpty else { return [] }
        let picks = [0, interesting.count / 2, interesting.count - 1]
        var result: [Int] = []
        for index in picks where !result.contains(interesting[index]) { result.append(interesting[index]) }
        return result
    }

    /// Where each row's content is after the terminal scrolled the shift's region: `sources[y]` is the
    /// old row now shown at `y`, or nil for a row the scroll blanked. Rows outside the region keep theirs.
    static func apply(_ shift: RowShift, to sources: inout [Int?]) {
        let before = sources
        for y in shift.regionTop...shift.regionBottom {
            let source = y + shift.distance
            sources[y] = source >= shift.regionTop && source <= shift.regionBottom ? before[source] : nil
        }
    }
}
