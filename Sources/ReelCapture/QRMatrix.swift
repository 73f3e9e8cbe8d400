/// The module grid of a QR symbol while it is built: the function patterns (finders, separators,
/// timing, alignment, the dark module, reserved format and version areas), then the codewords in
/// the standard's two-column zigzag, a mask, and the format bits.
struct QRMatrix {
    var modules: [[Bool]]
    /// Modules of function patterns: never masked, never hold data.
    private var isFunction: [[Bool]]
    let size: Int

    init(version: Int) {
        size = 17 + 4 * version
        modules = Array(repeating: Array(repeating: false, count: size), count: size)
        isFunction = modules
        // The timing patterns first: the finders drawn over them keep their rings whole.
        for index in 0..<size {
            set(6, index, index % 2 == 0)
            set(index, 6, index % 2 == 0)
        }
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(centreX: x, centreY: y) }
        let centres = QRTables.alignmentCentres[version - 1]
        for y in centres {
            for x in centres {
                let nearFinder = (x == 6 && y == 6) || (x == 6 && y == centres.last!) || (x == centres.last! && y == 6)
                if !nearFinder { drawAlignment(centreX: x, centreY: y) }
            }
        }
        drawFormat(mask: 0)  // reserves the format areas (and sets the dark module); redrawn per mask
        if version >= 7 {
            let bits = QRTables.versionBits(version)
            for index in 0..<18 {
                let dark = (bits >> index) & 1 == 1
                let a = size - 11 + index % 3
                let b = index / 3
                set(a, b, dark)
                set(b, a, dark)
            }
        }
    }

    /// Sets module (x, y) as part of a function pattern.
    private mutating func set(_ x: Int, _ y: Int, _ dark: Bool) {
        modules[y][x] = dark
        isFunction[y][x] = true
    }

    private mutating func drawFinder(centreX: Int, centreY: Int) {
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx
                let y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let distance = max(abs(dx), abs(dy))
                set(x, y, distance != 2 && distance != 4)
            }
        }
    }

    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 { set(centreX + dx, centreY + dy, max(abs(dx), abs(dy)) != 1) }
        }
    }

    /// The two copies of the 15 format bits, and the dark module at (8, size - 8).
    mutating func drawFormat(mask: Int) {
        let bits = QRTables.formatBits(mask: mask)
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(8, index, bit(index)) }
        set(8, 7, bit(6))
        set(8, 8, bit(7))
        set(7, 8, bit(8))
        for index in 9..<15 { set(14 - index, 8, bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, bit(index)) }
        set(8, size - 8, true)
    }

    /// The codewords' bits, most significant first, up and down two-column strips from the right
    /// (skipping the vertical timing column); modules left over stay light.
    mutating func place(_ codewords: [UInt8]) {
        var bitIndex = 0
        var right = size - 1
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                for column in 0..<2 {
                    let x = right - column
                    let upward = (right + 1) & 2 == 0
                    let y = upward ? size - 1 - step : step
                    guard !isFunction[y][x], bitIndex < codewords.count * 8 else { continue }
                    modules[y][x] = (codewords[bitIndex >> 3] >> (7 - (bitIndex & 7))) & 1 == 1
                    bitIndex += 1
                }
            }
            right -= 2
        }
    }

    /// Flips the data modules where mask pattern `mask` (0-7) holds.
    mutating func apply(mask: Int) {
        for y in 0..<size {
            for x in 0..<size where !isFunction[y][x] {
                let flip: Bool
                switch mask {
                case 0: flip = (x + y) % 2 == 0
                case 1: flip = y % 2 == 0
                case 2: flip = x % 3 == 0
                case 3: flip = (x + y) % 3 == 0
                case 4: flip = (x / 3 + y / 2) % 2 == 0
                case 5: flip = x * y % 2 + x * y % 3 == 0
                case 6: flip = (x * y % 2 + x * y % 3) % 2 == 0
                default: flip = ((x + y) % 2 + x * y % 3) % 2 == 0
                }
                if flip { modules[y][x].toggle() }
            }
        }
    }

    /// The standard's penalty score (N1 runs, N2 blocks, N3 finder-like patterns, N4 balance): the
    /// mask with the lowest is used.
    func penalty() -> Int {
        var score = 0
        let columns = (0..<size).map { x in (0..<size).map { y in modules[y][x] } }
        for line in modules + columns {
            var run = 1
            for index in 1..<size {
                if line[index] == line[index - 1] {
                    run += 1
                } else {
                    if run >= 5 { score += run - 2 }
                    run = 1
                }
            }
            if run >= 5 { score += run - 2 }
            score += 40 * Self.finderLike(line)
        }
        for y in 0..<size - 1 {
            for x in 0..<size - 1 {
                let colour = modules[y][x]
                if modules[y][x + 1] == colour, modules[y + 1][x] == colour, modules[y + 1][x + 1] == colour { score += 3 }
            }
        }
        let dark = modules.reduce(0) { $0 + $1.filter { $0 }.count }
        let total = size * size
        score += 10 * (abs(dark * 20 - total * 10) / total)
        return score
    }

    /// Occurrences of 1:1:3:1:1 dark-light with four light modules on either side (outside the
    /// symbol counts as light).
    private static func finderLike(_ line: [Bool]) -> Int {
        let core: [Bool] = [true, false, true, true, true, false, true]
        let padded = Array(repeating: false, count: 4) + line + Array(repeating: false, count: 4)
        var count = 0
        for start in 0...(padded.count - 11) {
            let before = Array(padded[start..<start + 11])
            if Array(before[4..<11]) == core, !before[0..<4].contains(true) { count += 1 }
            if Array(before[0..<7]) == core, !before[7..<11].contains(true) { count += 1 }
        }
        return count
    }
}
