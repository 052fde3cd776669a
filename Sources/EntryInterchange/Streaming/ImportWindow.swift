import EntryModel
import Foundation

/// The part of an import file held in memory: a few megabytes from where reading has come to, so
/// that a file of any size is read in flat memory.
///
/// Readers take the file a step at a time (a record, a separator) with ``step(_:)``: a step sees the
/// bytes from the end of the previous one, and when it ran into the end of the window before the end
/// of the file, the window reads more and the step runs again from its start. A step therefore only
/// parses; what it returns is acted on once it succeeded. Bytes before the last step's end are
/// dropped at the next read.
///
/// Every byte is checked to be UTF-8 as it is read, before any step sees it (a sequence cut by the
/// end of a read waits for the next one); a step that needs the bytes from a malformed one on throws
/// the error naming its place. Places are named in the whole file: ``position(of:)``
/// counts from the window's ``origin``, the file's line and column of its first byte.
public final class ImportWindow {
    /// How many bytes a read adds (more when one step needs more).
    public static let readSize = 4 << 20
    /// A step that ended this close to the window's end may have needed what follows (a number, a
    /// literal such as `true` cut in two): it runs again with more.
    private static let slack = 16

    private var storage: [UInt8]
    /// The bytes steps may see: those checked as UTF-8.
    private var checkedCount = 0
    /// Where the next step starts.
    private(set) var offset = 0
    /// The file's line and column at `storage[0]`.
    private(set) var origin = TextPosition(line: 1, column: 1)
    private var reachedEnd: Bool
    /// Malformed UTF-8 found at ``checkedCount``: thrown when a step needs the bytes from there.
    private var malformed: ImportError?
    private let source: (any ImportByteSource)?
    /// How many bytes a read adds at least.
    private let readSize: Int
    /// Bytes dropped so far: how far into the file reading has come is this plus ``offset``.
    private(set) var droppedCount = 0

    /// A window over `data`, held whole (small inputs, tests, one file of a folder).
    public init(data: Data) {
        storage = [UInt8](data)
        source = nil
        readSize = Self.readSize
        reachedEnd = true
        checkNewBytes()
        skipByteOrderMark()
    }

    /// A window over what `handle` reads (a file or a pipe), from its current place; the first read
    /// happens here, so that ``prefix`` can tell the format. `readSize` is for tests (a window of a
    /// few bytes).
    public convenience init(reading handle: FileHandle, readSize: Int = ImportWindow.readSize) throws(ImportError) {
        try self.init(readingFrom: handle, readSize: readSize)
    }

    /// A window over what `source` hands out (a file, or a zip member as it is inflated).
    public init(readingFrom source: any ImportByteSource, readSize: Int = ImportWindow.readSize) throws(ImportError) {
        storage = []
        self.source = source
        self.readSize = max(1, readSize)
        reachedEnd = false
        try readMore(atLeast: self.readSize)
        // Enough to see a byte order mark, however small the reads.
        while checkedCount < 3 && !reachedEnd && malformed == nil { try readMore(atLeast: self.readSize) }
        skipByteOrderMark()
    }

    /// The first bytes read (up to a read's worth, checked or not), for telling the format by content.
    public var prefix: Data { Data(storage) }

    /// How many bytes of the file the steps have passed.
    public var bytesConsumed: Int { droppedCount + offset }

    /// True when every byte of the file has been taken by a step.
    public var isAtEnd: Bool { reachedEnd && malformed == nil && offset >= checkedCount }

    /// Runs `body` over the unread bytes (`start` is where it begins); when it got to within a few
    /// bytes of the window's end (`reach`: where it stopped, even when it threw) before the end of the
    /// file, reads more and runs it again. On success the window moves to the `end` it returned.
    func step<T>(
        _ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ reach: inout Int) throws -> (value: T, end: Int)
    ) throws -> T {
        while true {
            var reach = offset
            let outcome: Result<(value: T, end: Int), any Error> = storage.withUnsafeBufferPointer { all in
                let bytes = UnsafeBufferPointer(rebasing: all[..<checkedCount])
                return Result { try body(bytes, offset, &reach) }
            }
            switch outcome {
            case .success(let done):
                if !isComplete && max(reach, done.end) + Self.slack >= checkedCount {
                    try readMore(atLeast: checkedCount - offset)
                    continue
                }
                offset = done.end
                return done.value
            case .failure(let error):
                if !isComplete && reach + Self.slack >= checkedCount {
                    try readMore(atLeast: checkedCount - offset)
                    continue
                }
                throw error
            }
        }
    }

    /// A step of JSON: `body` drives a parser from the step's start; a syntax error comes out as an
    /// ``ImportError`` naming the file's line and column, and `record` when given.
    func parseJSON<T>(record: Int? = nil, _ body: (inout JSONParser) throws -> T) throws -> T {
        do {
            return try step { bytes, start, reach in
                var parser = JSONParser(bytes: bytes, index: start)
                defer { reach = parser.index }
                let value = try body(&parser)
                return (value, parser.index)
            }
        } catch let error as JSONSyntaxError {
            let place = position(of: error.offset)
            throw ImportError(record: record, line: place.line, column: place.column, reason: error.reason)
        }
    }

    /// The file's line and column of byte `offset` of the window (as steps see it).
    func position(of offset: Int) -> TextPosition {
        storage.withUnsafeBufferPointer { TextPosition.of(offset: offset, in: $0, from: origin) }
    }

    /// Whether the steps see every byte there is: the file is read to its end, all of it UTF-8.
    private var isComplete: Bool { reachedEnd && malformed == nil }

    private func skipByteOrderMark() {
        if checkedCount >= 3 && storage[0] == 0xEF && storage[1] == 0xBB && storage[2] == 0xBF { offset = 3 }
    }

    /// Drops the bytes before ``offset`` and reads at least `count` more (fewer at the end of the
    /// file), checking them.
    private func readMore(atLeast count: Int) throws(ImportError) {
        if let malformed { throw malformed }
        guard let source else { return }
        if offset > 0 {
            origin = position(of: offset)
            droppedCount += offset
            storage.removeSubrange(..<offset)
            checkedCount -= offset
            offset = 0
        }
        let wanted = max(count, readSize)
        let target = storage.count + wanted
        storage.reserveCapacity(target)
        while storage.count < target {
            let chunk: Data?
            do {
                chunk = try source.read(upToCount: target - storage.count)
            } catch let error as ImportError {
                throw error
            } catch {
                throw ImportError(reason: "the file could not be read: \(FileReadFailure.describe(error))")
            }
            guard let chunk, !chunk.isEmpty else {
                reachedEnd = true
                break
            }
            storage.append(contentsOf: chunk)
        }
        checkNewBytes()
    }

    /// Checks the bytes read since the last check as UTF-8, all but a sequence cut by the end of the
    /// read (unless the file ended); steps see the bytes up to the first malformed one.
    private func checkNewBytes() {
        var end = storage.count
        if !reachedEnd {
            // Hold back a lead byte whose sequence is not complete yet.
            var index = end - 1
            while index >= max(checkedCount, end - 3) {
                let byte = storage[index]
                if byte >= 0xC0 {
                    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                    if index + length > end { end = index }
                    break
                }
                if byte < 0x80 { break }
                index -= 1
            }
        }
        let invalid: Int? = storage.withUnsafeBufferPointer { all in
            UTF8Validation.firstInvalidOffset(in: UnsafeBufferPointer(rebasing: all[checkedCount..<end])).map {
                $0 + checkedCount
            }
        }
        if let invalid {
            let place = position(of: invalid)
            let byte = String(storage[invalid], radix: 16, uppercase: true)
            malformed = ImportError(
                line: place.line, column: place.column,
                reason: "invalid UTF-8 (byte 0x\(byte)); the file must be UTF-8 text")
            checkedCount = invalid
            return
        }
        checkedCount = end
    }
}

/// Where an ``ImportWindow`` reads its bytes from: a file, or a zip member as it is inflated. A
/// problem of the source is thrown as an ``ImportError`` (kept as it is) or any error (described as a
/// failed read).
public protocol ImportByteSource: AnyObject {
    /// Up to `count` more bytes; nil or empty at the end.
    func read(upToCount count: Int) throws -> Data?
}

extension FileHandle: ImportByteSource {}

/// Words for a failed read.
enum FileReadFailure {
    static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
