import Foundation

/// A short reason for a failed file operation ("no such file", "permission denied") instead of
/// Foundation's long sentences: what the import and the commands say about a file they could not use.
public enum FileErrorReason {
    /// The reason `error` (a failed open, read or write of a file) gives, in a few words.
    public static func describe(_ error: any Error) -> String {
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
