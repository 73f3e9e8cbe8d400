import ReelStore
import ReelTrace

/// A replay's verdict groups counted as its verdicts are made: the sessions of each status and set
/// of divergence kinds that did not match, and how many of them flipped their decision. What
/// `Archive.verdictGroups` reads back once the verdicts are stored (kinds in `DivergenceKind`
/// order, as `replay_results.kinds_json` keeps them), so the exit status and `--fail-on` of a
/// replay come from its typed verdicts.
///
/// ```swift
/// var count = VerdictGroupCount()
/// count.add(verdict)
/// let tally = VerdictTally(groups: count.groups, policy: .everyKind)
/// ```
package struct VerdictGroupCount: Sendable {
    private struct Key: Hashable {
        var status: VerdictStatus
        var kinds: [DivergenceKind]
    }

    private var counts: [Key: (sessions: Int, flips: Int)] = [:]
    /// The groups in the order their first session came.
    private var order: [Key] = []

    package init() {}

    /// Counts one session's verdict (a matched one is in no group).
    package mutating func add(_ verdict: SessionComparison) {
        guard verdict.status != .matched else { return }
        let key = Key(status: verdict.status, kinds: verdict.kinds)
        let flip = verdict.flipped ? 1 : 0
        if let count = counts[key] {
            counts[key] = (count.sessions + 1, count.flips + flip)
        } else {
            counts[key] = (1, flip)
            order.append(key)
        }
    }

    /// The groups counted, in the order their first session came.
    package var groups: [VerdictGroup] {
        order.map { key in
            let count = counts[key]!
            return VerdictGroup(status: key.status, kinds: key.kinds, sessions: count.sessions, flips: count.flips)
        }
    }
}
