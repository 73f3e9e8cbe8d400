/// What a process remembers of what repeats (a spec text, a hierarchy, a resolved scenario),
/// within two bounds whatever its input: at most `entryCap` entries, holding at most
/// `byteBudget` bytes (as the caller counts them, with `remember(_:for:bytes:)`).
///
/// One policy for every such memory in Reel:
/// - An entry of more than `largestEntry` bytes (half the budget) is not remembered, so one
///   hostile value cannot push out everything else.
/// - Remembering a key already held replaces its entry (its bytes freed first), now the newest.
/// - Past either bound the oldest entries are forgotten, oldest first, until the new one fits
///   (first in, first out: looking an entry up changes nothing, so what is held depends only on
///   the sequence of `remember` calls, never on timing or on the reads).
///
/// A memo only saves work: whatever it holds, its users give what they give without it.
///
/// ```swift
/// var memo = BoundedMemo<String, String>(byteBudget: 1 << 20, entryCap: 64)
/// memo.remember("{\"a\":1}", for: "nav.push", bytes: 8 + 7)
/// memo["nav.push"]  // "{\"a\":1}"
/// ```
package struct BoundedMemo<Key: Hashable, Value> {
    /// The most bytes the entries may hold together.
    package let byteBudget: Int
    /// The most entries held.
    package let entryCap: Int
    /// The entries, the oldest first.
    private var entries: [(key: Key, value: Value, bytes: Int)] = []
    /// Where each key's entry is: its place in `entries` plus `forgotten`.
    private var places: [Key: Int] = [:]
    /// How many entries were forgotten from the front of `entries` since `places` was last rebuilt.
    private var forgotten = 0
    /// The bytes the entries hold now.
    package private(set) var bytes = 0

    package init(byteBudget: Int, entryCap: Int) {
        precondition(byteBudget >= 0 && entryCap >= 0, "a memo's bounds are not negative")
        self.byteBudget = byteBudget
        self.entryCap = entryCap
    }

    /// The most bytes one entry may hold and still be remembered: half the budget.
    package var largestEntry: Int { byteBudget / 2 }

    /// How many entries are held.
    package var count: Int { entries.count }

    /// The value remembered for `key`, if any.
    package subscript(key: Key) -> Value? {
        guard let place = places[key] else { return nil }
        return entries[place - forgotten].value
    }

    /// The newest entry for which `matches` holds (the newest first, then older ones).
    package func newest(where matches: (Key, Value) throws -> Bool) rethrows -> (key: Key, value: Value)? {
        for index in entries.indices.reversed() where try matches(entries[index].key, entries[index].value) {
            return (entries[index].key, entries[index].value)
        }
        return nil
    }

    /// The keys held, the oldest first.
    package var keys: [Key] { entries.map(\.key) }

    /// Remembers `value` for `key`, counted as `bytes`; false, and nothing changed, when `bytes`
    /// is more than `largestEntry` (or the cap is 0). Forgets the oldest entries as the bounds need.
    @discardableResult
    package mutating func remember(_ value: Value, for key: Key, bytes size: Int) -> Bool {
        guard size >= 0, size <= largestEntry, entryCap > 0 else { return false }
        if let place = places.removeValue(forKey: key) {
            let index = place - forgotten
            bytes -= entries[index].bytes
            entries.remove(at: index)
            rebuildPlaces()
        }
        var drop = 0
        var kept = bytes
        while drop < entries.count, entries.count - drop >= entryCap || kept + size > byteBudget {
            kept -= entries[drop].bytes
            places.removeValue(forKey: entries[drop].key)
            drop += 1
        }
        if drop > 0 {
            entries.removeFirst(drop)
            forgotten += drop
            bytes = kept
        }
        places[key] = entries.count + forgotten
        entries.append((key, value, size))
        bytes += size
        return true
    }

    /// Forgets every entry.
    package mutating func removeAll() {
        entries.removeAll()
        places.removeAll()
        forgotten = 0
        bytes = 0
    }

    private mutating func rebuildPlaces() {
        forgotten = 0
        for (index, entry) in entries.enumerated() { places[entry.key] = index }
    }
}
