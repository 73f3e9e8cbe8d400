/// The names of `candidates` nearest to `name` by edit distance (at most `limit`, nearest first,
/// ties in `candidates` order), for "did you mean" hints; names further than half of `name`'s
/// length (and at least 3 edits) are left out. The one helper behind every "closest:" hint: scenario
/// names, engine presets, profile parameters, saved queries and their parameters, divergence kinds.
///
/// ```swift
/// closestNames(to: "legacy-03", in: ["legacy-0.3", "legacy-0.6", "classic"])  // ["legacy-0.3", "legacy-0.6"]
/// ```
package func closestNames(to name: String, in candidates: [String], limit: Int = 3) -> [String] {
    let target = Array(name.lowercased())
    let bound = max(3, target.count / 2)
    return candidates.enumerated()
        .map { (offset: $0.offset, name: $0.element, distance: editDistance(target, Array($0.element.lowercased()))) }
        .filter { $0.distance <= bound || $0.name.lowercased().contains(name.lowercased()) }
        .sorted { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
        .prefix(limit).map(\.name)
}

/// Levenshtein distance: insertions, deletions and substitutions of one character.
package func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    var previous = Array(0...b.count)
    for (i, x) in a.enumerated() {
        var current = [i + 1] + Array(repeating: 0, count: b.count)
        for (j, y) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

/// " (closest: a, b)" for the names of `candidates` nearest `name`, "" when none is near.
package func closestHint(to name: String, in candidates: [String]) -> String {
    let close = closestNames(to: name, in: candidates)
    return close.isEmpty ? "" : " (closest: \(close.joined(separator: ", ")))"
}
