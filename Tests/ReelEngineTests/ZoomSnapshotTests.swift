import ReelTrace
import Testing

@testable import ReelEngine

/// Seed 001's push ends with `tempView.hidden = YES` in its completion block; the hidden snapshot
/// stays in the window, and `outcome.hierarchy` lists it under "hidden" (`outcome.hidden_views`).
@Suite struct ZoomSnapshotTests {
    @Test(arguments: [60.0, 120.0])
    func theSnapshotIsHiddenAfterThePush(hz: Double) throws {
        let trace = try runCatalog("nav.push-zoom", touches: tapTouches(), hz: hz)
        #expect(trace.outcome.completed)
        #expect(trace.outcome.hierarchy.contains(#""hidden":["snapshot"]"#))
        #expect(trace.outcome.hierarchy.contains(#""views":["B.view","snapshot"]"#))
        // Until the completion block runs, the snapshot flies visible, on top.
        for frame in trace.frames {
            let snapshot = try #require(view(frame, "snapshot"))
            #expect(!snapshot.hidden && snapshot.z == frame.views.count - 1)
        }
    }

    @Test func thePopRemovesItAndHidesNothing() throws {
        let trace = try runCatalog("nav.pop-zoom", touches: tapTouches())
        #expect(!trace.outcome.hierarchy.contains("snapshot"))
        #expect(!trace.outcome.hierarchy.contains("hidden"))
    }

    @Test func theLegacyOutcomeLeavesHiddenViewsOut() throws {
        let legacy = try EngineProfile.builtin.overriding([("outcome.hidden_views", .bool(false))])
        let trace = try runCatalog("nav.push-zoom", touches: tapTouches(), profile: legacy)
        #expect(
            trace.outcome.hierarchy
                == #"{"presented":[],"root":{"children":["A","B"],"kind":"navigation","name":"nav"},"views":["B.view","snapshot"]}"#)
    }
}
