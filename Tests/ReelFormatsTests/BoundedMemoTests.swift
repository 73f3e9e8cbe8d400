import Testing

@testable import ReelFormats

/// `BoundedMemo`'s one policy (its doc comment): at most `entryCap` entries and `byteBudget`
/// bytes, an entry of more than half the budget never kept, a key remembered again replacing its
/// entry as the newest, and the oldest forgotten first. Each expectation is worked out here from
/// that rule by a plain list model, not read back from the memo.
@Suite("BoundedMemo")
struct BoundedMemoTests {
    /// The rule written out plainly: a list, the oldest first.
    struct Model {
        let budget: Int
        let cap: Int
        var entries: [(key: String, bytes: Int)] = []

        mutating func remember(_ key: String, bytes: Int) {
            guard bytes <= budget / 2, cap > 0 else { return }
            entries.removeAll { $0.key == key }
            while !entries.isEmpty, entries.count >= cap || entries.map(\.bytes).reduce(0, +) + bytes > budget {
                entries.removeFirst()
            }
            entries.append((key, bytes))
        }
    }

    @Test func theEntryCapForgetsTheOldestFirst() {
        var memo = BoundedMemo<String, Int>(byteBudget: 1000, entryCap: 3)
        for (index, key) in ["a", "b", "c", "d", "e"].enumerated() { memo.remember(index, for: key, bytes: 10) }
        // Five of 10 bytes under a cap of 3: "a" and "b" went, in that order.
        #expect(memo.keys == ["c", "d", "e"])
        #expect(memo.count == 3)
        #expect(memo.bytes == 3 * 10)
        #expect(memo["a"] == nil && memo["b"] == nil)
        #expect(memo["c"] == 2 && memo["e"] == 4)
    }

    @Test func theByteBudgetForgetsAsManyOldestAsTheNewEntryNeeds() {
        var memo = BoundedMemo<String, Int>(byteBudget: 100, entryCap: 64)
        memo.remember(1, for: "a", bytes: 30)
        memo.remember(2, for: "b", bytes: 30)
        memo.remember(3, for: "c", bytes: 30)
        // 90 held; 45 more would make 135 > 100: "a" goes (105 still > 100), then "b" (75).
        memo.remember(4, for: "d", bytes: 45)
        #expect(memo.keys == ["c", "d"])
        #expect(memo.bytes == 30 + 45)
        // Exactly the budget fits: 75 + 25 = 100.
        memo.remember(5, for: "e", bytes: 25)
        #expect(memo.keys == ["c", "d", "e"])
        #expect(memo.bytes == 100)
    }

    @Test func anEntryOfMoreThanHalfTheBudgetIsNotKept() {
        var memo = BoundedMemo<String, Int>(byteBudget: 101, entryCap: 8)
        memo.remember(1, for: "small", bytes: 10)
        // Half of 101 is 50 (integer division): 50 is kept, 51 is not, and nothing is forgotten for it.
        #expect(memo.largestEntry == 50)
        let kept1 = memo.remember(2, for: "too big", bytes: 51)
        #expect(!kept1)
        #expect(memo.keys == ["small"])
        #expect(memo.bytes == 10)
        let kept2 = memo.remember(3, for: "half", bytes: 50)
        #expect(kept2)
        #expect(memo.keys == ["small", "half"])
        // A key already held and remembered again oversize keeps its old entry.
        let kept3 = memo.remember(4, for: "small", bytes: 80)
        #expect(!kept3)
        #expect(memo["small"] == 1)
    }

    @Test func rememberingAKeyAgainReplacesItAsTheNewest() {
        var memo = BoundedMemo<String, String>(byteBudget: 1000, entryCap: 3)
        memo.remember("1", for: "a", bytes: 10)
        memo.remember("2", for: "b", bytes: 20)
        memo.remember("3", for: "c", bytes: 30)
        memo.remember("1 again", for: "a", bytes: 40)
        // "a" freed its 10 bytes and moved to the end; no entry was forgotten (3 keys, cap 3).
        #expect(memo.keys == ["b", "c", "a"])
        #expect(memo.bytes == 20 + 30 + 40)
        #expect(memo["a"] == "1 again")
        // The next new key forgets the oldest, now "b".
        memo.remember("4", for: "d", bytes: 1)
        #expect(memo.keys == ["c", "a", "d"])
        #expect(memo["b"] == nil && memo["c"] == "3" && memo["a"] == "1 again" && memo["d"] == "4")
    }

    @Test func lookingUpChangesNothingAndNewestScansFromTheNewest() {
        var memo = BoundedMemo<[UInt8], String>(byteBudget: 1000, entryCap: 2)
        memo.remember("ab", for: [1, 2], bytes: 4)
        memo.remember("abc", for: [1, 2, 3], bytes: 6)
        // Both start with 1; the newest is found first.
        #expect(memo.newest { key, _ in key.first == 1 }?.value == "abc")
        #expect(memo.newest { key, _ in key.count == 2 }?.value == "ab")
        #expect(memo.newest { _, _ in false } == nil)
        // A lookup of the oldest does not save it from being forgotten next (first in, first out).
        #expect(memo[[1, 2]] == "ab")
        memo.remember("x", for: [9], bytes: 1)
        #expect(memo.keys == [[1, 2, 3], [9]])
    }

    @Test func aZeroCapKeepsNothing() {
        var memo = BoundedMemo<String, Int>(byteBudget: 1000, entryCap: 0)
        let kept4 = memo.remember(1, for: "a", bytes: 1)
        #expect(!kept4)
        #expect(memo.count == 0 && memo.bytes == 0)
    }

    /// A long mixed sequence (SplitMix64 from a fixed seed: keys of 12 names, sizes up to past half
    /// the budget) held exactly as the plain model holds it, at every step, within both bounds.
    @Test func aLongSequenceMatchesThePlainRuleAtEveryStep() {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        let budget = 200
        let cap = 5
        var memo = BoundedMemo<String, Int>(byteBudget: budget, entryCap: cap)
        var model = Model(budget: budget, cap: cap)
        for step in 0..<2000 {
            let key = "k\(next() % 12)"
            let bytes = Int(next() % UInt64(budget / 2 + 20))
            memo.remember(step, for: key, bytes: bytes)
            model.remember(key, bytes: bytes)
            #expect(memo.keys == model.entries.map(\.key), "step \(step)")
            #expect(memo.bytes == model.entries.map(\.bytes).reduce(0, +), "step \(step)")
            #expect(memo.count <= cap && memo.bytes <= budget)
            for key in model.entries.map(\.key) where memo[key] == nil { Issue.record("step \(step): \(key) lost") }
        }
        memo.removeAll()
        #expect(memo.count == 0 && memo.bytes == 0 && memo["k1"] == nil)
    }
}
