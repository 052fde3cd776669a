import CZlib
import Foundation

/// One zip member's bytes, inflated a chunk at a time as an ``ImportWindow`` asks for them: a
/// journal of any size inside a zip is read in flat memory, and nothing is written to disk.
///
/// The member's own header is not trusted: reading more than its declared size, reaching the end of
/// its compressed data before the end of the deflate stream, a deflate stream that is not one, or a
/// CRC-32 that does not match refuses it with an ``ImportError`` naming the member.
public final class ZipMemberReader: ImportByteSource {
    private let handle: FileHandle
    private let member: ZipArchive.Member
    private var stream = z_stream()
    private var streamStarted = false
    /// Compressed bytes not yet read from the file.
    private var compressedLeft: UInt64
    /// Compressed bytes read but not yet inflated.
    private var input = [UInt8]()
    private var inputOffset = 0
    private var produced: UInt64 = 0
    private var crc: UInt = 0
    private var finished = false

    /// How many compressed bytes one read of the file takes.
    private static let chunkSize = 256 << 10

    /// `handle` must be at the start of the member's data (``ZipArchive/reader(for:)`` puts it there).
    init(handle: FileHandle, member: ZipArchive.Member) throws {
        self.handle = handle
        self.member = member
        compressedLeft = member.compressedSize
        if member.method == 8 {
            guard entries_inflate_init_raw(&stream) == Z_OK else { throw problem("zlib could not start inflating it") }
            streamStarted = true
        }
    }

    deinit { if streamStarted { inflateEnd(&stream) } }

    /// Inflates (or copies, for a stored member) up to `count` more bytes, nil at the end; checks the
    /// declared size as it goes and the CRC-32 at the end.
    public func read(upToCount count: Int) throws -> Data? {
        guard !finished, count > 0 else { return nil }
        let output = member.method == 8 ? try inflate(upTo: count) : try copy(upTo: count)
        produced += UInt64(output.count)
        guard produced <= member.size else {
            throw problem(
                "it inflates to more than the \(member.size) bytes its header declares; the zip is corrupt (or a zip bomb)"
            )
        }
        crc = output.withUnsafeBytes { crc32(crc, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count)) }
        if finished {
            guard produced == member.size else {
                throw problem(
                    "it holds \(produced) bytes, not the \(member.size) its header declares; the zip is corrupt")
            }
            guard UInt32(truncatingIfNeeded: crc) == member.crc32 else {
                throw problem("its CRC-32 does not match; the zip is corrupt")
            }
        }
        return output
    }

    /// A stored member: its bytes as they are.
    private func copy(upTo count: Int) throws -> Data {
        // One byte more than the header declares is asked for, to see a member longer than it says;
        // a declared size of 2^64 − 1 (refused earlier by the archive's limit) must not overflow here.
        let declaredLeft = member.size - min(produced, member.size)
        let wanted = Int(min(UInt64(count), compressedLeft, declaredLeft == .max ? .max : declaredLeft + 1))
        let data = try handle.read(upToCount: wanted) ?? Data()
        guard data.count == wanted else { throw problem("its data is cut short; the zip is corrupt") }
        compressedLeft -= UInt64(data.count)
        if compressedLeft == 0 { finished = true }
        return data
    }

    /// A deflated member: inflates until `count` bytes come out or the stream ends.
    private func inflate(upTo count: Int) throws -> Data {
        var output = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count && !finished {
            if inputOffset == input.count {
                guard compressedLeft > 0 else {
                    throw problem("its deflated data ends before the stream does; the zip is corrupt or cut short")
                }
                let wanted = Int(min(UInt64(Self.chunkSize), compressedLeft))
                guard let data = try handle.read(upToCount: wanted), data.count == wanted else {
                    throw problem("its data is cut short; the zip is corrupt")
                }
                input = [UInt8](data)
                inputOffset = 0
                compressedLeft -= UInt64(wanted)
            }
            let result: Int32 = input.withUnsafeMutableBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    // Neither is empty here; an array without storage reads as a broken stream, not a crash.
                    guard let sourceStart = source.baseAddress, let targetStart = target.baseAddress else {
                        return Z_BUF_ERROR
                    }
                    stream.next_in = sourceStart + inputOffset
                    stream.avail_in = uInt(source.count - inputOffset)
                    stream.next_out = targetStart + filled
                    stream.avail_out = uInt(count - filled)
                    let result = CZlib.inflate(&stream, Z_NO_FLUSH)
                    inputOffset = source.count - Int(stream.avail_in)
                    filled = count - Int(stream.avail_out)
                    return result
                }
            }
            switch result {
            case Z_STREAM_END: finished = true
            case Z_OK, Z_BUF_ERROR: continue
            default: throw problem("its deflated data is damaged (zlib error \(result)); the zip is corrupt")
            }
        }
        return Data(output[..<filled])
    }

    private func problem(_ reason: String) -> ImportError {
        ImportError(reason: reason)
    }
}
