import ReelEngine
import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTiming
import ReelTrace
import Testing

/// The half sheet, navigation and pinch examples: decisions and frames computed from each
/// example's own rule and UIKit's curves (ReelTiming's control points).
@Suite struct ExampleRuleTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let clock = FrameClock(refreshHz: 60)

    static func sessions(_ scene: ReelKitScene, count: Int) -> [[Touch]] {
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: device, refreshHz: 60, seed: 3)
        return (0..<count).map { synthesizer.session(index: $0).touches }
    }

    static func run(_ scene: ReelKitScene, _ touches: [Touch]) throws -> Trace {
        try ReelKitEngine(scenes: [scene], name: "rules", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: touches, outcomeHierarchy: true)
    }

    /// The tap's lift when the built-in profile's tap rules recognize it (one finger, within 0.5 s and 10 pt).
    static func tapTime(_ touches: [Touch]) -> Double? {
        guard touches.count >= 2, let down = touches.first, let up = touches.last, down.phase == .began, up.phase == .ended,
            Set(touches.map(\.id)).count == 1, up.t - down.t <= 0.5,
            touches.allSatisfy({ (($0.x - down.x) * ($0.x - down.x) + ($0.y - down.y) * ($0.y - down.y)).squareRoot() <= 10 })
        else { return nil }
        return up.t
    }

    @Test func halfSheetSlidesUpEaseOutOverADimmingViewAlongside() throws {
        var presented = 0
        for touches in Self.sessions(HalfSheetExample.scene, count: 40) {
            let trace = try Self.run(HalfSheetExample.scene, touches)
            guard let start = Self.tapTime(touches) else {
                #expect(trace.frames.isEmpty && !trace.outcome.completed)
                continue
            }
            presented += 1
            let end = Self.clock.time(ofTick: Self.clock.firstTick(atOrAfter: start + 0.35 - 1e-9))
            #expect(trace.outcome.completed && trace.outcome.t == end)
            for frame in trace.frames {
                let shaped = frame.t >= start + 0.35 - 1e-9 ? 1 : TimingCurve.easeOut.value(at: (frame.t - start) / 0.35)
                let sheet = try #require(frame.views.first { $0.key == "sheet.view" })
                let dimming = try #require(frame.views.first { $0.key == "dimming" })
                #expect(abs(sheet.y - (844 + (422 - 844) * shaped)) <= 1e-9)
                #expect(abs(dimming.alpha - 0.5 * shaped) <= 1e-9)
                #expect(sheet.h == 422 && dimming.z < sheet.z)
            }
            let lifecycle = trace.events.filter { ["presentation", "transition"].contains($0.kind) }.map(\.detail)
            #expect(
                lifecycle == [
                    "frameOfPresentedViewInContainerView", "presentationTransitionWillBegin", "animateAlongsideTransition",
                    "animateTransition",
                    "completeTransition(true)", "presentationTransitionDidEnd(true)", "animationEnded(true)",
                ])
        }
        #expect(presented > 5)
    }

    @Test func edgePanPopsPastFortyPercentAndScrubsTheSlide() throws {
        var popped = 0
        var decided = 0
        for touches in Self.sessions(NavigationExample.popScene, count: 60) {
            let trace = try Self.run(NavigationExample.popScene, touches)
            let replay = GestureReplay.leftEdgePan(touches, width: 390, height: 844)
            guard let end = replay.end else {
                #expect(trace.frames.isEmpty && !trace.outcome.completed)
                continue
            }
            decided += 1
            let progress = min(max(end.translation.x / 390, 0), 1)
            let pops = end.state == .ended && progress > 0.4
            if pops { popped += 1 }
            #expect(trace.outcome.completed == pops)
            // While the finger drives it, the detail sits at the ease-in-out of the scrubbed time.
            let curve = ResolvedTiming(kind: .curve(.easeInEaseOut), duration: 0.3)
            for frame in trace.frames where frame.t < end.t {
                let moved = replay.lastMove(atOrBefore: frame.t)
                let p = moved?.state == .changed ? min(max(moved!.translation.x / 390, 0), 1) : 0
                let detail = try #require(frame.views.first { $0.key == "detail.view" })
                let list = try #require(frame.views.first { $0.key == "list.view" })
                let f = curve.progress(atElapsed: p * 0.3)
                #expect(abs(detail.x - 390 * f) <= 1e-9)
                #expect(abs(list.x - (-130 + 130 * f)) <= 1e-9)
                #expect(abs(list.alpha - (0.7 + 0.3 * f)) <= 1e-9)
                #expect(list.z < detail.z)
            }
        }
        #expect(decided > 20 && popped > 3 && popped < decided)
    }

    @Test func tapPushesTheDetailWithTheSlideOver() throws {
        for touches in Self.sessions(NavigationExample.pushScene, count: 12) {
            let trace = try Self.run(NavigationExample.pushScene, touches)
            guard let start = Self.tapTime(touches) else { continue }
            #expect(trace.outcome.completed)
            for frame in trace.frames {
                let f = frame.t >= start + 0.3 - 1e-9 ? 1 : TimingCurve.easeInEaseOut.value(at: (frame.t - start) / 0.3)
                let detail = try #require(frame.views.first { $0.key == "detail.view" })
                #expect(abs(detail.x - (390 - 390 * f)) <= 1e-9)
            }
            let calls = trace.events.filter { $0.kind == "lifecycle" }.map { "\($0.subject) \($0.detail)" }
            #expect(
                calls == [
                    "detail willMove(toParent: nav)", "detail viewDidLoad", "list viewWillDisappear", "detail viewWillAppear",
                    "list viewDidDisappear", "detail viewDidAppear", "detail didMove(toParent: nav)",
                ])
        }
    }

    @Test func pinchClosesPastThirtyPercentShrinkingLinearly() throws {
        var closed = 0
        var decided = 0
        for touches in Self.sessions(PinchCloseExample.scene, count: 60) {
            let trace = try Self.run(PinchCloseExample.scene, touches)
            let replay = GestureReplay.pinch(touches)
            guard let end = replay.end else {
                #expect(!trace.outcome.completed)
                continue
            }
            decided += 1
            let progress = min(max(1 - end.scale, 0), 1)
            let closes = end.state == .ended && progress > 0.3
            if closes { closed += 1 }
            #expect(trace.outcome.completed == closes)
            for frame in trace.frames where frame.t < end.t {
                let moved = replay.lastMove(atOrBefore: frame.t)
                let p = moved?.state == .changed ? min(max(1 - moved!.scale, 0), 1) : 0
                let photo = try #require(frame.views.first { $0.key == "photo.view" })
                let f = ResolvedTiming(kind: .curve(.linear), duration: 0.3).progress(atElapsed: p * 0.3)
                #expect(abs(photo.transform.a - (1 + (0.2 - 1) * f)) <= 1e-9)
                #expect(abs(photo.alpha - (1 - f)) <= 1e-9)
            }
        }
        #expect(decided > 20 && closed > 3)
    }
}
