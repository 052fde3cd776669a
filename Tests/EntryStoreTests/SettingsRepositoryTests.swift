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
}
