import Foundation
import SQLiteCipher

/// A passphrase's bytes (UTF-8), kept in memory of its own that is wiped when released: it never
/// becomes a `String` that could linger, be logged or be printed.
public final class Passphrase: @unchecked Sendable {
    // @unchecked: the bytes are written once, in the initializer, and only read after.
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// The first byte of `storage` (at least one byte is allocated, even for an empty passphrase).
    private let start: UnsafeMutablePointer<UInt8>

    /// Takes a copy of `bytes` (the caller wipes its own).
    public init<Bytes: Collection>(bytes: Bytes) where Bytes.Element == UInt8 {
        start = .allocate(capacity: max(1, bytes.count))
        storage = UnsafeMutableBufferPointer(start: start, count: max(1, bytes.count))
        _ = storage.initialize(from: bytes)
        count = bytes.count
    }

    /// The passphrase's length in bytes.
    public let count: Int

    /// True when the passphrase has no bytes.
    public var isEmpty: Bool { count == 0 }

    /// Calls `body` with the bytes; they must not escape it.
    func withBytes<Result>(_ body: (UnsafePointer<UInt8>, Int) throws -> Result) rethrows -> Result {
        try body(UnsafePointer(start), count)
    }

    /// Calls `body` with the bytes as text (invalid UTF-8 repaired), for a recovery key typed at a prompt.
    public func withUTF8String<Result>(_ body: (String) throws -> Result) rethrows -> Result {
        try withBytes { bytes, count in
            try body(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        }
    }

    /// Whether two passphrases are the same bytes (asking for a new one twice).
    public func matches(_ other: Passphrase) -> Bool {
        count == other.count
            && withBytes { mine, _ in other.withBytes { theirs, _ in memcmp(mine, theirs, count) == 0 } }
    }

    /// Overwrites `bytes` with zeros (libsodium's `sodium_memzero`, which the compiler keeps): for
    /// the buffers a passphrase was read into.
    public static func wipe(_ bytes: inout [UInt8]) {
        bytes.withUnsafeMutableBytes { entries_cipher_wipe($0.baseAddress, $0.count) }
    }

    deinit {
        entries_cipher_wipe(storage.baseAddress, storage.count)
        storage.deallocate()
    }
}
