import CZlib
import Foundation

/// Writes a zip in memory, members stored or deflated, for tests and benchmarks: Day One exports
/// like the real ones, and hostile zips that lie about their sizes, checksums or member count. (The
/// app never writes zips.)
public struct ZipFileBuilder {
    public struct Member {
        public var name: String
        public var data: Data
        public var deflated: Bool
        /// The uncompressed size the headers claim, when it should not be the real one.
        public var claimedSize: UInt64?
        /// The CRC-32 the headers claim, when it should not be the real one.
        public var claimedCRC32: UInt32?

        public init(name: String, data: Data, deflated: Bool = true, claimedSize: UInt64? = nil, claimedCRC32: UInt32? = nil) {
            self.name = name
            self.data = data
            self.deflated = deflated
            self.claimedSize = claimedSize
            self.claimedCRC32 = claimedCRC32
        }
    }

    public var members: [Member]
    /// Adds the ZIP64 end of central directory record and its locator.
    public var zip64: Bool
    /// The member count the end records claim, when it should not be the real one.
    public var claimedCount: UInt64?

    public init(members: [Member] = [], zip64: Bool = false, claimedCount: UInt64? = nil) {
        self.members = members
        self.zip64 = zip64
        self.claimedCount = claimedCount
    }

    public func data() -> Data {
        var file = Data()
        var directory = Data()
        for member in members {
            let name = Data(member.name.utf8)
            let stored = member.deflated ? Self.deflate(member.data) : member.data
            let crc = member.claimedCRC32 ?? member.data.withUnsafeBytes {
                UInt32(crc32(0, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count)))
            }
            let size = member.claimedSize ?? UInt64(member.data.count)
            let offset = UInt64(file.count)
            // Local header: signature, version, flags (UTF-8 names), method, time, date, CRC, sizes, name.
            file.append(le: 0x0403_4B50, 4); file.append(le: 20, 2); file.append(le: 0x800, 2)
            file.append(le: member.deflated ? 8 : 0, 2); file.append(le: 0, 4)
            file.append(le: UInt64(crc), 4); file.append(le: UInt64(stored.count), 4); file.append(le: min(size, 0xFFFF_FFFF), 4)
            file.append(le: UInt64(name.count), 2); file.append(le: 0, 2)
            file.append(name); file.append(stored)
            // Central directory record.
            directory.append(le: 0x0201_4B50, 4); directory.append(le: 20, 2); directory.append(le: 20, 2)
            directory.append(le: 0x800, 2); directory.append(le: member.deflated ? 8 : 0, 2); directory.append(le: 0, 4)
            directory.append(le: UInt64(crc), 4); directory.append(le: UInt64(stored.count), 4)
            directory.append(le: size > 0xFFFF_FFFE ? 0xFFFF_FFFF : size, 4)
            directory.append(le: UInt64(name.count), 2); directory.append(le: size > 0xFFFF_FFFE ? 12 : 0, 2)
            directory.append(le: 0, 2); directory.append(le: 0, 2); directory.append(le: 0, 2); directory.append(le: 0, 4)
            directory.append(le: offset, 4); directory.append(name)
            if size > 0xFFFF_FFFE { directory.append(le: 1, 2); directory.append(le: 8, 2); directory.append(le: size, 8) }
        }
        let directoryOffset = UInt64(file.count)
        file.append(directory)
        let count = claimedCount ?? UInt64(members.count)
        if zip64 {
            let recordOffset = UInt64(file.count)
            file.append(le: 0x0606_4B50, 4); file.append(le: 44, 8); file.append(le: 45, 2); file.append(le: 45, 2)
            file.append(le: 0, 4); file.append(le: 0, 4); file.append(le: count, 8); file.append(le: count, 8)
            file.append(le: UInt64(directory.count), 8); file.append(le: directoryOffset, 8)
            file.append(le: 0x0706_4B50, 4); file.append(le: 0, 4); file.append(le: recordOffset, 8); file.append(le: 1, 4)
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
