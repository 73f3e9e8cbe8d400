import ReelTrace
import Testing

/// The verdict vocabulary's spellings are the archive's: `divergences.kind`, `replay_results.status`
/// and the decision columns hold exactly these strings (Migrations/0001_initial.sql's CHECK lists).
@Suite struct VerdictTests {
    @Test func kindsAreSpelledAsTheSchemaChecksThem() {
        #expect(
            DivergenceKind.allCases.map(\.rawValue) == [
                "decision", "lifecycle", "frame_count", "frame", "timing", "missing_view", "extra_view", "error",
            ])
    }

    @Test func statusesAndDecisionsAreSpelledAsTheSchemaChecksThem() {
        #expect(VerdictStatus.allCases.map(\.rawValue) == ["matched", "diverged", "error"])
        #expect(Decision.allCases.map(\.rawValue) == ["finished", "cancelled"])
    }

    @Test func aDecisionFollowsCompletion() {
        #expect(Decision(completed: true) == .finished && Decision.finished.completed)
        #expect(Decision(completed: false) == .cancelled && !Decision.cancelled.completed)
    }
}
