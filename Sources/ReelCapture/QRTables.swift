/// The numbers of ISO/IEC 18004 that a byte-mode, level-M symbol of versions 1-10 needs, and the
/// Reed-Solomon code over GF(256) (primitive polynomial x⁸ + x⁴ + x³ + x² + 1) that protects it.
enum QRTables {
    static let maxVersion = 10

    /// Per version (index version - 1), level M: EC codewords per block, and the blocks as
    /// (count, data codewords per block), from the standard's table 9.
    static let levelM: [(ecPerBlock: Int, groups: [(count: Int, data: Int)])] = [
        (10, [(1, 16)]), (16, [(1, 28)]), (26, [(1, 44)]), (18, [(2, 32)]), (24, [(2, 43)]),
        (16, [(4, 27)]), (18, [(4, 31)]), (22, [(2, 38), (2, 39)]), (22, [(3, 36), (2, 37)]), (26, [(4, 43), (1, 44)]),
    ]

    /// Row and column centres of the alignment patterns (table E.1).
    static let alignmentCentres: [[Int]] = [
        [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46], [6, 28, 50],
    ]

    /// The format information's error-correction-level bits (M is 00).
    static let levelMBits = 0b00

    static func dataCodewords(version: Int) -> Int {
        levelM[version - 1].groups.reduce(0) { $0 + $1.count * $1.data }
    }

    /// Bytes a byte-mode symbol holds: data bits less the 4 mode bits and the count.
    static func capacityBytes(version: Int) -> Int {
        (dataCodewords(version: version) * 8 - 4 - (version < 10 ? 8 : 16)) / 8
    }

    /// The data codewords split into blocks, each followed by its EC codewords, interleaved: the
    /// first codeword of every block, then the second, …; then the EC codewords likewise.
    static func interleaved(_ data: [UInt8], version: Int) -> [UInt8] {
        let layout = levelM[version - 1]
        var blocks: [[UInt8]] = []
        var offset = 0
        for group in layout.groups {
            for _ in 0..<group.count {
                blocks.append(Array(data[offset..<offset + group.data]))
                offset += group.data
            }
        }
        let divisor = generator(degree: layout.ecPerBlock)
        let corrections = blocks.map { remainder($0, divisor: divisor) }
        var out: [UInt8] = []
        for index in 0..<blocks.map(\.count).max()! {
            for block in blocks where index < block.count { out.append(block[index]) }
        }
        for index in 0..<layout.ecPerBlock {
            for correction in corrections { out.append(correction[index]) }
        }
        return out
    }

    /// The generator polynomial (x - α⁰)(x - α¹)…(x - α^(degree-1)), coefficients from the highest
    /// power down, the leading 1 left out.
    static func generator(degree: Int) -> [UInt8] {
        var coefficients = [UInt8](repeating: 0, count: degree)
        coefficients[degree - 1] = 1
        var root: UInt8 = 1
        for _ in 0..<degree {
            for index in 0..<degree {
                coefficients[index] = multiply(coefficients[index], root)
                if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
            }
            root = multiply(root, 0x02)
        }
        return coefficients
    }

    /// The remainder of data(x) · x^degree divided by the generator: the EC codewords.
    static func remainder(_ data: [UInt8], divisor: [UInt8]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: divisor.count)
        for byte in data {
            let factor = byte ^ result.removeFirst()
            result.append(0)
            for index in 0..<divisor.count { result[index] ^= multiply(divisor[index], factor) }
        }
        return result
    }

    /// Multiplication in GF(256) modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D).
    static func multiply(_ x: UInt8, _ y: UInt8) -> UInt8 {
        var product = 0
        for bit in stride(from: 7, through: 0, by: -1) {
            product = (product << 1) ^ ((product >> 7) * 0x11D)
            product ^= ((Int(y) >> bit) & 1) * Int(x)
        }
        return UInt8(product)
    }

    /// The 15 format bits for level M and `mask`: 5 data bits, a BCH(15,5) remainder (generator
    /// 0x537), XORed with 0x5412.
    static func formatBits(mask: Int) -> Int {
        let data = levelMBits << 3 | mask
        var remainder = data
        for _ in 0..<10 { remainder = (remainder << 1) ^ ((remainder >> 9) * 0x537) }
        return (data << 10 | remainder) ^ 0x5412
    }

    /// The 18 version bits (versions 7 and up): the version and a BCH(18,6) remainder (generator 0x1F25).
    static func versionBits(_ version: Int) -> Int {
        var remainder = version
        for _ in 0..<12 { remainder = (remainder << 1) ^ ((remainder >> 11) * 0x1F25) }
        return version << 12 | remainder
    }
}
