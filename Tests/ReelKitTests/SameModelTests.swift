import ReelDiff
import ReelEngine
import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTrace
import Testing

/// The swipe-dismiss example (SwipeDismissExample, UIKit style) against the built-in engine's
/// `modal.swipe-dismiss` over synthesized sessions: same decisions, same completion times, same
/// lifecycle calls and bit-identical frames (`Tolerances.exact`). Same model, proven.
@Suite struct SameModelTests {
    /// Sessions per (device, refresh rate) batch; three batches make the 3,000.
    static let batch = 1_000

    static let setups: [(Device, Double, UInt64)] = [
        (Device(width: 390, height: 844, scale: 3), 60, 1),
        (Device(width: 390, height: 844, scale: 3), 120, 2),
        (Device(width: 430, height: 932, scale: 3), 60, 3),
    ]

    @Test(arguments: 0..<3)
    func decisionsAndFramesEqualTheBuiltinEngine(setup: Int) throws {
        let (device, refreshHz, seed) = Self.setups[setup]
        try Self.compare(SwipeDismissExample.scene, device: device, refreshHz: refreshHz, seed: seed, count: Self.batch)
    }

    /// The navigation controller's own back swipe (SystemPopExample) against `nav.interactive-pop`:
    /// UIKit's back-swipe statistics and decision, the velocity hand-off, the system slide.
    @Test func theSystemBackSwipeEqualsTheBuiltinInteractivePop() throws {
        try Self.compare(
            SystemPopExample.scene, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, seed: 4, count: 1_000)
    }

    /// A tap pushing with the navigation controller's own slide (SystemPushExample) against `nav.push`.
    @Test func theSystemPushEqualsTheBuiltinPush() throws {
        let pushed = try Self.compare(
            SystemPushExample.scene, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, seed: 6, count: 500,
            bothOutcomes: false)
        // Taps and long presses: about half the sessions push.
        #expect(pushed > 150 && pushed < 350, "\(pushed) pushes of 500")
    }

    /// A tap presenting on a UIView spring (BouncePresentExample) against `modal.bounce-present`: the
    /// same decisions, completion times, lifecycle calls, sizes, alphas and progress, bit for bit; the
    /// positions differ by the rule that moved: ReelKit's UIView spring is UIKit's (D26's envelope fit,
    /// `UIViewSpringFit`), the built-in engine's settles at the duration. Every ReelKit frame of B is
    /// checked against UIKit's spring (0.8 s, damping 0.6) computed here.
    @Test func theSpringPresentationMatchesTheBuiltinBounceButForUIKitsSpring() throws {
        var positions = Tolerances.exact
        positions.position = .infinity
        let presented = try Self.compare(
            BouncePresentExample.scene, device: Device(width: 390, height: 844, scale: 3), refreshHz: 120, seed: 12, count: 500,
            bothOutcomes: false, tolerances: positions
        ) { trace in
            var checked = 0
            for frame in trace.frames where frame.progress > 0 && frame.progress < 1 {
                guard let b = frame.views.first(where: { $0.key == "B.view" }) else { continue }
                let elapsed = frame.progress * 0.8
                let expected = 844 * (1 - UIKitRules.springProgress(at: elapsed, duration: 0.8, zeta: 0.6, velocity: 0))
                if abs(b.y - expected) > 1e-6 { return "B.view y \(b.y) at \(frame.t), UIKit's spring gives \(expected)" }
                checked += 1
            }
            return trace.outcome.completed && checked < 50 ? "only \(checked) frames of the spring" : nil
        }
        #expect(presented > 150 && presented < 350, "\(presented) presentations of 500")
    }

    /// A custom presentation controller with alongside dimming and presenter scale (MailSheetExample)
    /// against `sheet.present`.
    @Test func theMailSheetEqualsTheBuiltinSheetPresentation() throws {
        let presented = try Self.compare(
            MailSheetExample.scene, device: Device(width: 390, height: 844, scale: 3), refreshHz: 60, seed: 13, count: 500,
            bothOutcomes: false)
        #expect(presented > 150 && presented < 350, "\(presented) presentations of 500")
    }

    @discardableResult
    static func compare(
        _ scene: ReelKitScene, device: Device, refreshHz: Double, seed: UInt64, count: Int, bothOutcomes: Bool = true,
        tolerances: Tolerances = .exact, checkKit: (Trace) -> String? = { _ in nil }
    ) throws -> Int {
        let spec = scene.spec
        let builtin = Engine()
        let kit = ReelKitEngine(scenes: [scene], name: "reelkit-examples", version: "test")
        let synthesizer = GestureSynthesizer(scenario: spec, device: device, refreshHz: refreshHz, seed: seed)
        var finished = 0
        var mismatches: [String] = []
        for index in 0..<count {
            let touches = synthesizer.session(index: index).touches
            let expected = try builtin.run(scenario: spec, device: device, refreshHz: refreshHz, touches: touches)
            let actual = try kit.run(scenario: spec, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: false)
            let comparison = TraceDiff(tolerances: tolerances).compare(expected: expected, actual: actual, refreshHz: refreshHz)
            if expected.outcome.completed { finished += 1 }
            if comparison.status != .matched || expected.outcome.completed != actual.outcome.completed {
                mismatches.append("session \(index): \(comparison.divergences.prefix(3).map(\.detail))")
            }
            if let problem = checkKit(actual) { mismatches.append("session \(index): \(problem)") }
        }
        #expect(mismatches.isEmpty, "\(spec.name): \(mismatches.count) of \(count) sessions differ; first: \(mismatches.prefix(5))")
        // Both sides of the decision are exercised.
        if bothOutcomes { #expect(finished > count / 10 && finished < count * 9 / 10, "\(finished) finished of \(count)") }
        return finished
    }
}
