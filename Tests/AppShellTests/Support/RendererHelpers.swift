import AppShell

/// A buffer whose rows are the given strings (one cell per character, narrow), padded with blanks.
func makeBuffer(_ rows: [String], width: Int, style: Style = .plain) -> Buffer {
    var buffer = Buffer(size: Size(width: width, height: rows.count))
    for (y, row) in rows.enumerated() {
        for (x, character) in row.enumerated() where x < width {
            buffer[x, y] = Cell(text: String(character), style: style)
        }
    }
    return buffer
}

/// Renders `frames` in order and returns the bytes of the last one, as text.
func renderedText(_ frames: [Buffer], colorSupport: ColorSupport = .trueColor, synchronized: Bool = false) -> String {
    var renderer = Renderer(colorSupport: colorSupport, usesSynchronizedOutput: synchronized)
    var last: [UInt8] = []
    for frame in frames { last = renderer.frame(frame) }
    return String(decoding: last, as: UTF8.self)
}

let esc = "\u{1B}"
