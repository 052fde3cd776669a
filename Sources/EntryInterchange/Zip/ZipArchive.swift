import Foundation

/// A zip file opened for reading its members one at a time, inflated as they are read and never
/// written anywhere: how a Day One export's zip is imported without unzipping it.
///
/// Zips come from strangers, so everything the file claims is checked before it is believed: the end
/// of central directory record (and the ZIP64 one) must be where it says, the central directory inside
/// the file and no larger than ``Limits/centralDirectoryBytes``, the member count no more than
/// ``Limits/members``, every member's data inside the file before the central directory, and a member
/// read no larger than ``Limits/memberBytes`` once inflated (a zip bomb) nor larger than its header
/// declares. The file is opened read-only.
///
/// Every offset and size is a number read from the file, so no arithmetic on one can trap: sums go
/// through ``sum(_:_:of:)``, which refuses a zip whose numbers overflow (a size of 2^64 − 1 in a ZIP64
/// field), subtractions are made only after the comparison that keeps them from going below zero,
/// and no offset reaches a seek before it is known to lie inside the file.
///
/// Why our own reader and not ZIPFoundation (0.9.20, which builds here on the system zlib): its
/// members are read by pushing chunks into a closure, while an import pulls them a window at a time
/// (``ImportWindow``), which would need a thread between the two; and its iterator stops quietly at
/// the first central directory record it cannot parse, where an import must refuse the zip. The
/// format is small (PKWARE APPNOTE 4.3–4.5: the records below), and inflating is the system zlib's.
public final class ZipArchive {
    /// What a zip may claim before it is refused.
    public struct Limits: Sendable {
        /// Members in the central directory (a Day One export holds one file per photo or video).
        public var members = 1_000_000
        /// The central directory, read whole into memory.
        public var centralDirectoryBytes = 64 << 20
        /// One member, inflated: more is refused as a zip bomb before a byte is inflated.
        public var memberBytes: UInt64 = 1 << 30
        /// The journals of one zip together, inflated (members may share their compressed data, so
        /// a small zip can list many large ones).
        public var journalBytes: UInt64 = 2 << 30
        /// The JSON files looked at as journals (Day One makes one per journal).
        public var journals = 1_000

        /// The limits above, generous for any real Day One export.
        public init() {}
    }

    /// One file in the zip, as its central directory describes it.
    public struct Member: Sendable {
        /// The name as stored (UTF-8, or CP437 decoded loosely): it may hold anything, so messages
        /// show it through the terminal sanitizer.
        public var name: String
        /// How the data is compressed: 0 stored as is, 8 deflated (others are refused when read).
        public var method: UInt16
        /// The general purpose bit flags (bit 0 marks an encrypted member).
        public var flags: UInt16
        /// The CRC-32 of the inflated bytes, as claimed; checked when the member is read to the end.
        public var crc32: UInt32
        /// The size of the data in the file, as claimed; checked to lie before the central directory.
        public var compressedSize: UInt64
        /// The size once inflated, as claimed; reading more, or less, refuses the member.
        public var size: UInt64
        var localHeaderOffset: UInt64

        /// Whether the name ends in `.json`.
        public var isJSON: Bool { name.lowercased().hasSuffix(".json") }
        /// How many folders deep the member is (`Journal.json` 0, `Export/Journal.json` 1).
        public var depth: Int { name.split(separator: "/", omittingEmptySubsequences: true).count - 1 }
        /// A folder, stored as a name ending in `/`.
        public var isFolder: Bool { name.hasSuffix("/") }
    }

    /// Why a zip was refused, in words for the person importing it.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What is wrong with the zip, for the person importing it.
        public var description: String
        init(_ description: String) { self.description = description }
    }

    /// Every member the central directory lists, in its order.
    public let members: [Member]
    /// The limits the zip was checked against, and its members are read within.
    public let limits: Limits
    private let handle: FileHandle
    /// Where the central directory starts: members' data lies before it.
    private let centralDirectoryOffset: UInt64

    /// Opens `path` and reads its central directory; a file that is not a zip, is cut short or claims
    /// too much is refused with a ``Problem``.
    public init(path: String, limits: Limits = Limits()) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw Problem("it cannot be opened") }
        self.handle = handle
        self.limits = limits
        do {
            let size = try handle.seekToEnd()
            let end = try Self.endOfCentralDirectory(handle, fileSize: size, limits: limits)
            centralDirectoryOffset = end.offset
            members = try Self.members(handle, end: end, limits: limits)
        } catch {
            try? handle.close()
            throw error
        }
    }

    deinit { try? handle.close() }

    /// A reader of `member`'s bytes, inflated as they are asked for.
    public func reader(for member: Member) throws -> ZipMemberReader {
        guard member.flags & 1 == 0 else { throw Problem("\(member.name) is encrypted, which this does not read") }
        guard member.method == 0 || member.method == 8 else {
            throw Problem(
                "\(member.name) is compressed with method \(member.method), which this does not read (only stored and deflated)"
            )
        }
        guard member.size <= limits.memberBytes else {
            throw Problem(
                "\(member.name) would inflate to \(member.size) bytes, more than the \(limits.memberBytes) this reads (a zip bomb?)"
            )
        }
        // The local header repeats the name and may carry a different extra field: its lengths say
        // where the data starts.
        let local = try Self.read(
            handle, at: member.localHeaderOffset, count: 30, what: "the local header of \(member.name)")
        guard local.uint32(0) == 0x0403_4B50 else {
            throw Problem("the local header of \(member.name) is missing; the zip is corrupt")
        }
        let dataOffset = try Self.sum(
            member.localHeaderOffset, 30 + UInt64(local.uint16(26)) + UInt64(local.uint16(28)),
            of: "the local header of \(member.name)")
        guard
            try Self.sum(dataOffset, member.compressedSize, of: "the data of \(member.name)") <= centralDirectoryOffset
        else {
            throw Problem(
                "the data of \(member.name) runs past the end of the members; the zip is corrupt or cut short")
        }
        try handle.seek(toOffset: dataOffset)
        return try ZipMemberReader(handle: handle, member: member)
    }

    /// Where the central directory is and how many members it lists.
    struct CentralDirectory {
        var offset: UInt64
        var size: UInt64
        var count: UInt64
    }

    /// Finds the end of central directory record: within the last 64 kB (its comment's length at most),
    /// and the ZIP64 record it points to when the plain one's fields are full.
    static func endOfCentralDirectory(_ handle: FileHandle, fileSize: UInt64, limits: Limits) throws -> CentralDirectory
    {
        guard fileSize >= 22 else { throw Problem("it is not a zip file (too short)") }
        let tailLength = min(fileSize, 22 + 0xFFFF)
        let tail = try read(handle, at: fileSize - tailLength, count: Int(tailLength), what: "the end of the file")
        var found: Int?
        var index = tail.count - 22
        while index >= 0 {
            if tail.uint32(index) == 0x0605_4B50, index + 22 + Int(tail.uint16(index + 20)) == tail.count {
                found = index
                break
            }
            index -= 1
        }
        guard let record = found else {
            throw Problem("it is not a zip file, or it is cut short (no end of central directory record)")
        }
        let recordOffset = fileSize - tailLength + UInt64(record)
        var directory = CentralDirectory(
            offset: UInt64(tail.uint32(record + 16)), size: UInt64(tail.uint32(record + 12)),
            count: UInt64(tail.uint16(record + 10)))
        var directoryEnd = recordOffset
        if record >= 20, tail.uint32(record - 20) == 0x0706_4B50 {
            // ZIP64: the locator just before the record points to the ZIP64 end of central directory.
            let zip64Offset = tail.uint64(record - 12)
            // The locator is 20 bytes and the record is past it (record >= 20), so this cannot go below zero.
            guard try sum(zip64Offset, 56, of: "its ZIP64 end of central directory") <= recordOffset - 20 else {
                throw Problem("its ZIP64 end of central directory is out of place; the zip is corrupt")
            }
            let zip64 = try read(handle, at: zip64Offset, count: 56, what: "the ZIP64 end of central directory")
            guard zip64.uint32(0) == 0x0606_4B50 else {
                throw Problem("its ZIP64 end of central directory is missing; the zip is corrupt")
            }
            directory = CentralDirectory(offset: zip64.uint64(48), size: zip64.uint64(40), count: zip64.uint64(32))
            directoryEnd = zip64Offset
        }
        guard directory.count <= UInt64(limits.members) else {
            throw Problem("it claims \(directory.count) members, more than the \(limits.members) this reads")
        }
        guard directory.size <= UInt64(limits.centralDirectoryBytes) else {
            throw Problem(
                "its central directory claims \(directory.size) bytes, more than the \(limits.centralDirectoryBytes) this reads"
            )
        }
        guard directory.offset <= directoryEnd, directory.size <= directoryEnd - directory.offset else {
            throw Problem("its central directory lies outside the file; the zip is corrupt or cut short")
        }
        return directory
    }

    /// The members the central directory lists, each checked to lie inside the file.
    static func members(_ handle: FileHandle, end: CentralDirectory, limits: Limits) throws -> [Member] {
        let bytes = try read(handle, at: end.offset, count: Int(end.size), what: "the central directory")
        var members: [Member] = []
        members.reserveCapacity(Int(min(end.count, 100_000)))
        var index = 0
        while members.count < end.count {
            guard index + 46 <= bytes.count, bytes.uint32(index) == 0x0201_4B50 else {
                throw Problem(
                    "its central directory ends after \(members.count) of the \(end.count) members it claims; the zip is corrupt"
                )
            }
            let nameLength = Int(bytes.uint16(index + 28)), extraLength = Int(bytes.uint16(index + 30))
            let commentLength = Int(bytes.uint16(index + 32))
            let next = index + 46 + nameLength + extraLength + commentLength
            guard next <= bytes.count else {
                throw Problem("its central directory ends inside member \(members.count + 1); the zip is corrupt")
            }
            let flags = bytes.uint16(index + 8)
            let nameBytes = bytes[(bytes.startIndex + index + 46)..<(bytes.startIndex + index + 46 + nameLength)]
            var member = Member(
                name: name(nameBytes), method: bytes.uint16(index + 10), flags: flags,
                crc32: bytes.uint32(index + 16), compressedSize: UInt64(bytes.uint32(index + 20)),
                size: UInt64(bytes.uint32(index + 24)), localHeaderOffset: UInt64(bytes.uint32(index + 42)))
            try readZIP64Extra(bytes, from: index + 46 + nameLength, count: extraLength, into: &member)
            guard member.localHeaderOffset < end.offset else {
                throw Problem("member \(members.count + 1) starts after the central directory; the zip is corrupt")
            }
            members.append(member)
            index = next
        }
        return members
    }

    /// The ZIP64 extended information (header 0x0001) holds the 64-bit values of the fields that read
    /// 0xFFFFFFFF, in this order: size, compressed size, local header offset.
    private static func readZIP64Extra(_ bytes: Data, from start: Int, count: Int, into member: inout Member) throws {
        var index = start
        while index + 4 <= start + count {
            let id = bytes.uint16(index), length = Int(bytes.uint16(index + 2))
            guard index + 4 + length <= start + count else { break }
            if id == 0x0001 {
                var field = index + 4
                func next() throws -> UInt64 {
                    guard field + 8 <= index + 4 + length else {
                        throw Problem("the ZIP64 sizes of \(member.name) are cut short; the zip is corrupt")
                    }
                    defer { field += 8 }
                    return bytes.uint64(field)
                }
                if member.size == 0xFFFF_FFFF { member.size = try next() }
                if member.compressedSize == 0xFFFF_FFFF { member.compressedSize = try next() }
                if member.localHeaderOffset == 0xFFFF_FFFF { member.localHeaderOffset = try next() }
            }
            index += 4 + length
        }
    }

    /// A member's name: UTF-8 when it reads as UTF-8 (flagged or not), else byte for byte as Latin-1
    /// (close enough to CP437 for a message; names are only shown and compared).
    private static func name(_ bytes: Data) -> String {
        if let text = String(bytes: bytes, encoding: .utf8) { return text }
        return String(bytes.map { Character(Unicode.Scalar($0)) })
    }

    /// `offset + length`, two numbers read from the zip (or one and a record's size), or a ``Problem``
    /// when they add up past what a file can hold: a crafted zip is refused, never a trap.
    static func sum(_ offset: UInt64, _ length: UInt64, of what: @autoclosure () -> String) throws -> UInt64 {
        let (sum, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, sum <= UInt64(Int64.max) else {
            throw Problem(
                "\(what()) claims an offset or size past the end of any file (\(offset) + \(length)); the zip is corrupt"
            )
        }
        return sum
    }

    static func read(_ handle: FileHandle, at offset: UInt64, count: Int, what: String) throws -> Data {
        // A seek takes a signed offset: one past Int64.max would trap in the conversion.
        guard offset <= UInt64(Int64.max) else {
            throw Problem("\(what) lies past the end of any file; the zip is corrupt")
        }
        try handle.seek(toOffset: offset)
        let data = try handle.read(upToCount: count) ?? Data()
        guard data.count == count else { throw Problem("\(what) is cut short; the zip is corrupt") }
        return data
    }
}

extension Data {
    /// The little-endian integers of zip records, at `offset` from the data's start.
    func uint16(_ offset: Int) -> UInt16 {
        let at = startIndex + offset
        return UInt16(self[at]) | UInt16(self[at + 1]) << 8
    }

    func uint32(_ offset: Int) -> UInt32 {
        UInt32(uint16(offset)) | UInt32(uint16(offset + 2)) << 16
    }

    func uint64(_ offset: Int) -> UInt64 {
        UInt64(uint32(offset)) | UInt64(uint32(offset + 4)) << 32
    }
}
