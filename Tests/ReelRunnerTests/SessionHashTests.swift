import ReelEngine
import ReelJSON
import ReelTrace
import Testing

@testable import ReelRunner

/// The content hash's text is written without a `String` per number; these check it against the
/// published rule: numbers as `JSONWriter.format` writes them, integers as `String(_:)` does.
@Suite struct SessionHashTests {
    /// Short decimals like recorded touches, the edges of the fast path, and values it leaves to
    /// `JSONWriter.format`.
    @Test func numbersAreWrittenAsJSONWriterFormatWritesThem() {
        var values: [Double] = [
            0, -0.0, 1, -4, 390, 0.5, 0.1, -0.1, 0.001, 0.000999, 0.0001, 1e-5, 0.0011, 99_999_999_999_999.5,
            1e14 - 0.5, 1e14 + 0.5, 123_456_789.123_456, 0.016666666666666666, 1.0 / 3.0, .pi, 1e300, -1e-300,
            .nan, .infinity, -.infinity, .ulpOfOne, 2.675, 0.3, 506.061, 10.891, 0.002192, 9_007_199_254_740_994,
        ]
        var generator = SplitMix(seed: 22)
        for _ in 0..<20_000 {
            let fractionDigits = Int(generator.next() % 10)
            let digits = Double(generator.next() % 1_000_000_000_000)
            let sign: Double = generator.next() % 4 == 0 ? -1 : 1
            values.append(sign * digits / pow10(fractionDigits))
            values.append(Double(bitPattern: generator.next()))
            values.append(Double(generator.next() % 1_000_000) / 1_000_000 * pow10(Int(generator.next() % 20) - 6))
        }
        for value in values {
            var text = HashText(reservingCapacity: 32)
            text.append(value)
            #expect(String(decoding: text.bytes, as: UTF8.self) == JSONWriter.format(value), "\(value.bitPattern)")
        }
    }

    @Test(arguments: [0, 7, -7, 10, 1234, Int.max, Int.min])
    func integersAreWrittenAsStringWritesThem(value: Int) {
        var text = HashText(reservingCapacity: 32)
        text.append(value)
        #expect(String(decoding: text.bytes, as: UTF8.self) == String(value))
    }

    @Test func hashIsSHA256OfTheCanonicalText() {
        let touches = [
            Touch(t: 0.002192, id: 0, phase: .began, x: 10.891, y: 506.061),
            Touch(t: 1.0 / 60.0, id: 1, phase: .moved, x: 200, y: -0.0),
            Touch(t: 0.35, id: 0, phase: .ended, x: 1e-7, y: 844.5),
        ]
        let device = Device(width: 390, height: 844, scale: 3)
        var expected = "{\"name\":\"x\"}\n390 844 3 60 "
        for touch in touches {
            expected += "\n\(JSONWriter.format(touch.t)) \(touch.id) \(touch.phase.rawValue) "
            expected += "\(JSONWriter.format(touch.x)) \(JSONWriter.format(touch.y))"
        }
        #expect(
            SessionHash.hash(specJSON: "{\"name\":\"x\"}", device: device, refreshHz: 60, touches: touches)
                == SHA256.hex(expected))
    }

    /// A touch's line is written through a scratch buffer (`HashText.appendTouch`), flushed before
    /// any number `JSONWriter.format` writes: many touches, short decimals and long ones, every
    /// phase, extreme ids, hash as the text the rule describes.
    @Test func touchLinesAreTheCanonicalText() {
        var generator = SplitMix(seed: 37)
        let awkward: [Double] = [0, -0.0, 1e-7, 1e300, -1.0 / 3.0, .pi * 1e13, 123_456_789.123_456, .nan, 390]
        let ids = [0, 1, -1, 9, 10, Int.max, Int.min]
        var touches: [Touch] = []
        for index in 0..<3_000 {
            func value() -> Double {
                generator.next() % 5 == 0
                    ? awkward[Int(generator.next() % UInt64(awkward.count))]
                    : Double(generator.next() % 1_000_000_000) / pow10(Int(generator.next() % 7))
            }
            let phase = TouchPhase.allCases[index % TouchPhase.allCases.count]
            touches.append(Touch(t: value(), id: ids[Int(generator.next() % UInt64(ids.count))], phase: phase, x: value(), y: value()))
        }
        let device = Device(width: 390, height: 844, scale: 3)
        var expected = "{}\n390 844 3 120 "
        for touch in touches {
            expected += "\n\(JSONWriter.format(touch.t)) \(touch.id) \(touch.phase.rawValue) "
            expected += "\(JSONWriter.format(touch.x)) \(JSONWriter.format(touch.y))"
        }
        var text = HashText(reservingCapacity: 16)
        for touch in touches { text.appendTouch(touch) }
        #expect(String(decoding: text.bytes, as: UTF8.self) == String(expected.dropFirst("{}\n390 844 3 120 ".count)))
        #expect(SessionHash.hash(specJSON: "{}", device: device, refreshHz: 120, touches: touches) == SHA256.hex(expected))
    }

    private func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}

/// SplitMix64: a fixed, seedable sequence of test values.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
