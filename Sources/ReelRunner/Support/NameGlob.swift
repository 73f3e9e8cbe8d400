/// Shell-style patterns over names (`reel replay --scenario 'nav.*'`): `*` stands for any run of
/// characters (none too), `?` for exactly one; every other character for itself. A name with
/// neither is no pattern and is matched exactly by its callers.
///
/// ```swift
/// NameGlob("nav.*").matches("nav.interactive-pop")   // true
/// NameGlob("nav.pus?").matches("nav.push")           // true
/// ```
package struct NameGlob: Sendable, Hashable {
    private let pattern: [Character]

    package init(_ pattern: String) {
        self.pattern = Array(pattern)
    }

    /// Whether `text` holds `*` or `?`, and so is a pattern rather than a name.
    package static func isPattern(_ text: String) -> Bool {
        text.contains("*") || text.contains("?")
    }

    /// Whether the whole of `name` matches. Time is at most the product of the two lengths: the
    /// last `*` seen is the only one ever backtracked to.
    package func matches(_ name: String) -> Bool {
        let text = Array(name)
        var p = 0
        var t = 0
        var star: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                star = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let last = star {
                // The last star takes one more character, and matching goes on after it.
                star = (last.pattern, last.text + 1)
                p = last.pattern + 1
                t = last.text + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
