import ReelEngine
import ReelRunner
import ReelTrace
import Testing

@testable import ReelReport

@Suite struct StoredCandidateTests {
    @Test func aProfileOfThisBuildIsRebuiltWithTheSameFingerprint() throws {
        let profile = try EngineProfile.builtin.overriding([("swipe.threshold", .number(0.45))])
        let original = BuiltinEngine(profile: profile, label: "tuned").identity
        let rebuilt = try StoredCandidate.engine(for: original).get().identity
        // ReelEngine's `Engine` itself: its name carries no label ("+tuned" is BuiltinEngine's), the
        // rest of the identity is the candidate's.
        #expect(rebuilt.name == "reel-builtin" && original.name == "reel-builtin+tuned")
        #expect(rebuilt.fingerprint == original.fingerprint)
        #expect(rebuilt.version == original.version && rebuilt.profileJSON == original.profileJSON)
    }

    @Test func otherEnginesAreNotRebuilt() {
        var identity = BuiltinEngine().identity
        identity.fingerprint = "0000"
        #expect(throws: ReelFailure.self) { try StoredCandidate.engine(for: identity).get() }
        var external = BuiltinEngine().identity
        external.name = "my-engine"
        #expect(throws: ReelFailure.self) { try StoredCandidate.engine(for: external).get() }
        var older = BuiltinEngine().identity
        older.version = "0.0.1"
        #expect(throws: ReelFailure.self) { try StoredCandidate.engine(for: older).get() }
    }

    @Test func changedParametersListsOnlyDifferences() {
        let before = #"{"a":1,"b":"x","c":true}"#
        let after = #"{"a":2,"b":"x","c":false}"#
        #expect(ReportReader.changedParameters(from: before, to: after) == ["a: 1 -> 2", "c: true -> false"])
    }
}
