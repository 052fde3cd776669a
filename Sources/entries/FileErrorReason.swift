import Foundation

/// A short reason for a failed file operation ("no such file", "permission denied") instead of
/// Foundation's long sentences.
enum FileErrorReason {
    static func describe(_ error: any Error) -> String {
        if let cocoa = error as? CocoaError {
            switch cocoa.code {
            case .fileReadNoSuchFile, .fileNoSuchFile: return "no such file"
            case .fileReadNoPermission, .fileWriteNoPermission: return "permission denied"
            case .fileWriteOutOfSpace: return "the disk is full"
            case .fileWriteVolumeReadOnly: return "the volume is read-only"
            default: break
            }
            if let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? NSError,
                underlying.domain == NSPOSIXErrorDomain
            {
                return String(cString: strerror(Int32(underlying.code)))
            }
        }
        return error.localizedDescription
    }
}
