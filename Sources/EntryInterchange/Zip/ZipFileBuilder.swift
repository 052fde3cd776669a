import CZlib
import Foundation

/// Writes a zip in memory, members stored or deflated, for tests and benchmarks: Day One exports
/// like the real ones, and hostile zips that lie about their sizes, checksums or member count. (The
/// app never writes zips.)
public struct ZipFileBuilder {
    /// One file of the zip to write, and the lies its headers should tell about it.
    public struct Member {
        /// The name stored in the headers, as is (folders separated by `/`).
        public var name: String
        /// The member's bytes, uncompressed.
        public var data: Data
        /// Whether the bytes are stored deflated (method 8) rather than as they are (method 0).
        public var deflated: Bool
        /// The uncompressed size the headers claim, when it should not be the real one.
        public var claimedSize: UInt64?
        /// The CRC-32 the headers claim, when it should not be the real one.
        public var claimedCRC32: UInt32?
        /// The compressed size the central directory claims, when it should not be the real one.
        public var claimedCompressedSize: UInt64?
        /// Writes the sizes and the local header's offset in the ZIP64 extra field (as a zip of more
        /// than 4 GB must), whatever their values.
        public var zip64Fields: Bool

        /// A member named `name` holding `data`, deflated by default, its headers truthful unless a
        /// `claimed…` value is given.
        public init(
            name: String, data: Data, deflated: Bool = true, claimedSize: UInt64? = nil, claimedCRC32: UInt32? = nil,
            claimedCompressedSize: UInt64? = nil, zip64Fields: Bool = false
        ) {
            self.name = name
            self.data = data
            self.deflated = deflated
            self.claimedSize = claimedSize
            self.claimedCRC32 = claimedCRC32
            self.claimedCompressedSize = claimedCompressedSize
            self.zip64Fields = zip64Fields
        }
    }

    /// The members, in the order they are written.
    public var members: [Member]
    /// Adds the ZIP64 end of central directory record and its locator.
    public var zip64: Bool
    /// The member count the end records claim, when it should not be the real one.
    public var claimedCount: UInt64?
    /// Where the ZIP64 locator says the ZIP64 end of central directory is, when it should not be
    /// where it is.
    public var claimedZIP64RecordOffset: UInt64?

    /// A zip of `members`, its end records truthful unless a `claimed…` value is given.
    public init(
        members: [Member] = [], zip64: Bool = false, claimedCount: UInt64? = nil,
        claimedZIP64RecordOffset: UInt64? = nil
    ) {
        self.members = members
        self.zip64 = zip64
        self.claimedCount = claimedCount
        self.claimedZIP64RecordOffset = claimedZIP64RecordOffset
    }

    /// The bytes of the whole zip: each member's local header and data, then the central directory
    /// and the end records.
    public func data() -> Data {
        var file = Data()
        var directory = Data()
        for member in members {
            let name = Data(member.name.utf8)
            let stored = member.deflated ? Self.deflate(member.data) : member.data
            let crc =
                member.claimedCRC32
                ?? member.data.withUnsafeBytes {
                    UInt32(crc32(0, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count)))
                }
            let size = member.claimedSize ?? UInt64(member.data.count)
            let offset = UInt64(file.count)
            // Local header: signature, version, flags (UTF-8 names), method, time, date, CRC, sizes, name.
            file.append(le: 0x0403_4B50, 4); file.append(le: 20, 2); file.append(le: 0x800, 2)
            file.append(le: member.deflated ? 8 : 0, 2); file.append(le: 0, 4)
            file.append(le: UInt64(crc), 4); file.append(le: UInt64(stored.count), 4);
            file.append(le: min(size, 0xFFFF_FFFF), 4)
            file.append(le: UInt64(name.count), 2); file.append(le: 0, 2)
            file.append(name); file.append(stored)
            // Central directory record.
            directory.append(le: 0x0201_4B50, 4); directory.append(le: 20, 2); directory.append(le: 20, 2)
            directory.append(le: 0x800, 2); directory.append(le: member.deflated ? 8 : 0, 2); directory.append(le: 0, 4)
            // The ZIP64 extra field holds, in this order, the size, the compressed size and the offset
            // of the fields that read 0xFFFFFFFF.
            let compressedSize = member.claimedCompressedSize ?? UInt64(stored.count)
            let wide = member.zip64Fields
            var extra: [UInt64] = []
            if wide || size > 0xFFFF_FFFE { extra.append(size) }
            if wide || compressedSize > 0xFFFF_FFFE { extra.append(compressedSize) }
            if wide || offset > 0xFFFF_FFFE { extra.append(offset) }
            directory.append(le: UInt64(crc), 4)
            directory.append(le: wide || compressedSize > 0xFFFF_FFFE ? 0xFFFF_FFFF : compressedSize, 4)
            directory.append(le: wide || size > 0xFFFF_FFFE ? 0xFFFF_FFFF : size, 4)
            directory.append(le: UInt64(name.count), 2);
            directory.append(le: extra.isEmpty ? 0 : UInt64(4 + 8 * extra.count), 2)
            directory.append(le: 0, 2); directory.append(le: 0, 2); directory.append(le: 0, 2);
            directory.append(le: 0, 4)
            directory.append(le: wide || offset > 0xFFFF_FFFE ? 0xFFFF_FFFF : offset, 4); directory.append(name)
            if !extra.isEmpty {
                directory.append(le: 1, 2); directory.append(le: UInt64(8 * extra.count), 2)
                for value in extra { directory.append(le: value, 8) }
            }
        }
        let directoryOffset = UInt64(file.count)
        file.append(directory)
        let count = claimedCount ?? UInt64(members.count)
        if zip64 {
            let recordOffset = UInt64(file.count)
            file.append(le: 0x0606_4B50, 4); file.append(le: 44, 8); file.append(le: 45, 2); file.append(le: 45, 2)
            file.append(le: 0, 4); file.append(le: 0, 4); file.append(le: count, 8); file.append(le: count, 8)
            file.append(le: UInt64(directory.count), 8); file.append(le: directoryOffset, 8)
            file.append(le: 0x0706_4B50, 4); file.append(le: 0, 4);
            file.append(le: claimedZIP64RecordOffset ?? recordOffset, 8)
            file.append(le: 1, 4)
        }
        file.append(le: 0x0605_4B50, 4); file.append(le: 0, 2); file.append(le: 0, 2)
        file.append(le: zip64 ? 0xFFFF : min(count, 0xFFFF), 2); file.append(le: zip64 ? 0xFFFF : min(count, 0xFFFF), 2)
        file.append(le: zip64 ? 0xFFFF_FFFF : UInt64(directory.count), 4)
        file.append(le: zip64 ? 0xFFFF_FFFF : directoryOffset, 4); file.append(le: 0, 2)
        return file
    }

    /// Raw deflate: zlib's `compress2` output without its 2-byte header and 4-byte Adler-32 trailer.
    static func deflate(_ data: Data) -> Data {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let result = data.withUnsafeBytes { source in
            compress2(&output, &length, source.baseAddress?.assumingMemoryBound(to: Bytef.self), uLong(data.count), 9)
        }
        precondition(result == Z_OK, "zlib could not compress")
        return Data(output[2..<(Int(length) - 4)])
    }
}

extension Data {
    /// Appends the low `bytes` bytes of `value`, little-endian, as zip records are written.
    mutating func append(le value: UInt64, _ bytes: Int) {
        for index in 0..<bytes { append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}
