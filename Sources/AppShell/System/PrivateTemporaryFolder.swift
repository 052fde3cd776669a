import Foundation

/// Where text that must not reach a disk is put for a while (an encrypted journal's entry, handed to
/// the editor): a folder in memory when the system has one.
public enum PrivateTemporaryFolder {
    /// `$XDG_RUNTIME_DIR` (a tmpfs of this user only, mode 0700, on systemd systems) when it is a
    /// folder this user owns and only they can enter, else `/dev/shm` (tmpfs; the editor's own folder
    /// in it is 0700), else nil: the system has no folder in memory.
    public static func inMemory(environment: [String: String]) -> URL? {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"), isPrivateFolder(runtime) {
            return URL(fileURLWithPath: runtime, isDirectory: true)
        }
        var status = stat()
        if stat("/dev/shm", &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, access("/dev/shm", W_OK | X_OK) == 0 {
            return URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        }
        return nil
    }

    private static func isPrivateFolder(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR else { return false }
        return status.st_uid == geteuid() && (status.st_mode & 0o077) == 0 && access(path, W_OK | X_OK) == 0
    }
}
