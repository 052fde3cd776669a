import EntryModel
import Foundation

/// Text that tries to take over a terminal, by kind: what the suite stores in entries and storyboards.
enum HostileText {
    static let pieces: [(kind: String, text: String)] = [
        ("OSC 0 title", "\u{1B}]0;pwned-title\u{07}"),
        ("OSC 2 title (ST)", "\u{1B}]2;pwned-title\u{1B}\\"),
        ("OSC 52 clipboard", "\u{1B}]52;c;cHduZWQ=\u{07}"),
        ("OSC 8 link", "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\"),
        ("CSI cursor moves", "\u{1B}[10;10H\u{1B}[5A\u{1B}[3D"),
        ("CSI 2J clear", "\u{1B}[2J\u{1B}[H"),
        ("CSI modes", "\u{1B}[?1049l\u{1B}[?25h\u{1B}[?7h"),
        ("RIS reset", "\u{1B}c"),
        ("DCS", "\u{1B}P+q544e\u{1B}\\"),
        ("bare CR", "visible\roverwritten"),
        ("backspaces", "abc\u{8}\u{8}\u{8}XYZ"),
        ("C1 CSI and OSC", "\u{9B}31m\u{9D}0;c1-title\u{9C}\u{85}"),
        ("bidi overrides", "\u{202E}gnp.exe\u{202C} \u{2066}iso\u{2069} \u{200F}"),
        ("BEL, NUL, DEL, tab", "\u{07}\u{00}\u{7F}\tx"),
        ("wide and combining", "日本語 👍 e\u{301}"),
    ]

    /// One entry per piece (in the title, body, more details and a tag), plus an entry with a huge
    /// body, one with a 100,000-character line without a space, and plain ones to align with.
    static func drafts(hugeBodyBytes: Int) -> [EntryDraft] {
        var drafts: [EntryDraft] = []
        for (index, piece) in pieces.enumerated() {
            drafts.append(
                EntryDraft(
                    title: "T\(index) \(piece.text) end", body: "Body \(piece.text)\nsecond line \(piece.text)",
                    moreDetails: "More \(piece.text)", tags: ["t\(piece.text)"], createdAt: day(10 + index)))
        }
        let line = String(repeating: "x", count: 100_000)
        drafts.append(
            EntryDraft(title: line, body: line + "\n" + line, moreDetails: line, tags: [], createdAt: day(26)))
        let paragraph = "Lorem ipsum \u{1B}[31m dolor\r sit amet, \u{9B}consectetur adipiscing elit.\n"
        let huge = String(repeating: paragraph, count: max(1, hugeBodyBytes / paragraph.utf8.count))
        drafts.append(EntryDraft(title: "Huge body", body: huge, moreDetails: "", tags: ["huge"], createdAt: day(27)))
        drafts.append(
            EntryDraft(
                title: "Plain one", body: "nothing special", moreDetails: "", tags: ["plain"], createdAt: day(28)))
        return drafts
    }

    /// 2024-01-DD 09:30 UTC.
    static func day(_ number: Int) -> Date {
        Date(timeIntervalSince1970: 1_704_067_200 + Double(number - 1) * 86_400 + 9.5 * 3600)
    }
}
