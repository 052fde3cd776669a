import Foundation

/// A place where writes run out of room: a tmpfs of a few megabytes when this process may mount one
/// (root, or a container that allows it), else a file size limit (RLIMIT_FSIZE, with SIGXFSZ ignored
/// so writes fail with EFBIG instead of killing the process) applied to the one command that must fail.
final class SmallFilesystem {
    enum Kind: String {
        case tmpfs = "tmpfs"
        case fileSizeLimit = "RLIMIT_FSIZE"
    }

    let kind: Kind
    /// The folder whose files are limited.
    let folder: URL
    /// The size of the tmpfs, or the largest file a limited command may write.
    let bytes: Int
    private var mounted: Bool

    private init(kind: Kind, folder: URL, bytes: Int, mounted: Bool) {
        self.kind = kind
        self.folder = folder
        self.bytes = bytes
        self.mounted = mounted
    }

    /// Mounts a tmpfs of `bytes` at `folder` when `kind` is tmpfs; nil when that is not possible here.
    static func make(_ kind: Kind, at folder: URL, bytes: Int) throws -> SmallFilesystem? {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        switch kind {
        case .fileSizeLimit:
            return SmallFilesystem(kind: kind, folder: folder, bytes: bytes, mounted: false)
        case .tmpfs:
            guard
                let mount = ["/bin/mount", "/usr/bin/mount"].first(where: FileManager.default.isExecutableFile(atPath:))
            else { return nil }
            let status = try Spawn.run(
                mount, ["-t", "tmpfs", "-o", "size=\(bytes)", "tmpfs", folder.path],
                environment: ["PATH": "/usr/bin:/bin"], outputPath: "/dev/null")
            guard status == 0 else { return nil }
            return SmallFilesystem(kind: kind, folder: folder, bytes: bytes, mounted: true)
        }
    }

    deinit {
        unmount()
    }

    func unmount() {
        guard mounted else { return }
        mounted = false
        for umount in ["/bin/umount", "/usr/bin/umount"] where FileManager.default.isExecutableFile(atPath: umount) {
            _ = try? Spawn.run(umount, [folder.path], environment: ["PATH": "/usr/bin:/bin"], outputPath: "/dev/null")
            return
        }
    }

    /// Free bytes on the file system holding `folder`.
    var freeBytes: Int {
        let attributes = try? FileManager.default.attributesOfFileSystem(forPath: folder.path)
        return (attributes?[.systemFreeSize] as? NSNumber)?.intValue ?? 0
    }

    /// Runs `entries arguments…` under this limit: as is on the tmpfs, through a shell that sets the
    /// file size limit and ignores SIGXFSZ otherwise.
    func run(_ entries: EntriesProcess, _ arguments: [String], input: Data? = nil) throws -> ProcessResult {
        switch kind {
        case .tmpfs:
            return try entries.run(arguments, input: input)
        case .fileSizeLimit:
            // dash counts `ulimit -f` in 512-byte blocks, bash in 1024-byte ones.
            let dash = FileManager.default.isExecutableFile(atPath: "/bin/dash")
            let shell = URL(fileURLWithPath: dash ? "/bin/dash" : "/bin/bash")
            let blocks = bytes / (dash ? 512 : 1024)
            let script = "ulimit -f \(blocks) && trap '' XFSZ && exec \"$0\" \"$@\""
            return try entries.runProgram(shell, ["-c", script, entries.executable.path] + arguments, input: input)
        }
    }
}
