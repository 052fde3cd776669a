import EntryModel
import Foundation

/// What every importer knows of a file's first bytes (``ImportWindow`` checks UTF-8 and skips the
/// byte order mark as it reads).
enum ImportText {
    static func hasByteOrderMark(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }
}
