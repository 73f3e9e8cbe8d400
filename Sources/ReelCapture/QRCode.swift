/// A QR code (ISO/IEC 18004) of a short text, for the URL `reel capture` prints in the terminal:
/// byte mode, error correction level M (15 % of the symbol can be lost), versions 1 to 10
/// (up to 213 bytes), the mask chosen by the standard's penalty rules.
package struct QRCode: Sendable, Hashable {
    /// The version (1-10); the symbol is 17 + 4 × version modules wide.
    package let version: Int
    /// The mask pattern used (0-7).
    package let mask: Int
    /// `modules[y][x]`: true for a dark module.
    package let modules: [[Bool]]

    package var size: Int { modules.count }

    /// The longest text (in UTF-8 bytes) a version-10-M symbol holds in byte mode.
    package static let maximumBytes = QRTables.capacityBytes(version: QRTables.maxVersion)

    /// The smallest symbol holding `text`; nil when its UTF-8 is longer than `maximumBytes`.
    package init?(text: String) {
        let bytes = Array(text.utf8)
        guard let version = (1...QRTables.maxVersion).first(where: { QRTables.capacityBytes(version: $0) >= bytes.count }) else {
            return nil
        }
        let codewords = QRTables.interleaved(QRCode.dataCodewords(bytes, version: version), version: version)
        var matrix = QRMatrix(version: version)
        matrix.place(codewords)
        var best: (penalty: Int, mask: Int, modules: [[Bool]])?
        for mask in 0..<8 {
            var candidate = matrix
            candidate.apply(mask: mask)
            candidate.drawFormat(mask: mask)
            let penalty = candidate.penalty()
            if best == nil || penalty < best!.penalty { best = (penalty, mask, candidate.modules) }
        }
        self.version = version
        self.mask = best!.mask
        modules = best!.modules
    }

    /// The data codewords of `bytes` in byte mode: mode 0100, the count (8 bits up to version 9,
    /// 16 from 10), the bytes, a terminator of up to four 0 bits, 0 bits to a byte boundary, then the
    /// pad bytes 0xEC 0x11 alternately up to the version's data capacity.
    static func dataCodewords(_ bytes: [UInt8], version: Int) -> [UInt8] {
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: version < 10 ? 8 : 16)
        for byte in bytes { bits.append(Int(byte), count: 8) }
        let capacity = QRTables.dataCodewords(version: version) * 8
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bits: [Bool] = []
    var count: Int { bits.count }

    mutating func append(_ value: Int, count: Int) {
        for shift in stride(from: count - 1, through: 0, by: -1) { bits.append((value >> shift) & 1 == 1) }
    }

    var bytes: [UInt8] {
        stride(from: 0, to: bits.count, by: 8).map { start in
            (0..<8).reduce(UInt8(0)) { byte, offset in
                byte << 1 | (start + offset < bits.count && bits[start + offset] ? 1 : 0)
            }
        }
    }
}
