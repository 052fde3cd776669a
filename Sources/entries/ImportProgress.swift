/// "Importing… 45%" on standard error (only used when it is a terminal), rewritten in place.
struct ImportProgress: Sendable {
    let total: Int

    func show(_ count: Int) {
        StandardStreams.writeError("\rImporting… \(count * 100 / max(total, 1))%")
    }

    func clear() {
        StandardStreams.writeError("\r\u{1B}[K")
    }
}
