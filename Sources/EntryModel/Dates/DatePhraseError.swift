/// A date phrase that could not be read, with what the user probably meant when one word was a
/// typo of a known one: `cannot read "las friday" as a date; did you mean "last friday"?`.
public struct DatePhraseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The phrase as the user wrote it.
    public var phrase: String
    /// Why, when there is more to say than "not a date" (`there is no month 13`).
    public var reason: String?
    /// A phrase that reads, made by correcting misspelt words; nil when none is close.
    public var suggestion: String?

    /// Creates the error for `phrase`, with an optional reason and corrected phrase to suggest.
    public init(phrase: String, reason: String? = nil, suggestion: String? = nil) {
        self.phrase = phrase
        self.reason = reason
        self.suggestion = suggestion
    }

    /// `cannot read "…" as a date`, with the reason and the suggestion when there are any.
    public var description: String {
        var text = "cannot read \(QuotedExcerpt.quoted(phrase)) as a date"
        if let reason { text += ": \(reason)" }
        if let suggestion { text += "; did you mean \(QuotedExcerpt.quoted(suggestion))?" }
        return text
    }
}

/// Words close to a misspelt one, by edit distance.
enum DatePhraseSpelling {
    /// The vocabulary word closest to `word`, when it is within one edit per four letters (at least
    /// one, at most two) and no other word is as close.
    static func correction(for word: String) -> String? {
        guard word.count >= 2, word.count <= 12, word.allSatisfy(\.isLetter) else { return nil }
        let allowed = min(2, max(1, word.count / 4))
        var best: (word: String, distance: Int)?
        var tied = false
        for candidate in DatePhraseWords.vocabulary where abs(candidate.count - word.count) <= allowed {
            let distance = editDistance(Array(word), Array(candidate))
            guard distance <= allowed else { continue }
            if let current = best, distance == current.distance {
                tied = true
            } else if distance < best?.distance ?? Int.max {
                best = (candidate, distance)
                tied = false
            }
        }
        return tied ? nil : best?.word
    }

    /// Levenshtein distance (insertions, deletions, substitutions, and adjacent swaps).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
