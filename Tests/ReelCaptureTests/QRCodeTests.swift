import Testing

@testable import ReelCapture

/// The QR encoder against numbers published in ISO/IEC 18004 and rules applied by hand; the
/// whole symbol is also decoded by zbar in tools/check-capture.
@Suite("QR code")
struct QRCodeTests {
    /// Annex I of the standard encodes "01234567" as version 1-M: its 16 data codewords and the
    /// 10 error correction codewords the standard lists for them.
    @Test func reedSolomonGivesTheStandardsExampleCodewords() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let correction = QRTables.remainder(data, divisor: QRTables.generator(degree: 10))
        #expect(correction == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    /// The standard's table of format information bit sequences, level M, masks 0-7.
    @Test func formatBitsAreTheStandardsTable() {
        let table = [
            "101010000010010", "101000100100101", "101111001111100", "101101101001011",
            "100010111111001", "100000011001110", "100111110010111", "100101010100000",
        ]
        for mask in 0..<8 {
            #expect(QRTables.formatBits(mask: mask) == Int(table[mask], radix: 2), "mask \(mask)")
        }
    }

    /// The standard's table of version information bit sequences (Annex D), versions 7-10.
    @Test func versionBitsAreTheStandardsTable() {
        #expect(QRTables.versionBits(7) == 0x07C94)
        #expect(QRTables.versionBits(8) == 0x085BC)
        #expect(QRTables.versionBits(9) == 0x09A99)
        #expect(QRTables.versionBits(10) == 0x0A4D3)
    }

    /// "AB" in byte mode, version 1-M, by the rules of clause 7.4: mode 0100, count 00000010,
    /// 01000001 01000010, terminator 0000, then pad codewords 11101100 00010001 alternately to 16.
    @Test func byteModeDataCodewordsFollowTheRules() {
        let expected: [UInt8] =
            [0x40, 0x24, 0x14, 0x20] + [UInt8]([0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]) + [0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(QRCode.dataCodewords(Array("AB".utf8), version: 1) == expected)
    }

    /// Table 7's byte-mode capacities at level M for versions 1-10.
    @Test func capacitiesAreTheStandardsTable() {
        #expect((1...10).map { QRTables.capacityBytes(version: $0) } == [14, 26, 42, 62, 84, 106, 122, 152, 180, 213])
        #expect(QRCode(text: String(repeating: "a", count: 213))?.version == 10)
        #expect(QRCode(text: String(repeating: "a", count: 214)) == nil)
        #expect(QRCode(text: String(repeating: "a", count: 14))?.version == 1)
        #expect(QRCode(text: String(repeating: "a", count: 15))?.version == 2)
    }

    /// In every version: the three finder patterns with their separators, the timing patterns, the
    /// dark module, both copies of the format bits for the mask chosen, and the version bits from 7 on.
    @Test(arguments: [10, 20, 30, 50, 70, 90, 110, 130, 170, 190])
    func symbolsCarryTheirFunctionPatterns(length: Int) throws {
        let code = try #require(QRCode(text: String((0..<length).map { Character(UnicodeScalar(UInt8(97 + $0 % 26))) })))
        let size = code.size
        let m = code.modules
        #expect(size == 17 + 4 * code.version)
        for (cx, cy) in [(3, 3), (size - 4, 3), (3, size - 4)] {
            for dy in -4...4 {
                for dx in -4...4 where (0..<size).contains(cx + dx) && (0..<size).contains(cy + dy) {
                    let ring = max(abs(dx), abs(dy))
                    #expect(m[cy + dy][cx + dx] == (ring != 2 && ring != 4), "finder at \(cx),\(cy)")
                }
            }
        }
        for index in 8..<(size - 8) {
            #expect(m[6][index] == (index % 2 == 0))
            #expect(m[index][6] == (index % 2 == 0))
        }
        #expect(m[size - 8][8])
        let format = QRTables.formatBits(mask: code.mask)
        let first = (0...5).map { m[$0][8] } + [m[7][8], m[8][8], m[8][7]] + (9..<15).map { m[8][14 - $0] }
        let second = (0..<8).map { m[8][size - 1 - $0] } + (8..<15).map { m[size - 15 + $0][8] }
        let bits = (0..<15).map { (format >> $0) & 1 == 1 }
        #expect(first == bits)
        #expect(second == bits)
        if code.version >= 7 {
            let version = QRTables.versionBits(code.version)
            for index in 0..<18 {
                let dark = (version >> index) & 1 == 1
                #expect(m[index / 3][size - 11 + index % 3] == dark)
                #expect(m[size - 11 + index % 3][index / 3] == dark)
            }
        }
    }

    @Test func theTerminalDrawingHasTwoModuleRowsPerLineAndAQuietZone() throws {
        let code = try #require(QRCode(text: "http://127.0.0.1:8080/?token=0123456789abcdef0123456789abcdef"))
        let lines = TerminalQR.text(code).split(separator: "\n")
        let width = code.size + 2 * TerminalQR.quietZone
        #expect(lines.count == (width + 1) / 2)
        #expect(lines.allSatisfy { $0.count == width })
        #expect(lines[0].allSatisfy { $0 == "█" })
    }
}
