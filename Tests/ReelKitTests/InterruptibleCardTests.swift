import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTrace
import Testing

/// The interruptible card (InterruptibleCardExample): every tick of every session checked against the
/// rules, computed here: the running animator on ease-in-out (curve(t / 2 s)), paused at the grab
/// (fractionComplete = the progress shown) and reversed (1 − it), scrubbed (grabbed − translation.y /
/// 500, D26's clamp to 0.00001...0.99999, shown as 1 − it), then at the lift a UIView spring (damping 0.8, UIKit's fit over 0.25 x 2 s) from
/// the shown fraction to the end (finger moving down) or the start.
@Suite struct InterruptibleCardTests {
    static let device = Device(width: 390, height: 844, scale: 3)

    static func setFraction(_ value: Double) -> Double { min(max(value, 0.00001), 0.99999) }
    static func read(_ stored: Double) -> Double { stored == 0.99999 ? 1 : (stored == 0.00001 ? 0 : stored) }

    /// The card's fraction at `t` by the rules, for one session's pan. D26's fractionComplete counts
    /// toward the current target: reversing stores 1 − fractionComplete (clamped as a set value).
    static func expectedFraction(at t: Double, replay: GestureReplay) -> Double {
        let curve = UIKitRules.Bezier.easeInOut
        func running(_ t: Double) -> Double { t >= 2 - 1e-9 ? 1 : curve.progress(t / 2) }
        guard let began = replay.began, began.t < 2 else { return running(t) }
        if t <= began.t { return running(t) }
        // Paused at the grab (the progress shown is stored), then reversed.
        let reversedStored = setFraction(1 - read(running(began.t)))
        let grabbed = read(reversedStored)
        func storedWhileReversed(atOrBefore t: Double) -> Double {
            guard let move = replay.lastMove(atOrBefore: t), move.state == .changed else { return reversedStored }
            return setFraction(grabbed - move.translation.y / 500)
        }
        guard let end = replay.end, t > end.t else { return 1 - storedWhileReversed(atOrBefore: t) }
        let stored = storedWhileReversed(atOrBefore: end.t)
        let downwards = end.velocity.y > 0
        // Moving down at the lift: un-reversed (stored 1 − fractionComplete, shown as is), else shown 1 − stored.
        let shown = downwards ? setFraction(1 - read(stored)) : 1 - stored
        let target = downwards ? 1.0 : 0.0
        let elapsed = t - end.t
        let spring = elapsed >= 0.5 - 1e-9 ? 1 : UIKitRules.springProgress(at: elapsed, duration: 0.5, zeta: 0.8, velocity: 0)
        return shown + (target - shown) * spring
    }

    @Test(arguments: [60.0, 120.0])
    func everyTickFollowsTheAnimatorsRules(refreshHz: Double) throws {
        let scene = InterruptibleCardExample.scene
        let engine = ReelKitEngine(scenes: [scene], name: "cards", version: "1")
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: Self.device, refreshHz: refreshHz, seed: 21)
        var grabbed = 0
        var checked = 0
        for index in 0..<60 {
            let touches = synthesizer.session(index: index).touches
            let trace = try engine.run(
                scenario: scene.spec, device: Self.device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: false)
            let replay = GestureReplay.pan(touches)
            if let began = replay.began, began.t < 2, replay.end != nil { grabbed += 1 }
            for frame in trace.frames {
                let card = try #require(frame.views.first { $0.key == "card" })
                let expected = 100 + 500 * Self.expectedFraction(at: frame.t, replay: replay)
                #expect(abs(card.y - expected) <= 1e-6, "session \(index) at \(frame.t): card y \(card.y), expected \(expected)")
                checked += 1
            }
        }
        #expect(grabbed > 30, "only \(grabbed) of 60 sessions grabbed the moving card")
        #expect(checked > 3_000)
    }
}
