import Foundation

/// The journals inside a Day One export's zip: its `*.json` members (`Journal.json`, or one per
/// journal) at the top or in the one folder the export made, in name order. Photos, videos and the
/// other media beside them are neither read nor extracted; the JSON lists them by name.
///
/// A zip that could not have come from Day One is refused before anything is read from it: a member
/// named twice, a name that is absolute or climbs out with `..` (we never write members to disk, but
/// such a name is a sign of a hostile zip), no JSON at all, or JSON that is not a Day One export.
public enum DayOneZip {
    /// The Day One journals in `archive`, each checked to start like one.
    public static func journals(in archive: ZipArchive) throws -> [ZipArchive.Member] {
        var seen = Set<String>()
        for member in archive.members {
            guard seen.insert(member.name).inserted else {
                throw ZipArchive.Problem("it holds two members named \(member.name); a zip from Day One does not")
            }
            if isUnsafe(member.name) {
                throw ZipArchive.Problem(
                    "it holds a member named \(member.name), which climbs out of the zip's folder; a zip from Day One does not"
                )
            }
        }
        let candidates = archive.members
            .filter { $0.isJSON && !$0.isFolder && $0.depth <= 1 && !isHiddenOrMetadata($0.name) }
            .sorted { $0.name < $1.name }
        guard !candidates.isEmpty else {
            throw ZipArchive.Problem(
                "it holds no journal (no .json file at its top or in its one folder); is it a Day One export?")
        }
        guard candidates.count <= archive.limits.journals else {
            throw ZipArchive.Problem(
                "it holds \(candidates.count) .json files, more than the \(archive.limits.journals) journals this reads"
            )
        }
        let total = candidates.reduce(UInt64(0)) { $0 &+ min($1.size, archive.limits.memberBytes + 1) }
        guard total <= archive.limits.journalBytes else {
            throw ZipArchive.Problem(
                "its .json files would inflate to \(total) bytes together, more than the \(archive.limits.journalBytes) this reads (a zip bomb?)"
            )
        }
        var journals: [ZipArchive.Member] = []
        for member in candidates {
            let reader = try archive.reader(for: member)
            let head: Data
            do {
                head = try reader.read(upToCount: 64 * 1024) ?? Data()
            } catch let error as ImportError {
                throw ZipArchive.Problem("\(member.name): \(error.description)")
            }
            if DayOneJSONFormat.looksLikeDayOne(head) { journals.append(member) }
        }
        guard !journals.isEmpty else {
            let names = candidates.map(\.name).joined(separator: ", ")
            throw ZipArchive.Problem(
                "\(names) inside it \(candidates.count == 1 ? "is" : "are") not a Day One export (an object whose entries have a creationDate)"
            )
        }
        return journals
    }

    /// An absolute name, a drive letter, a backslash path or a `..` component.
    static func isUnsafe(_ name: String) -> Bool {
        if name.hasPrefix("/") || name.hasPrefix("\\") { return true }
        if name.count >= 2, name.dropFirst().first == ":" { return true }
        return name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).contains { $0 == ".." }
    }

    /// `.hidden` files and folders and the `__MACOSX` folder the Finder adds.
    private static func isHiddenOrMetadata(_ name: String) -> Bool {
        name.split(separator: "/").contains { $0.hasPrefix(".") || $0 == "__MACOSX" }
    }
}
