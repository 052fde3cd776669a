// shell-bench: how fast AppShell renders and decodes. Run in release: `swift run -c release shell-bench`.
//
// (a) the renderer's diff + encode of a 200×60 list frame after scrolling the list by one row (median
//     of 400 scrolls; drawing the frame into the buffer is timed separately);
// (b) bytes written for that scroll, as a share of a full redraw of the same frame; bytes for a page
//     change, and for one whose titles hold emoji of disputed width, with and without the guard;
// (c) decoding 1 MB of mixed key input.
import AppShell

let size = Size(width: 200, height: 60)
let frames = ListFrames(size: size)
let clock = ContinuousClock()

func median(_ durations: [Duration]) -> Duration {
    durations.sorted()[durations.count / 2]
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

// (a) Scroll by one row, many times over: each step draws the next frame and diffs it with the last.
var renderer = Renderer(colorSupport: .trueColor)
_ = renderer.frame(frames.frame(first: 0))
var drawAndDiff: [Duration] = []
var diffOnly: [Duration] = []
var scrollBytes: [Int] = []
for step in 1...400 {
    var next = Buffer(size: size)
    let drawStart = clock.now
    next = frames.frame(first: step)
    let diffStart = clock.now
    let bytes = renderer.frame(next)
    let end = clock.now
    drawAndDiff.append(end - drawStart)
    diffOnly.append(end - diffStart)
    scrollBytes.append(bytes.count)
}

// For reference: a page change (every list row differs), diff + encode only.
var pageRenderer = Renderer(colorSupport: .trueColor)
let pages = (0..<21).map { frames.frame(first: $0 * 58) }
_ = pageRenderer.frame(pages[0])
var pageDiff: [Duration] = []
for page in pages.dropFirst() {
    let start = clock.now
    _ = pageRenderer.frame(page)
    pageDiff.append(clock.now - start)
}

// (b) The same scroll against a full redraw of the frame it produces, and plain diffing for reference.
let before = frames.frame(first: 1000), after = frames.frame(first: 1001)
var scrolling = Renderer(colorSupport: .trueColor)
_ = scrolling.frame(before)
let scrollCount = scrolling.frame(after).count
var plain = Renderer(colorSupport: .trueColor, usesScrollRegions: false)
_ = plain.frame(before)
let plainCount = plain.frame(after).count
var full = Renderer(colorSupport: .trueColor)
let fullCount = full.frame(after).count

// A page change when every 4th title holds 👍🏽 and 🇫🇷: what the width guard costs in bytes.
let emojiFrames = ListFrames(size: size, disputedEvery: 4)
func emojiPageBytes(guarded: Bool) -> Int {
    var renderer = Renderer(colorSupport: .trueColor)
    renderer.guardsDisputedWidths = guarded
    _ = renderer.frame(emojiFrames.frame(first: 1000))
    return renderer.frame(emojiFrames.frame(first: 1058)).count
}
let emojiGuarded = emojiPageBytes(guarded: true), emojiUnguarded = emojiPageBytes(guarded: false)
var plainPage = Renderer(colorSupport: .trueColor)
_ = plainPage.frame(frames.frame(first: 1000))
let plainPageCount = plainPage.frame(frames.frame(first: 1058)).count

// (c) 1 MB of input in 4 KB reads, five times.
let input = KeyInput.mixed(count: 1 << 20)
var decodeTimes: [Duration] = []
var keyCount = 0
for _ in 0..<5 {
    var decoder = InputDecoder()
    var keys = 0
    let start = clock.now
    var offset = 0
    while offset < input.count {
        let end = min(input.count, offset + 4096)
        keys += decoder.decode(input[offset..<end]).count
        offset = end
    }
    keys += decoder.flushPending().count
    decodeTimes.append(clock.now - start)
    keyCount = keys
}

// The table.
let scrollShare = 100 * Double(scrollCount) / Double(fullCount)
let plainShare = 100 * Double(plainCount) / Double(fullCount)
let rows: [(String, String, String, Bool?)] = [
    (
        "(a) renderer diff + encode, 1-row scroll, 200×60", format3(milliseconds(median(diffOnly))) + " ms",
        "< 0.5 ms", milliseconds(median(diffOnly)) < 0.5
    ),
    ("    with drawing the frame first (Buffer.put)", format3(milliseconds(median(drawAndDiff))) + " ms", "", nil),
    ("    diff + encode of a page change (all rows)", format3(milliseconds(median(pageDiff))) + " ms", "", nil),
    (
        "(b) bytes for the 1-row scroll", "\(scrollCount) B = \(format1(scrollShare)) % of full", "< 15 %",
        scrollShare < 15
    ),
    ("    full redraw of the same frame", "\(fullCount) B", "", nil),
    ("    plain diff without scroll regions", "\(plainCount) B = \(format1(plainShare)) % of full", "", nil),
    ("    bytes for a page change", "\(plainPageCount) B", "", nil),
    ("    the same, 👍🏽 and 🇫🇷 in every 4th title", "\(emojiGuarded) B (\(emojiUnguarded) B without the guard)", "", nil),
    (
        "(c) decode 1 MB of mixed input (median of 5)", format3(milliseconds(median(decodeTimes))) + " ms",
        "< 50 ms", milliseconds(median(decodeTimes)) < 50
    ),
    ("    keys decoded", "\(keyCount)", "", nil),
]

func format3(_ value: Double) -> String { formatted(value, decimals: 3) }
func format1(_ value: Double) -> String { formatted(value, decimals: 1) }
func formatted(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    var text = String(rounded)
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    text = String(parts[0]) + "." + String((fraction + String(repeating: "0", count: decimals)).prefix(decimals))
    return text
}

func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

let widths = [
    rows.map(\.0.count).max() ?? 0, max(6, rows.map(\.1.count).max() ?? 0), 8,
]
print(pad("measure", widths[0]) + "  " + pad("result", widths[1]) + "  " + pad("target", widths[2]) + "  ok")
print(String(repeating: "-", count: widths[0] + widths[1] + widths[2] + 10))
for (name, result, target, ok) in rows {
    let verdict = ok.map { $0 ? "yes" : "NO" } ?? ""
    print(pad(name, widths[0]) + "  " + pad(result, widths[1]) + "  " + pad(target, widths[2]) + "  " + verdict)
}
