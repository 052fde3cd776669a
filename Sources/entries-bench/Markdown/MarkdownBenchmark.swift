import AppShell
import Foundation

/// `entries-bench markdown`: how long an entry's Markdown takes to show rendered: parsing its blocks
/// and laying out and drawing the first screen of a fresh view (what opening an entry costs), then a
/// page down, for a 100 kB entry at 120×40; and opening a 10 MB entry and jumping to its end.
@MainActor
enum MarkdownBenchmark {
    static func run(arguments: [String]) -> Int32 {
        if arguments.contains("-h") || arguments.contains("--help") {
            print("usage: entries-bench markdown")
            return 0
        }
        let size = Size(width: 120, height: 40)
        let entry = sampleEntry(bytes: 100_000)
        let open = Timing.measure(repetitions: 200) { render(MarkdownView(text: entry), size: size) }
        let view = MarkdownView(text: entry)
        render(view, size: size)
        let pageDown = Timing.measure(repetitions: 200) {
            _ = view.handle(.pageDown)
            render(view, size: size)
        }
        let huge = sampleEntry(bytes: 10_000_000)
        var hugeView = MarkdownView(text: "")
        let hugeOpen = Timing.measure(repetitions: 3) {
            hugeView = MarkdownView(text: huge)
            render(hugeView, size: size)
        }
        let hugeFirstEnd = Timing.measure(repetitions: 3) {
            let view = MarkdownView(text: huge)
            render(view, size: size)
            _ = view.handle(.end)
            render(view, size: size)
        }
        let hugeEnd = Timing.measure(repetitions: 3) {
            _ = hugeView.handle(.home)
            _ = hugeView.handle(.end)
            render(hugeView, size: size)
        }
        let rawFirstEnd = Timing.measure(repetitions: 3) {
            let view = TextView(text: huge)
            var buffer = Buffer(size: size)
            view.render(into: &buffer, area: Rect(x: 0, y: 0, width: size.width, height: size.height))
            _ = view.handle(.end)
            view.render(into: &buffer, area: Rect(x: 0, y: 0, width: size.width, height: size.height))
        }
        print("Markdown rendering, 120×40 (ms, median / p99)")
        print("  100 kB entry (\(entry.utf8.count) bytes): open and draw   \(open.millisecondsSummary)")
        print("  100 kB entry: page down and draw                 \(pageDown.millisecondsSummary)")
        print("  10 MB entry (\(huge.utf8.count) bytes): open and draw \(hugeOpen.millisecondsSummary)")
        print("  10 MB entry: open, then the first jump to the end \(hugeFirstEnd.millisecondsSummary)")
        print("  10 MB entry: later jumps to the end and draw     \(hugeEnd.millisecondsSummary)")
        print("  10 MB entry raw (r): open, draw, jump to the end  \(rawFirstEnd.millisecondsSummary)")
        return 0
    }

    private static func render(_ view: MarkdownView, size: Size) {
        var buffer = Buffer(size: size)
        view.render(into: &buffer, area: Rect(x: 0, y: 0, width: size.width, height: size.height))
    }

    /// Journal-like Markdown of about `bytes` bytes: headings, paragraphs with emphasis, code and
    /// links, lists, a quote, a table and a code block, repeated.
    static func sampleEntry(bytes: Int) -> String {
        let section = """
            ## Day notes

            Woke early, wrote for an hour. The **draft** of the *second* chapter is done; the `render` \
            path needs a look, see [the notes](https://example.com/notes/chapter-two) for details. \
            Long sentences wrap at the width of the screen, words kept whole where they fit.

            - a bullet with **strong** text
            - another with a `code span`
              - nested under it
            1. first
            2. second

            > A quote that goes on for a while, so that it wraps across more than one row of the screen.

            | what | when | note |
            |------|:----:|-----:|
            | walk | 7:00 | 5 km |
            | read | 21:00 | ch. 4 |

            ```swift
            let answer = entries.filter { $0.tags.contains("journal") }.map(\\.title).joined(separator: ", ")
            ```

            ---


            """
        var text = ""
        text.reserveCapacity(bytes + section.utf8.count)
        while text.utf8.count < bytes { text += section }
        return text
    }
}
