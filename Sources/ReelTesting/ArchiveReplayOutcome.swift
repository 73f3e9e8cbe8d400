import Foundation
import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// What an ``ArchiveReplay`` found, with the message a failing test prints.
public struct ArchiveReplayOutcome: Sendable {
    /// One session that did not match.
    public struct Finding: Sendable, Hashable {
        public var sessionID: Int64
        public var scenario: String
        public var status: VerdictStatus
        /// The kinds it diverged in, in `DivergenceKind` order.
        public var kinds: [DivergenceKind]
        /// Whether one of `kinds` fails under the replay's `failOn` (an error always does).
        public var fails: Bool
        /// The recorded and the replayed decision, when known.
        public var recordedDecision: Decision?
        public var replayedDecision: Decision?
        /// Each engine's decision arithmetic (`reel show`'s line), when the archive can explain it.
        public var recordedArithmetic: String?
        public var replayedArithmetic: String?
        /// The first divergence as `reel show` words it, or the engine's error.
        public var firstDivergence: String

        /// Whether the completion decision changed.
        public var flipped: Bool {
            guard let recordedDecision, let replayedDecision else { return false }
            return recordedDecision != replayedDecision
        }

        /// The replay's diverged and failed sessions, flips first, each group by session id.
        static func read(
            replayID: Int64, results: Archive, recorded: Archive, candidate: EngineIdentity?, policy: FailurePolicy
        ) throws -> [Finding] {
            let labels = try results.sessionLabels(replayID: replayID)
            var findings: [Finding] = []
            for row in try results.replayResults(replayID: replayID) where row.status != .matched {
                let recordedEngine =
                    try results.judgedBaseline(sessionID: row.sessionID, replayID: replayID)?.engineID
                    ?? recorded.baselineEngineID(sessionID: row.sessionID)
                func arithmetic(_ identity: EngineIdentity?) throws -> String? {
                    guard let identity,
                        case .success(let decision?) = try SessionDecision.explain(sessionID: row.sessionID, engine: identity, in: recorded)
                    else { return nil }
                    return decision.line
                }
                findings.append(
                    Finding(
                        sessionID: row.sessionID, scenario: labels[row.sessionID]?.scenario ?? "?", status: row.status,
                        kinds: row.kinds, fails: row.status == .error || row.kinds.contains { policy.failing.contains($0) },
                        recordedDecision: row.decisionExpected, replayedDecision: row.decisionActual,
                        recordedArithmetic: try arithmetic(try recorded.engine(id: recordedEngine)),
                        replayedArithmetic: try arithmetic(candidate),
                        firstDivergence: try results.firstDivergenceDetail(replayID: replayID, sessionID: row.sessionID)
                            ?? row.errorMessage ?? ""))
            }
            return findings.filter(\.flipped) + findings.filter { !$0.flipped }
        }
    }

    public var archivePath: String
    /// The candidate, as `reel replay --engine` names it.
    public var candidate: String
    public var replayID: Int64
    public var sessions: Int
    public var matched: Int
    public var diverged: Int
    public var errors: Int
    /// Sessions that fail under `failOn` (what makes `reel replay` end 1 or 2).
    public var failing: Int
    /// Every session that did not match, flips first.
    public var findings: [Finding]
    /// The report page written for this replay.
    public var reportPath: String
    /// The results archive the verdicts went into; nil in accept mode (they are in the archive).
    public var resultsPath: String?
    /// The sessions whose baseline became the candidate's trace (accept mode only).
    public var accepted: [Int64]
    public var failOn: Set<DivergenceKind>?

    /// Whether the test passes: nothing failing and nothing accepted.
    public var passed: Bool { failing == 0 && accepted.isEmpty }

    /// How many sessions of `findings` a message lists before it counts the rest.
    public static let listedFindings = 20

    /// What a failing test prints: the counts, each flip with both decisions and both engines'
    /// arithmetic, the other failing sessions with their first divergence, the report's path and
    /// the commands to look further or accept.
    public var message: String {
        var lines: [String] = []
        if !accepted.isEmpty {
            lines.append(
                "REEL_ACCEPT: accepted \(accepted.count) sessions of \(archivePath) (replay \(replayID) against \(candidate)) "
                    + "as new baselines; review the change, then run again without REEL_ACCEPT")
        }
        let failingKinds = failOn.map { $0.map(\.rawValue).sorted().joined(separator: ",") } ?? "every kind"
        lines.append(
            "\(failing) of \(sessions) sessions fail (fail on: \(failingKinds)): \(matched) matched, \(diverged) diverged, "
                + "\(errors) engine errors; \(findings.filter(\.flipped).count) decisions flipped")
        let failingFindings = findings.filter(\.fails)
        for finding in failingFindings.prefix(Self.listedFindings) {
            let shownScenario = UntrustedText.sanitized(finding.scenario, limit: 200)
            if finding.flipped, let recorded = finding.recordedDecision, let replayed = finding.replayedDecision {
                lines.append("- session \(finding.sessionID) (\(shownScenario)): \(recorded.rawValue) -> \(replayed.rawValue)")
                lines.append("    recorded: \(UntrustedText.sanitized(finding.recordedArithmetic ?? "–", limit: 400))")
                lines.append("    replayed: \(UntrustedText.sanitized(finding.replayedArithmetic ?? "–", limit: 400))")
            } else {
                let kinds = finding.kinds.map(\.rawValue).joined(separator: ", ")
                lines.append(
                    "- session \(finding.sessionID) (\(shownScenario)): \(finding.status.rawValue) [\(kinds)]: "
                        + UntrustedText.sanitized(finding.firstDivergence, limit: 400))
            }
        }
        if failingFindings.count > Self.listedFindings {
            lines.append("- ... and \(failingFindings.count - Self.listedFindings) more failing sessions (the report lists all)")
        }
        lines.append("report: \(reportPath)")
        if let resultsPath {
            lines.append("results: \(resultsPath) (reel show \(archivePath) ID, reel query \(resultsPath) ...)")
        }
        if accepted.isEmpty, failing > 0 {
            lines.append("if the change is intended: run the test again with REEL_ACCEPT=1 to make the candidate's traces the baselines")
        }
        return lines.joined(separator: "\n")
    }

    /// `name` reduced to a file name: letters, digits, `-`, `_` and `.`, at most 100 characters.
    static func fileName(_ name: String) -> String {
        let kept = name.unicodeScalars.map { scalar -> Character in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_.".unicodeScalars.contains(scalar)
                ? Character(scalar) : "-"
        }
        let text = String(kept.prefix(100))
        return text.isEmpty || text.allSatisfy({ $0 == "." }) ? "replay" : text
    }
}
