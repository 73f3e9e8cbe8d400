import ReelJSON
import ReelStore
import ReelTrace

/// A replay's verdicts counted by session under a `FailurePolicy`: how many diverging sessions
/// fail it, how many diverge only in kinds it lets pass, and how many sessions show each kind.
/// Read from `replay_results` (status and `kinds_json`) grouped (`Archive.verdictGroups`), so its memory does
/// not grow with the replay.
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

    /// Counts replay `replayID` of `archive`; a `kinds_json` naming no kind is bad data.
    package init(replayID: Int64, in archive: Archive, policy: FailurePolicy) throws {
        self.policy = policy
        var passing = Set<DivergenceKind>()
        for group in try archive.verdictGroups(replayID: replayID) {
            let count = group.sessions
            flips += group.flips
            let kinds = try Self.kinds(group.kindsJSON, archive: archive, replayID: replayID)
            for kind in kinds { sessionsByKind[kind, default: 0] += count }
            if group.status == VerdictStatus.error.rawValue {
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

    /// The session counts per kind in `DivergenceKind` order.
    package var orderedSessionsByKind: [(kind: DivergenceKind, sessions: Int)] {
        DivergenceKind.allCases.compactMap { kind in sessionsByKind[kind].map { (kind, $0) } }
    }

    /// The kinds of one `kinds_json` value (a JSON array of kind names).
    private static func kinds(_ json: String, archive: Archive, replayID: Int64) throws -> [DivergenceKind] {
        let invalid = ReelFailure(
            .dataError,
            "\(archive.path): replay_results.kinds_json of replay \(replayID) is not a list of divergence kinds: "
                + UntrustedText.sanitized(json, limit: 80))
        guard case .array(let values)? = try? JSONParser.parse(json) else { throw invalid }
        return try values.map { value in
            guard case .string(let name) = value, let kind = DivergenceKind(rawValue: name) else { throw invalid }
            return kind
        }
    }
}
