/// The secret a capture server listening beyond loopback requires in every URL (`?token=…`).
package struct CaptureToken: Sendable, Hashable {
    /// 32 lowercase hex digits (128 random bits).
    package let text: String

    package init(text: String) { self.text = text }

    /// A new token from the system's random source (getrandom on Linux).
    package static func random() -> CaptureToken {
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef")
        return CaptureToken(text: String((0..<32).map { _ in digits[Int(generator.next() % 16)] }))
    }

    /// Whether `candidate` is the token, comparing every byte whatever the first difference (so the
    /// answer's timing does not tell how much of a guess was right).
    package func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in 0..<expected.count {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }
}
