import Foundation

extension ImportFolder {
    /// The Day One exports at the top of the folder (`*.json`, not hidden, whose first bytes look like
    /// one: `DayOneJSONFormat.looksLikeDayOne(_:)`), in name order: an unzipped Day One export when
    /// there are some, a folder of Markdown files when there are none. Each is opened through
    /// ``open(_:)``, so a `.json` that is a link, a FIFO or a device refuses the folder by name
    /// (``Refusal``) instead of being followed or waited on.
    public func dayOneExports() throws(Refusal) -> [String] {
        let names = contents().map(\.name).filter { $0.lowercased().hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        var exports: [String] = []
        for name in names {
            let opened = try open(name)
            defer { try? opened.handle.close() }
            if DayOneJSONFormat.looksLikeDayOne((try? opened.handle.read(upToCount: 64 * 1024)) ?? Data()) {
                exports.append(name)
            }
        }
        return exports
    }
}
