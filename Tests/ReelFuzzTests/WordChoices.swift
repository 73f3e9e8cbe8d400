/// Choices decoded from one random word, as the mutators take them: each `take(n)` is a number in
/// 0..<n drawn from the word's remaining bits (0 for n = 0), so one word drives one mutation.
struct WordChoices {
    private var bits: UInt64

    init(_ word: UInt64) { bits = word }

    mutating func take(_ bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        defer { bits /= UInt64(bound) }
        return Int(bits % UInt64(bound))
    }
}
