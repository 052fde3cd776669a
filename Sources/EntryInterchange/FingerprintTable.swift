/// A set of 64-bit fingerprints in flat memory: 8 bytes a slot, between 80% and 90% of the slots in
/// use, so about 9.4 bytes a fingerprint (94 MB at ten million) instead of the 32 to 48 of a
/// `Set` of a creation time and a hash, which also holds the old and the new table while it grows.
///
/// The fingerprints are spread over ``partitionCount`` open-addressing tables (linear probing) by
/// their top bits; each grows on its own by an eighth, so growing never holds a second copy of
/// more than one small table. Zero marks an empty slot: a fingerprint of zero is stored as one.
/// Probing that full costs a few cache lines per new fingerprint (a second or two at ten million),
/// less than the memory it saves.
struct FingerprintTable {
    /// Partitions: enough that one partition's growth is a small transient, few enough that each
    /// partition is large.
    private static let partitionBits = 8
    private static let partitionCount = 1 << partitionBits
    /// A partition grows when this share of its slots is in use (linear probing slows past it).
    private static let maximumLoad = 0.9
    private static let initialSlots = 64

    private var partitions: [[UInt64]]
    private var counts: [Int]

    /// How many fingerprints the table holds.
    private(set) var count = 0

    init() {
        partitions = Array(repeating: [UInt64](repeating: 0, count: Self.initialSlots), count: Self.partitionCount)
        counts = Array(repeating: 0, count: Self.partitionCount)
    }

    /// Adds `fingerprint`; true when it was not there yet.
    mutating func insert(_ fingerprint: UInt64) -> Bool {
        let key = fingerprint == 0 ? 1 : fingerprint
        let partition = Int(truncatingIfNeeded: key >> UInt64(64 - Self.partitionBits))
        if Double(counts[partition] + 1) > Double(partitions[partition].count) * Self.maximumLoad {
            grow(partition)
        }
        let inserted = partitions[partition].withUnsafeMutableBufferPointer { slots in
            Self.insert(key, into: slots)
        }
        if inserted {
            counts[partition] += 1
            count += 1
        }
        return inserted
    }

    /// Linear probing from the key's home slot: the key's low bits, scaled to the slot count
    /// (multiply and keep the high word), since the top bits chose the partition.
    private static func insert(_ key: UInt64, into slots: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        let size = slots.count
        var index = Int(truncatingIfNeeded: (key << UInt64(partitionBits)).multipliedFullWidth(by: UInt64(size)).high)
        while true {
            let slot = slots[index]
            if slot == key { return false }
            if slot == 0 {
                slots[index] = key
                return true
            }
            index += 1
            if index == size { index = 0 }
        }
    }

    private mutating func grow(_ partition: Int) {
        let old = partitions[partition]
        var slots = [UInt64](repeating: 0, count: old.count + old.count / 8)
        slots.withUnsafeMutableBufferPointer { slots in
            for key in old where key != 0 { _ = Self.insert(key, into: slots) }
        }
        partitions[partition] = slots
    }
}
