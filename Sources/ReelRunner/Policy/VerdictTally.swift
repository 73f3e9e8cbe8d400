import ReelStore
import ReelTrace

/// A replay's verdicts counted by session under a `FailurePolicy`: how many diverging sessions
/// fail it, how many diverge only in kinds it lets pass, and how many sessions show each kind.
/// Counted from verdict groups (sessions of one status and one set of kinds): those the replay
/// counted as it made its verdicts (`Replayer.Summary.verdictGroups`), or those `replay_results`
/// holds (`Archive.verdictGroups`, which decodes them), so its memory does not grow with the replay.
package struct VerdictTally: Sendable, Hashable {
    package let policy: FailurePolicy
    /// Diverged sessions with at least one failing kind.
    package private(set) var failingSessions = 0
    /// Diverged sessions whose kinds all pass under the policy.
    package private(set) var passingDivergedSessions = 0
    /// The kinds found in the passing diverged sessions, in `DivergenceKind` order.
    package private(set) var passingKinds: [DivergenceKind] = []
    /// Sessions that show each kind (a session counts once per kind), kinds with none left out.
    package private(set) var sessionsByKind: [DivergenceKind: Int] = [:]
    /// Sessions the candidate engine could not run (always failing).
    package private(set) var errors = 0
    /// Sessions whose completion decision flipped (both decisions known and different).
    package private(set) var flips = 0

    /// Counts replay `replayID` of `archive` from its typed verdict groups (a stored kind or status
    /// the schema does not know fails the read, `ArchiveError.invalidStoredValue`).
    package init(replayID: Int64, in archive: Archive, policy: FailurePolicy) throws {
        self.init(groups: try Self.storedGroups(replayID: replayID, in: archive), policy: policy)
    }

    /// Counts verdict groups: a replay's as `Replayer.Summary.verdictGroups` holds them (counted from
    /// the verdicts as the replay made them, or read from its stored rows).
    package init(groups: [VerdictGroup], policy: FailurePolicy) {
        self.policy = policy
        var passing = Set<DivergenceKind>()
        for group in groups {
            let count = group.sessions
            flips += group.flips
            let kinds = group.kinds
            for kind in kinds { sessionsByKind[kind, default: 0] += count }
            if group.status == .error {
                errors += count
            } else if policy.fails(kinds) {
                failingSessions += count
            } else {
                passingDivergedSessions += count
                passing.formUnion(kinds)
            }
        }
        passingKinds = DivergenceKind.allCases.filter(passing.contains)
    }

    /// Replay `replayID`'s stored verdict groups (`Archive.verdictGroups`); a stored status or kind
    /// the schema does not know is bad data naming the archive, the column and the value.
    package static func storedGroups(replayID: Int64, in archive: Archive) throws -> [VerdictGroup] {
        do {
            return try archive.verdictGroups(replayID: replayID)
        } catch ArchiveError.invalidStoredValue(let table, let column, let value) {
            throw ReelFailure(
                .dataError,
                "\(archive.path): \(table).\(column) of replay \(replayID) holds \(UntrustedText.sanitized(value, limit: 80)), "
                    + (column == "status" ? "not a verdict status" : "not a list of divergence kinds"))
        }
    }

    /// The session counts per kind in `DivergenceKind` order.
    package var orderedSessionsByKind: [(kind: DivergenceKind, sessions: Int)] {
        DivergenceKind.allCases.compactMap { kind in sessionsByKind[kind].map { (kind, $0) } }
    }
}
