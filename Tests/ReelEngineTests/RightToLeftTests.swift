import Foundation
import ReelTrace
import Testing

@testable import ReelEngine

/// `layoutDirection: rightToLeft` (docs/ENGINE.md): the back-swipe listens at the right edge and
/// its progress runs leftwards; the navigation slide is mirrored.
@Suite struct RightToLeftTests {
    static let W = 390.0

    static func rightToLeft(_ name: String) throws -> ScenarioSpec {
        var spec = try #require(ScenarioCatalog.named(name))
        spec.layoutDirection = .rightToLeft
        return spec
    }

    /// The same touches reflected about the screen's vertical centre line.
    static func mirrored(_ touches: [Touch]) -> [Touch] {
        touches.map { Touch(t: $0.t, id: $0.id, phase: $0.phase, x: W - $0.x, y: $0.y) }
    }

    /// `drag` with positions rounded to whole points, so that x and W - x are both exact.
    static func wholeDrag(x0: Double, y0: Double, dx: Double, dy: Double, steps: Int, dt: Double, lift: TouchPhase = .ended) -> [Touch] {
        drag(x0: x0, y0: y0, dx: dx, dy: dy, steps: steps, dt: dt, lift: lift).map {
            Touch(t: $0.t, id: $0.id, phase: $0.phase, x: $0.x.rounded(), y: $0.y.rounded())
        }
    }

    /// Left-edge swipes: short and long, slow and fast, a reversal before the lift, a cancelled
    /// one; at 60 and 120 Hz.
    static func swipes(hz: Double) -> [[Touch]] {
        let dt = 1 / hz
        var reversal = wholeDrag(x0: 4, y0: 400, dx: 240, dy: 8, steps: Int(0.3 * hz), dt: dt)
        let last = reversal.removeLast()
        for step in 1...4 {
            reversal.append(Touch(t: last.t + Double(step) * dt, id: 0, phase: .moved, x: 244 - Double(step * 10), y: 408))
        }
        reversal.append(Touch(t: reversal.last!.t, id: 0, phase: .ended, x: 204, y: 408))
        return [
            wholeDrag(x0: 4, y0: 400, dx: 60, dy: 0, steps: Int(0.5 * hz), dt: dt),
            wholeDrag(x0: 4, y0: 400, dx: 180, dy: 4, steps: Int(0.6 * hz), dt: dt),
            wholeDrag(x0: 4, y0: 400, dx: 120, dy: 0, steps: Int(0.1 * hz), dt: dt),
            wholeDrag(x0: 2, y0: 300, dx: 300, dy: 12, steps: Int(0.4 * hz), dt: dt),
            reversal,
            wholeDrag(x0: 4, y0: 400, dx: 200, dy: 0, steps: Int(0.3 * hz), dt: dt, lift: .cancelled),
        ]
    }

    /// A right-edge swipe decides, times and drives the pop exactly as its mirror image at the left
    /// edge; only the views' horizontal positions are mirrored (x -> -x for the sliding views).
    @Test(arguments: [60.0, 120.0])
    func aRightEdgeSwipeEndsExactlyWhereTheMirroredLeftEdgeSwipeDoes(hz: Double) throws {
        let ltr = try #require(ScenarioCatalog.named("nav.interactive-pop"))
        let rtl = try Self.rightToLeft("nav.interactive-pop")
        var outcomes: Set<Bool> = []
        for touches in Self.swipes(hz: hz) {
            let left = try Engine().run(scenario: ltr, device: .phone, refreshHz: hz, touches: touches)
            let right = try Engine().run(scenario: rtl, device: .phone, refreshHz: hz, touches: Self.mirrored(touches))
            #expect(right.outcome.completed == left.outcome.completed)
            #expect(right.outcome.t == left.outcome.t)
            #expect(right.events == left.events)
            #expect(right.frames.map(\.progress) == left.frames.map(\.progress))
            for (r, l) in zip(right.frames, left.frames) {
                for key in ["A.view", "B.view"] {
                    #expect(view(r, key)?.x == view(l, key).map { -$0.x }, "\(key) at \(l.t)")
                }
            }
            if !left.frames.isEmpty { outcomes.insert(left.outcome.completed) }
        }
        #expect(outcomes == [true, false], "the cases finish and cancel")
    }

    /// In a right-to-left layout a swipe from the left edge lands outside the right edge's 13 pt
    /// region: the recognizer fails at touch-down.
    @Test func aLeftEdgeSwipeFailsInRightToLeft() throws {
        let trace = try Engine().run(
            scenario: try Self.rightToLeft("nav.interactive-pop"), device: .phone, refreshHz: 60,
            touches: drag(x0: 4, y0: 400, dx: 300, dy: 0, steps: 18))
        #expect(trace.events.first { $0.kind == "gesture" }?.detail == "failed")
        #expect(trace.frames.isEmpty)
        #expect(!trace.outcome.completed)
    }

    /// `layout.right_to_left` false (engine 0.3.0) ignores the field.
    @Test func legacyProfileIgnoresTheField() throws {
        let legacy = try EngineProfile.builtin.overriding([("layout.right_to_left", .bool(false))])
        let touches = drag(x0: 4, y0: 400, dx: 200, dy: 0, steps: 18)
        let ltr = try Engine(profile: legacy).run(
            scenario: try #require(ScenarioCatalog.named("nav.interactive-pop")), device: .phone, refreshHz: 60, touches: touches)
        let rtl = try Engine(profile: legacy).run(
            scenario: try Self.rightToLeft("nav.interactive-pop"), device: .phone, refreshHz: 60, touches: touches)
        #expect(rtl == ltr)
        #expect(ltr.outcome.completed)
    }

    /// The push slide mirrored, from the rule: B enters from the left, x = -W (1 - b(p)); A moves
    /// right to x = 0.3 W b(p); b = easeInEaseOut (0.42, 0, 0.58, 1), p = the frame's progress.
    @Test func thePushSlideIsMirrored() throws {
        let trace = try Engine().run(scenario: try Self.rightToLeft("nav.push"), device: .phone, refreshHz: 60, touches: tapTouches())
        #expect(trace.frames.count > 10)
        for frame in trace.frames {
            let b = bezier(0.42, 0, 0.58, 1, frame.progress)
            #expect(abs(try #require(view(frame, "B.view")).x - -Self.W * (1 - b)) < 1e-6)
            #expect(abs(try #require(view(frame, "A.view")).x - 0.3 * Self.W * b) < 1e-6)
        }
    }

    /// The field is optional: absent, the spec's JSON (and so every stored session's content hash)
    /// is what it was before the field existed.
    @Test func theFieldIsBackwardCompatible() throws {
        for spec in ScenarioCatalog.all {
            #expect(spec.layoutDirection == nil)
            #expect(!spec.canonicalJSON.contains("layoutDirection"))
        }
        let old =
            #"{"action":{"kind":"pop"},"animator":"system","hierarchy":{"container":"navigation","controllers":["A","B"]},"interaction":"backSwipe","name":"p","summary":"","trigger":{"edge":"left","kind":"edgePan"}}"#
        let decoded = try ScenarioSpec.decode(json: old)
        #expect(decoded.layoutDirection == nil && decoded.canonicalJSON == old)
        let rtl = try ScenarioSpec.decode(
            json: old.replacingOccurrences(of: #""interaction""#, with: #""layoutDirection":"rightToLeft","interaction""#))
        #expect(rtl.isRightToLeft)
        #expect(rtl.canonicalJSON.contains(#""layoutDirection":"rightToLeft""#))
    }
}
