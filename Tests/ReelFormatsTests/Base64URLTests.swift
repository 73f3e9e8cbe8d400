import Testing

@testable import ReelFormats

/// Base64URL's encoder and decoder against RFC 4648 section 4's rule written out plainly here
/// (24 bits make four 6-bit characters of the section 5 alphabet, `=` pads the last group), at
/// every length around the 6-byte and 8-character steps the fast paths take, and with a bad
/// character at every position.
@Suite("Base64url text")
struct Base64URLTests {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// RFC 4648 section 4, one group of up to 3 bytes at a time.
    private static func reference(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let group = Array(bytes[index..<min(index + 3, bytes.count)])
            var bits = 0
            for position in 0..<3 { bits = bits << 8 | (position < group.count ? Int(group[position]) : 0) }
            for position in 0..<4 {
                text.append(position <= group.count ? alphabet[(bits >> (18 - 6 * position)) & 63] : UInt8(ascii: "="))
            }
            index += 3
        }
        return text
    }

    /// Bytes that vary in every bit, from a fixed seed (SplitMix64's step).
    private static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
    }

    private static func encoded(_ bytes: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        bytes.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
        return text
    }

    private static func decoded(_ text: [UInt8]) -> Result<[UInt8], Base64URL.DecodeError> {
        text.withUnsafeBufferPointer { text in Result { () throws(Base64URL.DecodeError) in try Base64URL.decode(text) } }
    }

    @Test func everyLengthEncodesAsTheRuleAndDecodesBack() throws {
        for count in 0...70 {
            for seed in 1...3 {
                let bytes = Self.bytes(count, seed: UInt64(count * 10 + seed))
                let text = Self.encoded(bytes)
                #expect(text == Self.reference(bytes), "\(count) bytes")
                #expect(try Self.decoded(text).get() == bytes, "\(count) bytes")
            }
        }
        // All ones and all zeros: the characters at the alphabet's two ends.
        for count in [6, 12, 13, 48] {
            for byte in [UInt8(0), 0xFF] {
                let bytes = [UInt8](repeating: byte, count: count)
                #expect(Self.encoded(bytes) == Self.reference(bytes))
                #expect(try Self.decoded(Self.encoded(bytes)).get() == bytes)
            }
        }
    }

    /// A character outside the alphabet at any position is named at that position, whether it
    /// falls in an 8-character step, a 4-character step or the padded end.
    @Test func aBadCharacterAnywhereIsNamedWhereItIs() {
        for count in [5, 6, 12, 17, 30] {
            let text = Self.encoded(Self.bytes(count, seed: UInt64(count)))
            let padding = text.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            for position in 0..<(text.count - padding) {
                for bad in [UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), 0x0A, 0xC3] {
                    var broken = text
                    broken[position] = bad
                    let result = Self.decoded(broken)
                    if bad == UInt8(ascii: "="), position >= text.count - 4 {
                        // '=' in the last group reads as padding: a shorter text that may be whole
                        // (spare bits 0), or is refused at that group.
                        if case .failure(let error) = result { #expect(error.offset >= text.count - 4, "\(count) bytes: \(error)") }
                        continue
                    }
                    switch result {
                    case .success: Issue.record("decoded \(count) bytes with \(bad) at \(position)")
                    case .failure(let error): #expect(error.offset == position, "\(count) bytes, \(bad) at \(position): \(error)")
                    }
                }
            }
        }
    }
}
