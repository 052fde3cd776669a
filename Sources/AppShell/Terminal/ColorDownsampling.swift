/// Maps colours to what a less capable terminal can show: 24-bit → 256 → 16.
///
/// Nearest colour by squared RGB distance, against the xterm default palette (what most terminals use
/// for the 256-colour cube and close to what they use for the 16 ANSI colours).
enum ColorDownsampling {
    /// The six levels of each channel of the 6×6×6 cube (indices 16–231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// xterm's default 16 ANSI colours.
    static let ansiPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255),
        (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The nearest of the 256 indexed colours, choosing between the cube and the grey ramp (232–255).
    /// The 16 ANSI entries are never chosen: terminals often redefine them.
    static func indexed256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = Int(red), g = Int(green), b = Int(blue)
        let ri = nearestCubeLevel(r), gi = nearestCubeLevel(g), bi = nearestCubeLevel(b)
        let cubeDistance = distance((r, g, b), (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi]))
        // Grey ramp: 8, 18, …, 238.
        let average = (r + g + b) / 3
        let greyStep = min(23, max(0, (average - 3) / 10))
        let grey = 8 + 10 * greyStep
        let greyDistance = distance((r, g, b), (grey, grey, grey))
        if greyDistance < cubeDistance { return UInt8(232 + greyStep) }
        return UInt8(16 + 36 * ri + 6 * gi + bi)
    }

    /// The nearest of the 16 ANSI colours.
    static func ansi16(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let target = (Int(red), Int(green), Int(blue))
        var best = 0, bestDistance = Int.max
        for (index, entry) in ansiPalette.enumerated() {
            let d = distance(target, entry)
            if d < bestDistance { best = index; bestDistance = d }
        }
        return UInt8(best)
    }

    /// The RGB value an indexed colour has in xterm's default palette.
    static func rgb(ofIndexed index: UInt8) -> (UInt8, UInt8, UInt8) {
        let i = Int(index)
        if i < 16 {
            let (r, g, b) = ansiPalette[i]
            return (UInt8(r), UInt8(g), UInt8(b))
        }
        if i >= 232 {
            let level = UInt8(8 + 10 * (i - 232))
            return (level, level, level)
        }
        let cube = i - 16
        return (UInt8(cubeLevels[cube / 36]), UInt8(cubeLevels[(cube / 6) % 6]), UInt8(cubeLevels[cube % 6]))
    }

    /// The 16-colour equivalent of an indexed colour (itself when it is already one of the 16).
    static func ansi16(ofIndexed index: UInt8) -> UInt8 {
        if index < 16 { return index }
        let (r, g, b) = rgb(ofIndexed: index)
        return ansi16(red: r, green: g, blue: b)
    }

    private static func nearestCubeLevel(_ value: Int) -> Int {
        var best = 0
        for (index, level) in cubeLevels.enumerated() where abs(level - value) < abs(cubeLevels[best] - value) {
            best = index
        }
        return best
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0, dg = a.1 - b.1, db = a.2 - b.2
        return dr * dr + dg * dg + db * db
    }
}
