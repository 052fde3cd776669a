import Foundation
import XCTest

/// A folder this process cannot write, holding a copy of a file: `chmod 555` for an ordinary user;
/// for root, whom permissions do not stop, a tmpfs remounted read-only.
final class ReadOnlyFolder {
    let folder: URL
    /// How the folder was made read-only ("chmod 555" or "read-only tmpfs").
    let kind: String
    private var mounted: Bool

    private init(folder: URL, kind: String, mounted: Bool) {
        self.folder = folder
        self.kind = kind
        self.mounted = mounted
    }

    /// Copies `file` into `folder`, then makes the folder read-only; skips the test when this process
    /// runs as root and cannot mount a tmpfs (root writes anywhere else).
    static func make(at folder: URL, holding file: String) throws -> ReadOnlyFolder {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let copy = folder.appendingPathComponent((file as NSString).lastPathComponent).path
        if getuid() != 0 {
            try FileManager.default.copyItem(atPath: file, toPath: copy)
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: folder.path)
            return ReadOnlyFolder(folder: folder, kind: "chmod 555", mounted: false)
        }
        guard let mount = ["/bin/mount", "/usr/bin/mount"].first(where: FileManager.default.isExecutableFile(atPath:)),
            try Spawn.run(
                mount, ["-t", "tmpfs", "-o", "size=16m", "tmpfs", folder.path], environment: [:],
                outputPath: "/dev/null") == 0
        else {
            throw XCTSkip("running as root without the right to mount a tmpfs: no folder can be made read-only here")
        }
        let made = ReadOnlyFolder(folder: folder, kind: "read-only tmpfs", mounted: true)
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        guard try Spawn.run(mount, ["-o", "remount,ro", folder.path], environment: [:], outputPath: "/dev/null") == 0
        else {
            made.release()
            throw SuiteSetupError("cannot remount \(folder.path) read-only")
        }
        return made
    }

    /// Makes the folder writable again (or unmounts it), so the test folder can be deleted.
    func release() {
        if mounted {
            mounted = false
            for umount in ["/bin/umount", "/usr/bin/umount"] where FileManager.default.isExecutableFile(atPath: umount)
            {
                _ = try? Spawn.run(umount, [folder.path], environment: [:], outputPath: "/dev/null")
                return
            }
        } else {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        }
    }
}
