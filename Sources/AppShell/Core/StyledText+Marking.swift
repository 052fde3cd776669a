extension StyledText {
    /// The same text with the characters at `ranges` (offsets into ``plainText``, in characters) drawn
    /// in `style` over their own: a search's matches marked in text styled otherwise.
    public func marking(_ ranges: [Range<Int>], with style: Style) -> StyledText {
        guard !ranges.isEmpty else { return self }
        var marked = StyledText()
        var offset = 0
        for span in spans {
            let characters = Array(span.text)
            var start = 0
            // Cut the span at every range edge that falls inside it.
            var edges = Set([0, characters.count])
            for range in ranges {
                for edge in [range.lowerBound - offset, range.upperBound - offset]
                where edge > 0 && edge < characters.count {
                    edges.insert(edge)
                }
            }
            for end in edges.sorted().dropFirst() {
                let isMarked = ranges.contains { $0.contains(offset + start) }
                marked.append(String(characters[start..<end]), style: isMarked ? style.over(span.style) : span.style)
                start = end
            }
            offset += characters.count
        }
        return marked
    }
}
