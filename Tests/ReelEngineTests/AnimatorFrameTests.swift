import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// Frames of the built-in animators at start, middle and end, against the seeds' numbers.
@Suite struct AnimatorFrameTests {
    let W = Device.phone.width, H = Device.phone.height
    /// The tap lifts at 0.2 s = tick 12 at 60 Hz: the transition's first frame.
    let start = 0.2

    @Test func bouncePresentStartsOneScreenBelowAndSpringsHome() throws {
        let trace = try runCatalog("modal.bounce-present", touches: tapTouches())
        let first = try #require(trace.frames.first)
        #expect(first.t == start)
        #expect(view(first, "B.view")?.y == H)
        // Seed 000: damping 0.6, velocity 0, 0.8 s; the spring settles to 0.001 exactly at 0.8 s.
        let omega = uiViewSpringOmega(duration: 0.8, zeta: 0.6)
        let middle = trace.frames[24]
        let value = underdampedSpring(zeta: 0.6, omega: omega, v0: 0, t: middle.t - start)
        #expect(abs(try #require(view(middle, "B.view")).y - H * (1 - value)) < 1e-6)
        #expect(view(try #require(trace.frames.last), "B.view")?.y == 0)
        #expect(abs(trace.outcome.t - (start + 0.8)) < 1e-9)
    }

    @Test func sheetPresentDimsScalesAndInsets() throws {
        let trace = try runCatalog("sheet.present", touches: tapTouches())
        let first = try #require(trace.frames.first)
        let last = try #require(trace.frames.last)
        #expect(view(first, "dimming")?.alpha == 0)
        #expect(view(first, "A.view")?.transform.a == 1)
        #expect(view(last, "dimming")?.alpha == 0.4)
        #expect(view(last, "A.view")?.transform.a == 0.9)
        #expect(view(last, "A.view")?.transform.d == 0.9)
        #expect(view(last, "B.view")?.y == 100)
        #expect(view(last, "B.view")?.h == H - 100)
        // Custom style keeps the presenter's view.
        #expect(trace.outcome.hierarchy.contains("\"views\":[\"A.view\",\"dimming\",\"B.view\"]"))
    }

    @Test func sheetDismissTakesPointFourSecondsBelowTheContainer() throws {
        let spec = ScenarioSpec(
            name: "sheet.dismiss", summary: "", hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
            action: ActionSpec(kind: .dismiss, style: "custom"), animator: .sheet)
        let trace = try Engine().run(scenario: spec, device: .phone, refreshHz: 60, touches: tapTouches())
        #expect(view(try #require(trace.frames.first), "B.view")?.y == 100)
        #expect(view(try #require(trace.frames.first), "A.view")?.transform.a == 0.9)
        let last = try #require(trace.frames.last)
        #expect(view(last, "B.view")?.y == H)
        #expect(view(last, "A.view")?.transform.a == 1)
        #expect(abs(trace.outcome.t - (start + 0.4)) < 1e-9)
    }

    @Test func navigationPushSlidesOnEaseInEaseOut() throws {
        let trace = try runCatalog("nav.push", touches: tapTouches())
        let first = try #require(trace.frames.first)
        #expect(view(first, "B.view")?.x == W)
        #expect(view(first, "A.view")?.x == 0)
        let middle = trace.frames[10]
        let f = bezier(0.42, 0, 0.58, 1, (middle.t - start) / 0.35)
        #expect(abs(try #require(view(middle, "B.view")).x - W * (1 - f)) < 1e-6)
        #expect(abs(try #require(view(middle, "A.view")).x - (-0.3 * W * f)) < 1e-6)
        #expect(abs(try #require(view(middle, "dimming")).alpha - 0.1 * f) < 1e-6)
        let last = try #require(trace.frames.last)
        #expect(view(last, "B.view")?.x == 0)
        #expect(abs(try #require(view(last, "A.view")).x - (-0.3 * W)) < 1e-9)
        #expect(trace.outcome.hierarchy.contains("\"views\":[\"B.view\"]"))
    }

    @Test func zoomPushFliesTheSnapshotOnTopAndFadesIn() throws {
        let trace = try runCatalog("nav.push-zoom", touches: tapTouches())
        let first = try #require(trace.frames.first)
        let last = try #require(trace.frames.last)
        let snapshot = try #require(view(first, "snapshot"))
        #expect([snapshot.x, snapshot.y, snapshot.w, snapshot.h] == [20, 200, 100, 100])
        #expect(snapshot.z == first.views.count - 1)
        #expect(view(first, "B.view")?.alpha == 0)
        let end = try #require(view(last, "snapshot"))
        #expect([end.x, end.y, end.w, end.h] == [0, 100, W, W])
        #expect(view(last, "B.view")?.alpha == 1)
        // Spring damping 0.55, initial velocity 1/0.55 over 0.5 s, evaluated independently.
        let omega = uiViewSpringOmega(duration: 0.5, zeta: 0.55)
        let middle = trace.frames[6]
        let value = underdampedSpring(zeta: 0.55, omega: omega, v0: 1 / 0.55, t: middle.t - start)
        #expect(abs(try #require(view(middle, "snapshot")).y - (200 + (100 - 200) * value)) < 1e-6)
    }

    @Test func zoomPopInsertsDestinationAtTheBackAndRemovesTheSnapshot() throws {
        let trace = try runCatalog("nav.pop-zoom", touches: tapTouches())
        let first = try #require(trace.frames.first)
        #expect(first.views.first?.key == "A.view")
        #expect(first.views.last?.key == "snapshot")
        #expect(view(try #require(trace.frames.last), "B.view")?.alpha == 0)
        #expect(!trace.outcome.hierarchy.contains("snapshot"))
    }

    @Test func crossDissolveAndLibraryAnimatorsEndAtRest() throws {
        for name in [
            "container.crossfade", "tab.switch", "present.cross-dissolve", "nav.push-cards", "nav.push-cube",
            "nav.push-crossfade", "nav.push-flip", "nav.push-fold", "nav.push-portal", "present.flip-horizontal",
        ] {
            let trace = try runCatalog(name, touches: tapTouches())
            let last = try #require(trace.frames.last)
            let incoming = try #require(view(last, "B.view"), "\(name)")
            #expect(incoming.alpha == 1, "\(name)")
            #expect(incoming.transform == .identity && incoming.rotationY == 0 && incoming.rotationX == 0, "\(name)")
            let first = try #require(trace.frames.first)
            let startState = try #require(view(first, "B.view"))
            #expect(startState != incoming, "\(name) animates B")
        }
    }

    @Test func containerCrossDissolveLastsPointThreeSeconds() throws {
        let trace = try runCatalog("container.crossfade", touches: tapTouches())
        #expect(abs(trace.outcome.t - (start + 0.3)) < 1e-9)
        let middle = trace.frames[9]
        let f = bezier(0.42, 0, 0.58, 1, (middle.t - start) / 0.3)
        #expect(abs(try #require(view(middle, "B.view")).alpha - f) < 1e-6)
        #expect(abs(try #require(view(middle, "A.view")).alpha - (1 - f)) < 1e-6)
    }
}
