import EntryModel
import XCTest

/// Key/value settings, shared by both repositories.
final class SettingsRepositoryTests: XCTestCase {
    func testValuesAreStoredReplacedAndRemoved() throws {
        for kind in RepositoryUnderTest.available() {
            let settings = try kind.makeSettings()
            XCTAssertNil(try settings.value(forKey: "sortOrder"), "\(kind)")
            try settings.setValue("title", forKey: "sortOrder")
            XCTAssertEqual(try settings.value(forKey: "sortOrder"), "title", "\(kind)")
            try settings.setValue("newest", forKey: "sortOrder")
            XCTAssertEqual(try settings.value(forKey: "sortOrder"), "newest", "\(kind)")
            try settings.setValue(nil, forKey: "sortOrder")
            XCTAssertNil(try settings.value(forKey: "sortOrder"), "\(kind)")
            XCTAssertNoThrow(try settings.setValue(nil, forKey: "never-set"), "\(kind)")
        }
    }

    func testKeysAndValuesAreKeptByteForByte() throws {
        for kind in RepositoryUnderTest.available() {
            let settings = try kind.makeSettings()
            try settings.setValue("a\u{0}b\n\u{1B}", forKey: "k\u{0}")
            try settings.setValue("", forKey: "empty")
            XCTAssertEqual(
                try settings.value(forKey: "k\u{0}").map { Array($0.utf8) }, Array("a\u{0}b\n\u{1B}".utf8), "\(kind)")
            XCTAssertNil(try settings.value(forKey: "k"), "\(kind)")
            XCTAssertEqual(try settings.value(forKey: "empty"), "", "\(kind)")
        }
    }

    /// The preferences are read with `values(forKeys:)` (an SQLite journal answers in one read): each
    /// key's value is what `value(forKey:)` gives, a key never set is absent, an empty value kept.
    func testValuesForKeysAreWhatEachKeyReadsAlone() throws {
        for kind in RepositoryUnderTest.available() {
            let settings = try kind.makeSettings()
            try settings.setValue("title", forKey: "sortOrder")
            try settings.setValue("", forKey: "empty")
            try settings.setValue("a\u{0}b", forKey: "k\u{0}")
            let keys = ["sortOrder", "empty", "k\u{0}", "never-set", "sortOrder"]
            var one: [String: String] = [:]
            for key in keys { one[key] = try settings.value(forKey: key) }
            XCTAssertEqual(try settings.values(forKeys: keys), one, "\(kind)")
            XCTAssertEqual(one.count, 3, "\(kind)")
            XCTAssertEqual(try settings.values(forKeys: []), [:], "\(kind)")
        }
    }
}
