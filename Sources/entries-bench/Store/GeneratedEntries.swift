import EntryModel
import Foundation

/// Deterministic, realistic-looking entries for the store benchmark: titles of a few words, bodies of
/// a few sentences, 1–4 tags, dates spread over ten years with ties, a handful of very common words,
/// and some rare ones, so that searches and tag filters have something to find.
struct GeneratedEntries {
    /// A word found in about one body in five.
    static let commonWord = "meeting"
    /// A word found in about one entry in 20,000.
    static let rareWord = "quokka"
    /// A tag on about one entry in three.
    static let commonTag = "work"
    /// No entry is created after this instant (ten years from the first).
    static let lastDate = Date(timeIntervalSince1970: 1_450_000_000 + 10 * 365 * 86_400)
    /// A tag on about one entry in 10,000.
    static let rareTag = "archive-1987"

    private var random: SplitMix64
    private let vocabulary: [String]
    /// With links: their own random numbers (the entries are otherwise the same as without).
    private var linkRandom: SplitMix64?
    /// With links: the titles generated so far, which title links name.
    private(set) var titles: [String] = []
    /// How many links the entries generated so far hold.
    private(set) var linkCount = 0

    /// `withLinks`: each entry after the first links to 0 to 6 entries generated before it (3 on
    /// average; by id or by title, one in two each, ids counted from 1 in the order generated, as a
    /// new store gives them), and every thousandth also to the first, a "hub": `See [[#12]], [[A title]].`
    /// ends its body.
    init(seed: UInt64 = 2025, withLinks: Bool = false) {
        if withLinks { linkRandom = SplitMix64(seed: 33) }
        random = SplitMix64(seed: seed)
        var syllables = SplitMix64(seed: seed ^ 0x5eed)
        let parts = [
            "ka", "lo", "ri", "men", "sa", "to", "vel", "an", "qui", "dor", "el", "mi", "nu", "pra", "zo", "ther",
        ]
        // A few thousand made-up words after the real ones, so that most words are uncommon.
        vocabulary =
            Self.englishWords
            + (0..<4_000).map { _ in
                (0..<Int(2 + syllables.next() % 3)).map { _ in parts[Int(syllables.next() % UInt64(parts.count))] }
                    .joined()
            }
    }

    /// The next `count` drafts.
    mutating func drafts(_ count: Int) -> [EntryDraft] {
        (0..<count).map { _ in draft() }
    }

    private mutating func draft() -> EntryDraft {
        let title = words(3 + Int(random.next() % 6)).capitalizedFirst
        var sentences: [String] = []
        for _ in 0..<(2 + Int(random.next() % 4)) {
            var sentence = words(6 + Int(random.next() % 10))
            if random.next() % 5 == 0 { sentence += " " + Self.commonWord }
            if random.next() % 20_000 == 0 { sentence += " " + Self.rareWord }
            sentences.append(sentence.capitalizedFirst + ".")
        }
        var body = sentences.joined(separator: " ")
        if linkRandom != nil { body += linkSentence(title: title) }
        let moreDetails = "Source: " + words(4 + Int(random.next() % 6)) + "."
        var tags: [String] = []
        if random.next() % 3 == 0 { tags.append(Self.commonTag) }
        for _ in 0..<(1 + Int(random.next() % 3)) { tags.append(Self.tagPool[zipfIndex(Self.tagPool.count)]) }
        if random.next() % 10_000 == 0 { tags.append(Self.rareTag) }
        // Minutes over ten years: many entries share a minute, so the sort keys have ties.
        let createdMinute = Double(random.next() % (10 * 365 * 24 * 60))
        let createdAt = Date(timeIntervalSince1970: 1_450_000_000 + createdMinute * 60)
        let updatedAt =
            random.next() % 4 == 0
            ? createdAt.addingTimeInterval(Double(random.next() % 1_000_000))
            : createdAt
        // About one entry in 50 starred, chosen from the minute so that no other entry changes.
        let starred = Int(createdMinute) % 50 == 7
        return EntryDraft(
            title: title, body: body, moreDetails: moreDetails, tags: tags, createdAt: createdAt, updatedAt: updatedAt,
            starred: starred)
    }

    /// The sentence of links that ends the body of the next entry, titled `title` (empty for none).
    private mutating func linkSentence(title: String) -> String {
        guard var numbers = linkRandom else { return "" }
        defer { linkRandom = numbers }
        titles.append(title)
        let id = titles.count
        guard id > 1 else { return "" }
        var written: [String] = []
        for _ in 0..<Int(numbers.next() % 7) {
            let target = 1 + Int(numbers.next() % UInt64(id - 1))
            written.append(numbers.next() % 2 == 0 ? "[[#\(target)]]" : "[[\(titles[target - 1])]]")
        }
        if id % 1_000 == 0 { written.append("[[#1]]") }
        linkCount += written.count
        return written.isEmpty ? "" : " See " + written.joined(separator: ", ") + "."
    }

    private mutating func words(_ count: Int) -> String {
        (0..<count).map { _ in vocabulary[zipfIndex(vocabulary.count)] }.joined(separator: " ")
    }

    /// An index skewed towards 0 (roughly Zipf): the first words of a list are much more frequent.
    private mutating func zipfIndex(_ count: Int) -> Int {
        let uniform = Double(random.next() % 1_000_000) / 1_000_000
        return min(count - 1, Int(pow(Double(count), uniform)) - 1)
    }

    private static let tagPool = [
        "idea", "journal", "reading", "swift", "sqlite", "todo", "travel", "family", "health", "music",
        "recipe", "finance", "garden", "books", "film", "design", "terminal", "linux", "writing", "home",
        "learning", "meeting-notes", "people", "quotes", "photography", "running", "kids", "car", "shopping", "tax",
    ]

    private static let englishWords = """
        the of and to in is it that for on was with as at by from this have not are but be or an they which \
        one you all were her she there would their we him been has when who will more no if out so said what \
        up its about into than them can only other new some could time these two may then do first any my now \
        such like our over man me even most made after also did many before must through back years where much \
        your way well down should because each just those people how too little state good very make world still \
        own see men work long get here between both life being under never day same another know while last \
        might us great old year off come since against go came right used take three project garden coffee \
        evening morning idea river window letter travel book notes plan design database terminal keyboard \
        review budget kitchen weekend summer winter friend family music train ticket city market question \
        answer change search index query page order title body detail entry archive release version swift
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
}

/// A small, fast, seedable random number generator (so every run generates the same entries).
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    fileprivate var capitalizedFirst: String {
        guard let first else { return self }
        return first.uppercased() + dropFirst()
    }
}
