/// FNV-1a, 64-bit: a small stable hash for fingerprints (the same bytes give the same digest on
/// every platform and in every process, unlike Swift's seeded `Hasher`).
enum FNV1a {
    static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The digest of the UTF-8 bytes of `text`.
    static func hash(_ text: String) -> UInt64 {
        var value = offsetBasis
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value = value &* prime
        }
        return value
    }

    /// The digest as 16 lowercase hex digits.
    static func hex(_ text: String) -> String {
        let digits = String(hash(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
