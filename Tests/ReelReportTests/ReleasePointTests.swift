import ReelEngine
import ReelTrace
import Testing

@testable import ReelReport

@Suite struct ReleasePointTests {
    @Test func progressIsTheLastUpdateValue() {
        #expect(ReleasePoint.progress(lastUpdateDetail: "updateInteractiveTransition(0.4833)") == 0.4833)
        #expect(ReleasePoint.progress(lastUpdateDetail: nil) == nil)
        #expect(ReleasePoint.progress(lastUpdateDetail: "finishInteractiveTransition") == nil)
    }

    /// A finger moving at a constant 500 pt/s, sampled at 60 Hz: both per-sample velocities are
    /// 500, so UIKit's blend of them is 500 whatever the weights.
    @Test func panVelocityIsMeasuredAlongTheFinishingDirection() {
        let touches = (0...6).map { (k: Int) -> Touch in
            let t = Double(k) / 60
            let phase: TouchPhase = k == 0 ? .began : k == 6 ? .ended : .moved
            return Touch(t: t, id: 0, phase: phase, x: 100, y: 200 + 500 * t)
        }
        let down = TriggerSpec(kind: .pan, direction: .down)
        let up = TriggerSpec(kind: .pan, direction: .up)
        let v = ReleasePoint.velocity(touches: touches, trigger: down)
        #expect(abs(v! - 500) < 1e-9)
        #expect(abs(ReleasePoint.velocity(touches: touches, trigger: up)! + 500) < 1e-9)
        // Samples after the finger lifted do not count.
        let late = touches + [Touch(t: 0.2, id: 0, phase: .moved, x: 100, y: 0)]
        #expect(abs(ReleasePoint.velocity(touches: late, trigger: down)! - 500) < 1e-9)
        #expect(ReleasePoint.velocity(touches: touches, trigger: TriggerSpec(kind: .tap)) == nil)
    }

    @Test func edgePanFinishesAwayFromItsEdge() {
        let left = ReleasePoint.finishingDirection(TriggerSpec(kind: .edgePan, edge: .left))
        let right = ReleasePoint.finishingDirection(TriggerSpec(kind: .edgePan, edge: .right))
        #expect(left.x == 1 && left.y == 0)
        #expect(right.x == -1 && right.y == 0)
    }

    /// Two fingers each moving 100 pt/s towards the other: the distance closes at 200 pt/s.
    @Test func pinchVelocityIsTheClosingSpeedOfTheFingers() {
        var touches: [Touch] = []
        for k in 0...6 {
            let t = Double(k) / 60
            let phase: TouchPhase = k == 0 ? .began : k == 6 ? .ended : .moved
            touches.append(Touch(t: t, id: 1, phase: phase, x: 100 + 100 * t, y: 300))
            touches.append(Touch(t: t, id: 2, phase: phase, x: 300 - 100 * t, y: 300))
        }
        let v = ReleasePoint.velocity(touches: touches, trigger: TriggerSpec(kind: .pinch))
        #expect(abs(v! - 200) < 1e-9)
    }

    /// A pan whose finger the system cancels (an incoming call) was not released; one whose
    /// finger lifts was, even when a second finger is cancelled afterwards. A pinch ends at the
    /// first of its two fingers to end.
    @Test func touchCancelledFollowsTheGesturesFirstFingerToEnd() {
        let pan = TriggerSpec(kind: .pan, direction: .down)
        let began = Touch(t: 0, id: 0, phase: .began, x: 100, y: 200)
        let moved = Touch(t: 0.1, id: 0, phase: .moved, x: 100, y: 260)
        #expect(
            ReleasePoint.touchCancelled(touches: [began, moved, Touch(t: 0.2, id: 0, phase: .cancelled, x: 100, y: 270)], trigger: pan))
        let lifted = [
            began, moved, Touch(t: 0.15, id: 1, phase: .began, x: 10, y: 10),
            Touch(t: 0.2, id: 0, phase: .ended, x: 100, y: 270), Touch(t: 0.3, id: 1, phase: .cancelled, x: 10, y: 10),
        ]
        #expect(!ReleasePoint.touchCancelled(touches: lifted, trigger: pan))
        #expect(!ReleasePoint.touchCancelled(touches: [began, moved], trigger: pan))
        let pinch = [
            Touch(t: 0, id: 1, phase: .began, x: 100, y: 300), Touch(t: 0, id: 2, phase: .began, x: 300, y: 300),
            Touch(t: 0.1, id: 2, phase: .cancelled, x: 280, y: 300), Touch(t: 0.1, id: 1, phase: .cancelled, x: 120, y: 300),
        ]
        #expect(ReleasePoint.touchCancelled(touches: pinch, trigger: TriggerSpec(kind: .pinch)))
    }
}
