import EntryModel

/// Copies of texts to bind to a statement without SQLite copying them again.
///
/// A text bound the usual way (`SQLITE_TRANSIENT`) is copied by SQLite into memory it allocates, and
/// SQLite's allocator takes a process-wide lock: a bulk insert writing rows on one thread while
/// another builds the full-text index would wait on that lock for every text. Texts copied here are
/// bound with `SQLITE_STATIC` instead; the copies stay put until ``reset()``, which may be called only
/// once the statement has run and its bindings were cleared (``RawStatement/run()`` clears them).
final class TextArena {
    /// Blocks of memory; copies never move, a full block is followed by a new one.
    private var blocks: [UnsafeMutableRawBufferPointer] = []
    /// Bytes used in the last block.
    private var used = 0
    private let blockSize: Int

    init(blockSize: Int = 1 << 16) {
        self.blockSize = blockSize
    }

    deinit {
        for block in blocks { block.deallocate() }
    }

    /// A copy of the UTF-8 bytes of `text`, valid until ``reset()``.
    func copy(_ text: String) -> UnsafeRawBufferPointer {
        var text = text
        return text.withUTF8 { bytes in
            let destination = room(for: bytes.count)
            destination.copyMemory(from: UnsafeRawBufferPointer(bytes))
            return UnsafeRawBufferPointer(destination)
        }
    }

    /// A copy of `bytes`, valid until ``reset()``.
    func copy(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
        bytes.withUnsafeBytes { source in
            let destination = room(for: source.count)
            destination.copyMemory(from: source)
            return UnsafeRawBufferPointer(destination)
        }
    }

    /// Forgets every copy, keeping one block for the next ones.
    func reset() {
        if blocks.count > 1 {
            // Keep the largest block (a text larger than a block gets a block of its own size).
            let largest = blocks.indices.max { blocks[$0].count < blocks[$1].count } ?? 0
            for index in blocks.indices where index != largest { blocks[index].deallocate() }
            blocks = [blocks[largest]]
        }
        used = 0
    }

    private func room(for count: Int) -> UnsafeMutableRawBufferPointer {
        if let last = blocks.last, last.count - used >= count {
            defer { used += count }
            return UnsafeMutableRawBufferPointer(rebasing: last[used..<(used + count)])
        }
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: max(blockSize, count), alignment: 8)
        blocks.append(block)
        used = count
        return UnsafeMutableRawBufferPointer(rebasing: block[0..<count])
    }
}
