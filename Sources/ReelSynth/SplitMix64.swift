/// SplitMix64 (Steele, Lea, Flood 2014): a tiny, fast, well-mixed pseudo-random generator.
/// The synthesizer's only source of randomness, so a seed always gives the same streams.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's output function: a bijective avalanche of 64 bits.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A Double in [0, 1) with 53 random bits.
    public mutating func unit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// A Double in [lower, upper).
    public mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        lower + (upper - lower) * unit()
    }

    /// Roughly normal noise with standard deviation `sigma` (sum of four uniforms; bounded).
    public mutating func noise(sigma: Double) -> Double {
        let sum = unit() + unit() + unit() + unit() - 2
        return sum * sigma * 1.7320508075688772  // the sum's deviation is 1/sqrt(3)
    }
}
