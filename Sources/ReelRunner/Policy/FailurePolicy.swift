import Foundation
import ReelEngine
import ReelStore
import ReelTrace

/// Which divergence kinds fail a replay (`--fail-on`): a session diverging only in other kinds is
/// reported but does not count toward the exit status, the JUnit failures or the failing count.
///
/// `error` always fails, whether it is named or not: a session the candidate could not run has no
/// verdict at all, so a replay of sessions that cannot run never looks green.
package struct FailurePolicy: Sendable, Hashable {
    /// The failing kinds, always with `.error`.
    package let failing: Set<DivergenceKind>

    /// Every kind fails: the default.
    package static let everyKind = FailurePolicy(failing: Set(DivergenceKind.allCases))

    private init(failing: Set<DivergenceKind>) { self.failing = failing.union([.error]) }

    /// Reads a comma-separated list of kind names (`decision,lifecycle`); an unknown or empty name
    /// is a usage error listing the valid ones.
    package init(parsing text: String) throws(ReelFailure) {
        var kinds = Set<DivergenceKind>()
        let valid = DivergenceKind.allCases.map(\.rawValue)
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let kind = DivergenceKind(rawValue: name) else {
                let close = name.isEmpty ? [] : closestNames(to: name, in: valid)
                let what = name.isEmpty ? "an empty kind" : "unknown divergence kind '\(UntrustedText.sanitized(name, limit: 60))'"
                throw ReelFailure(
                    .usage,
                    "--fail-on: \(what)" + (close.isEmpty ? "" : " (closest: \(close.joined(separator: ", ")))")
                        + "; valid kinds: \(valid.joined(separator: ", "))")
            }
            kinds.insert(kind)
        }
        self.init(failing: kinds)
    }

    /// Whether every kind fails (the default policy).
    package var failsEveryKind: Bool { failing.count == DivergenceKind.allCases.count }

    /// Whether a session with these divergence kinds fails.
    package func fails(_ kinds: some Sequence<DivergenceKind>) -> Bool { kinds.contains(where: failing.contains) }

    /// The failing kinds in `DivergenceKind` order.
    package var failingKinds: [DivergenceKind] { DivergenceKind.allCases.filter(failing.contains) }

    /// The failing kinds as `--fail-on` takes them, in `DivergenceKind` order.
    package var argument: String { failingKinds.map(\.rawValue).joined(separator: ",") }
}
