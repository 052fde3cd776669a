// The encrypted journal's header reader (SQLiteStore `JournalKey`, over the cipher's C code in
// SQLiteCipher/CipherHeader.c), as `entries` reads the first bytes of a journal file it is given: the
// probe (`isEncrypted`), then the unlock with the recovery key and with a passphrase.
//
// The input is the file: written as it is when shorter than the header's used part (224 bytes), else
// padded with zeros to the header's 4,096 bytes. The seed corpus holds a real header (made by
// `entries init --encrypted` with the passphrase and recovery key below), whose fields the fuzzer
// changes one by one.
//
// What must hold, against a reading of the header written here from its format (CipherHeader.c):
// - the probe says encrypted exactly when the file starts with the magic;
// - a file without the magic is refused as not encrypted; one cut short, of an unknown version, page
//   size, reserved size or key derivation, or asking for costs out of bounds, as a damaged header;
// - the recovery key opens the header exactly when the fields it authenticates (bytes 0 to 43, and
//   the recovery slot, bytes 152 to 223) are the seed's: a changed id, size or slot is refused as the
//   wrong key, never believed;
// - the passphrase (tried only when the header asks for the cheapest key derivation, which the seed
//   does not: a costly one is bounded by design, and would make each execution take a second) never
//   opens a header whose costs are not the ones it was sealed with;
// - the file is byte for byte as it was, whatever was refused.
import Foundation
import FuzzSupport
import SQLiteStore

let headerSize = 4_096  // ENTRIES_CIPHER_HEADER_SIZE
let headerUsed = 224
let magic = Array("EntriesEncrypted".utf8)
/// The first 224 bytes of the seed's header (Fuzz/Corpus/JournalHeader/seed-header).
let seedHeader: [UInt8] = hexBytes(
    "456e7472696573456e637279707465640000000100001000000000282208b0437468af85bae2a4e4f09942e8000000020000"
        + "00000000000200000000040000007ad9db817b63bfa2c547e49c748bed353636622bbc87b89e9f640d233fc7c31ece4a22"
        + "97ab6b1760fb2322e1aad720628a66e86f005058ede71d1d53b547cec409fb2d38c5a626d4345f8b0a49a5db04dc2cad9f"
        + "9a208ae43d4f3eebe1f71f9f34c48abcef9347a6fc67d817df85b64ca197f1e914a9a7f2b3d53cdf8affb2f233d6f26cd3"
        + "f2ee61246cdf1b9d87fd03b9cbe01e391be794bbf743d2e102aa28")
let recoveryKey = RecoveryKey(parsing: "df0e0200-e52344d3-f4f00a8b-ef404ef6-5dd11652-0d4f4675-7474ed3c-6265c4f8")
let passphrase = Passphrase(bytes: Array("fuzz-passphrase".utf8))
/// A file of this process's own, in memory where the system has a folder for it.
let path: String = {
    let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    return folder + "/entries-fuzz-header-\(ProcessInfo.processInfo.processIdentifier).sqlite"
}()

/// What reading the header must give.
enum Expected: Equatable {
    case notEncrypted, damaged, readable
}

/// libFuzzer's entry point: writes the input as a journal file and checks the probe and both unlocks against the
/// header's format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    var file = Array(UnsafeRawBufferPointer(start: start, count: count))
    if file.count >= headerUsed && file.count < headerSize {
        file += [UInt8](repeating: 0, count: headerSize - file.count)
    }
    let data = Data(file)
    guard FileManager.default.createFile(atPath: path, contents: data) else { fuzzFailure("cannot write \(path)") }
    defer { try? FileManager.default.removeItem(atPath: path) }

    let startsWithMagic = file.count >= magic.count && Array(file.prefix(magic.count)) == magic
    fuzzCheck(
        JournalKey.isEncrypted(path: path) == startsWithMagic,
        "the probe says \(!startsWithMagic) of a file \(startsWithMagic ? "with" : "without") the magic")
    let expected = expectedReading(file)

    guard let recoveryKey else { fuzzFailure("the recovery key does not parse") }
    let opensWithRecoveryKey =
        expected == .readable && file[0..<44] == seedHeader[0..<44] && file[152..<224] == seedHeader[152..<224]
    check(
        Result { try JournalKey.unlock(path: path, recoveryKey: recoveryKey) }, expected, opens: opensWithRecoveryKey,
        "the recovery key")

    if expected != .readable || (number(file, 48, 8) == 1 && number(file, 56, 8) <= 65_536) {
        // The seed's costs are 2 and 64 MiB: a header asking for others must not open.
        check(
            Result { try JournalKey.unlock(path: path, passphrase: passphrase) }, expected, opens: false,
            "the passphrase")
    }
    fuzzCheck((try? Data(contentsOf: URL(fileURLWithPath: path))) == data, "the file changed")
    return 0
}

func check(_ result: Result<JournalKey, any Error>, _ expected: Expected, opens: Bool, _ what: String) {
    switch (result, expected) {
    case (.success, _):
        fuzzCheck(opens, "\(what) opened a header it must not (expected \(expected))")
    case (.failure(JournalEncryptionError.notEncrypted), .notEncrypted),
        (.failure(JournalEncryptionError.damagedHeader), .damaged):
        break
    case (.failure(JournalEncryptionError.wrongRecoveryKey), .readable),
        (.failure(JournalEncryptionError.wrongPassphrase), .readable):
        fuzzCheck(!opens, "\(what) did not open the seed's header")
    case (.failure(let error), _):
        fuzzFailure("\(what): \(error) (\(error.localizedDescription)) where the header reads as \(expected)")
    }
}

/// The header as its format says it must be read (CipherHeader.c, `read_header`).
func expectedReading(_ file: [UInt8]) -> Expected {
    guard file.count >= magic.count, Array(file.prefix(magic.count)) == magic else { return .notEncrypted }
    guard file.count >= headerSize else { return .damaged }
    // Versions 1 (pages sealed with XChaCha20-Poly1305, as the seed's) and 2 (AES-256-GCM) are read.
    guard (1...2).contains(number(file, 16, 4)), number(file, 20, 4) == 4_096, number(file, 24, 4) == 40,
        number(file, 44, 4) == 2
    else { return .damaged }
    let operations = number(file, 48, 8), memory = number(file, 56, 8)
    // libsodium's Argon2id bounds below, the cipher's above (32 passes, 4 GiB).
    guard (1...32).contains(operations), (8_192...(4 << 30)).contains(memory) else { return .damaged }
    return .readable
}

/// The big-endian number of `size` bytes at `offset`.
func number(_ bytes: [UInt8], _ offset: Int, _ size: Int) -> UInt64 {
    bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
}

func hexBytes(_ text: String) -> [UInt8] {
    let digits = Array(text.utf8).map { $0 <= 0x39 ? $0 - 0x30 : $0 - 0x61 + 10 }
    return stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
}
