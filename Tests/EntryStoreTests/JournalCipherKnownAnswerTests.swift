import SQLiteCipher
import XCTest

/// The primitives of encrypted journals, through the cipher's own wrappers, against published test
/// vectors (libsodium's test/default/aead_xchacha20poly1305 and pwhash_argon2id; for AES-256-GCM, the
/// GCM specification's test cases (McGrew and Viega, "The Galois/Counter Mode of Operation", test
/// cases 13, 14 and 16) and NIST CAVP's gcmEncryptExtIV256.rsp), and both page layouts against the
/// primitive each is built on.
final class JournalCipherKnownAnswerTests: XCTestCase {
    func testXChaCha20Poly1305SealsLibsodiumsTestVector() {
        let key = [UInt8](0x80...0x9f)
        let nonce: [UInt8] = [0x07, 0x00, 0x00, 0x00] + [UInt8](0x40...0x53)
        let ad: [UInt8] = [0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7]
        var text = Array(
            "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it."
                .utf8)
        var tag = [UInt8](repeating: 0, count: 16)
        entries_cipher_seal(&text, text.count, &tag, ad, ad.count, nonce, key)
        XCTAssertEqual(
            hex(text + tag),
            """
            f8ebea4875044066fc162a0604e171feecfb3d20425248563bcfd5a155dcc47bbda70b86e5ab9b55002bd1274c02db35321acd7af8b2\
            e2d25015e136b7679458e9f43243bf719d639badb5feac03f80a19a96ef10cb1d15333a837b90946ba3854ee74da3f2585efc7e1e170e1\
            7e15e563e77601f4f85cafa8e5877614e143e68420
            """)
        XCTAssertEqual(entries_cipher_open(&text, text.count, tag, ad, ad.count, nonce, key), 0)
        XCTAssertEqual(String(decoding: text, as: UTF8.self).prefix(8), "Ladies a")
    }

    func testOpenRefusesAChangedTextTagOrAssociatedData() {
        let key = [UInt8](repeating: 7, count: 32), nonce = [UInt8](repeating: 9, count: 24), ad: [UInt8] = [1, 2, 3]
        var sealed = [UInt8](repeating: 0x41, count: 100)
        var tag = [UInt8](repeating: 0, count: 16)
        entries_cipher_seal(&sealed, sealed.count, &tag, ad, ad.count, nonce, key)
        var flipped = sealed
        flipped[50] ^= 1
        XCTAssertEqual(entries_cipher_open(&flipped, flipped.count, tag, ad, ad.count, nonce, key), -1)
        var copy = sealed
        var badTag = tag
        badTag[0] ^= 0x80
        XCTAssertEqual(entries_cipher_open(&copy, copy.count, badTag, ad, ad.count, nonce, key), -1)
        copy = sealed
        XCTAssertEqual(entries_cipher_open(&copy, copy.count, tag, [1, 2, 4], 3, nonce, key), -1)
        copy = sealed
        XCTAssertEqual(entries_cipher_open(&copy, copy.count, tag, ad, ad.count, nonce, key), 0)
        XCTAssertEqual(copy, [UInt8](repeating: 0x41, count: 100))
    }

    func testArgon2idDerivesLibsodiumsTestVector() {
        let passphrase = bytes(
            hex: """
                a347ae92bce9f80f6f595a4480fc9c2fe7e7d7148d371e9487d75f5c23008ffae065577a928febd9b1973a5a95073acdbeb6a030cfc0d7\
                9caa2dc5cd011cef02c08da232d76d52dfbca38ca8dcbd665b17d1665f7cf5fe59772ec909733b24de97d6f58d220b20c60d7c07ec1fd9\
                3c52c31020300c6c1facd77937a597c7a6
                """)
        XCTAssertEqual(passphrase.count, 127)
        let salt = Array(bytes(hex: "5541fbc995d5c197ba290346d2c559dedf405cf97e5f95482143202f9e74f5c2").prefix(16))
        var out = [UInt8](repeating: 0, count: 155)
        let result = entries_cipher_derive(
            &out, out.count, passphrase, passphrase.count, salt,
            entries_cipher_kdf_cost(opslimit: 5, memlimit: 7_256_678))
        XCTAssertEqual(result, 0)
        XCTAssertEqual(
            hex(out),
            """
            18acec5d6507739f203d1f5d9f1d862f7c2cdac4f19d2bdff64487e60d969e3ced615337b9eec6ac4461c6ca07f0939741e57c24d0005c\
            7ea171a0ee1e7348249d135b38f222e4dad7b9a033ed83f5ca27277393e316582033c74affe2566a2bea47f91f0fd9fe49ece7e1f79f3ad\
            6e9b23e0277c8ecc4b313225748dd2a80f5679534a0700e246a79a49b3f74eb89ec6205fe1eeb941c73b1fcf1
            """)
    }

    /// A sealed page is the primitive's ciphertext of its first 4056 bytes under the associated data
    /// id ‖ kind ‖ page number (big-endian), then the nonce, then the tag: built here by hand.
    func testASealedPageIsTheCipherTextOfItsDataThenNonceThenTag() {
        let key = [UInt8](repeating: 0x11, count: 32), id = [UInt8](0..<16), nonce = [UInt8](100..<124)
        let plain = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var page = plain
        entries_cipher_seal_page(&page, 4096, key, id, CChar(UInt8(ascii: "D")), 0x0102_0304, nonce)
        XCTAssertEqual(Array(page[4056..<4080]), nonce)
        var expected = Array(plain[0..<4056])
        var tag = [UInt8](repeating: 0, count: 16)
        let ad = id + [UInt8(ascii: "D"), 1, 2, 3, 4]
        entries_cipher_seal(&expected, expected.count, &tag, ad, ad.count, nonce, key)
        XCTAssertEqual(Array(page[0..<4056]), expected)
        XCTAssertEqual(Array(page[4080..<4096]), tag)
        XCTAssertNotEqual(Array(page[0..<64]), Array(plain[0..<64]))
    }

    /// The same page sealed for another page number, kind of file or journal does not open as this one.
    func testAPageBindsItsNumberKindAndJournal() {
        let key = [UInt8](repeating: 0x22, count: 32), id = [UInt8](repeating: 3, count: 16),
            nonce = [UInt8](repeating: 5, count: 24)
        var page = [UInt8](repeating: 0x61, count: 4096)
        entries_cipher_seal_page(&page, 4096, key, id, CChar(UInt8(ascii: "D")), 7, nonce)
        func opens(_ number: UInt32, _ kind: Character, _ journal: [UInt8]) -> Bool {
            var data = Array(page[0..<4056])
            let ad = journal + [kind.asciiValue!, 0, 0, 0, UInt8(number)]
            return entries_cipher_open(
                &data, data.count, Array(page[4080...]), ad, ad.count, Array(page[4056..<4080]), key) == 0
        }
        XCTAssertTrue(opens(7, "D", id))
        XCTAssertFalse(opens(8, "D", id), "another page number")
        XCTAssertFalse(opens(7, "W", id), "the same page in the WAL")
        XCTAssertFalse(opens(7, "D", [UInt8](repeating: 4, count: 16)), "another journal")
    }

    /// The GCM specification's test case 16: AES-256, 60 bytes of text, 20 bytes of associated data.
    func testAES256GCMSealsTheGCMSpecificationsTestCase16() {
        let key = bytes(hex: "feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let nonce = bytes(hex: "cafebabefacedbaddecaf888")
        let ad = bytes(hex: "feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let plain = bytes(
            hex: """
                d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525\
                b16aedf5aa0de657ba637b39
                """)
        var text = plain
        var tag = [UInt8](repeating: 0, count: 16)
        entries_cipher_gcm_seal(&text, text.count, &tag, ad, ad.count, nonce, key)
        XCTAssertEqual(
            hex(text),
            """
            522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa8cb08e48590dbb3da7b08b1056828838\
            c5f61e6393ba7a0abcc9f662
            """)
        XCTAssertEqual(hex(tag), "76fc6ece0f4e1768cddf8853bb2d551b")
        XCTAssertEqual(entries_cipher_gcm_open(&text, text.count, tag, ad, ad.count, nonce, key), 0)
        XCTAssertEqual(text, plain)
    }

    /// The GCM specification's test cases 13 and 14 (a zero key and nonce), and NIST CAVP's
    /// gcmEncryptExtIV256.rsp, [Keylen = 256] [IVlen = 96] [PTlen = 0] [AADlen = 0] [Taglen = 128], Count = 0.
    func testAES256GCMSealsTheGCMSpecificationsTestCases13And14AndNISTsFirstCAVPVector() {
        var empty = [UInt8]()
        var tag = [UInt8](repeating: 0, count: 16)
        let zeroKey = [UInt8](repeating: 0, count: 32), zeroNonce = [UInt8](repeating: 0, count: 12)
        entries_cipher_gcm_seal(&empty, 0, &tag, nil, 0, zeroNonce, zeroKey)
        XCTAssertEqual(hex(tag), "530f8afbc74536b9a963b4f1c4cb738b")
        var block = [UInt8](repeating: 0, count: 16)
        entries_cipher_gcm_seal(&block, block.count, &tag, nil, 0, zeroNonce, zeroKey)
        XCTAssertEqual(hex(block), "cea7403d4d606b6e074ec5d3baf39d18")
        XCTAssertEqual(hex(tag), "d0d1c8a799996bf0265b98b5d48ab919")
        entries_cipher_gcm_seal(
            &empty, 0, &tag, nil, 0, bytes(hex: "516c33929df5a3284ff463d7"),
            bytes(hex: "b52c505a37d78eda5dd34f20c22540ea1b58963cf8e5bf8ffa85f9f2492505b4"))
        XCTAssertEqual(hex(tag), "bdc1ac884d332457a1d2664f168c76f0")
    }

    func testAES256GCMOpenRefusesAChangedTextTagOrAssociatedDataAndLeavesTheTextAsItWas() {
        let key = [UInt8](repeating: 7, count: 32), nonce = [UInt8](repeating: 9, count: 12), ad: [UInt8] = [1, 2, 3]
        var sealed = [UInt8](repeating: 0x41, count: 100)
        var tag = [UInt8](repeating: 0, count: 16)
        entries_cipher_gcm_seal(&sealed, sealed.count, &tag, ad, ad.count, nonce, key)
        var flipped = sealed
        flipped[50] ^= 1
        let before = flipped
        XCTAssertEqual(entries_cipher_gcm_open(&flipped, flipped.count, tag, ad, ad.count, nonce, key), -1)
        XCTAssertEqual(flipped, before)
        var copy = sealed
        var badTag = tag
        badTag[15] ^= 0x80
        XCTAssertEqual(entries_cipher_gcm_open(&copy, copy.count, badTag, ad, ad.count, nonce, key), -1)
        XCTAssertEqual(entries_cipher_gcm_open(&copy, copy.count, tag, [1, 2, 4], 3, nonce, key), -1)
        XCTAssertEqual(entries_cipher_gcm_open(&copy, copy.count, tag, ad, ad.count, nonce, key), 0)
        XCTAssertEqual(copy, [UInt8](repeating: 0x41, count: 100))
    }

    /// A format-2 page is AES-256-GCM's ciphertext of its first 4056 bytes under the associated data
    /// id ‖ kind ‖ page number (big-endian), then the nonce field (the id's first 4 bytes, the
    /// 12-byte nonce, 8 zeros), then the tag: built here by hand from the primitive tested above.
    func testAFormat2PageIsTheGCMCipherTextOfItsDataThenMarkNonceZerosThenTag() {
        let key = [UInt8](repeating: 0x11, count: 32), id = [UInt8](0..<16), nonce = [UInt8](100..<112)
        let plain = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        var page = plain
        entries_cipher_seal_page_gcm(&page, 4096, key, id, CChar(UInt8(ascii: "W")), 0x0102_0304, nonce)
        XCTAssertEqual(Array(page[4056..<4080]), [0, 1, 2, 3] + nonce + [UInt8](repeating: 0, count: 8))
        var expected = Array(plain[0..<4056])
        var tag = [UInt8](repeating: 0, count: 16)
        let ad = id + [UInt8(ascii: "W"), 1, 2, 3, 4]
        entries_cipher_gcm_seal(&expected, expected.count, &tag, ad, ad.count, nonce, key)
        XCTAssertEqual(Array(page[0..<4056]), expected)
        XCTAssertEqual(Array(page[4080..<4096]), tag)
        XCTAssertNotEqual(Array(page[0..<64]), Array(plain[0..<64]))
    }

    /// The same format-2 page sealed for another page number, kind of file or journal does not open as this one.
    func testAFormat2PageBindsItsNumberKindAndJournal() {
        let key = [UInt8](repeating: 0x22, count: 32), id = [UInt8](repeating: 3, count: 16),
            nonce = [UInt8](repeating: 5, count: 12)
        var page = [UInt8](repeating: 0x61, count: 4096)
        entries_cipher_seal_page_gcm(&page, 4096, key, id, CChar(UInt8(ascii: "D")), 7, nonce)
        func opens(_ number: UInt32, _ kind: Character, _ journal: [UInt8]) -> Bool {
            var data = Array(page[0..<4056])
            let ad = journal + [kind.asciiValue ?? 0, 0, 0, 0, UInt8(number)]
            return entries_cipher_gcm_open(
                &data, data.count, Array(page[4080...]), ad, ad.count, Array(page[4060..<4072]), key) == 0
        }
        XCTAssertTrue(opens(7, "D", id))
        XCTAssertFalse(opens(8, "D", id), "another page number")
        XCTAssertFalse(opens(7, "J", id), "the same page in the rollback journal")
        XCTAssertFalse(opens(7, "D", [UInt8](repeating: 4, count: 16)), "another journal")
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String(format: "%02x", $0) }.joined()
    }

    private func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map {
            UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)!
        }
    }
}
