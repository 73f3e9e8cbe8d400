import ReelTrace
import Testing

@testable import ReelEngine

/// Every built-in animator, every frame (start, middle and end included) against its published
/// motion (docs/ENGINE.md, docs/SOURCES.md, the seeds): value = from + (to - from) x f, where f is
/// the curve of elapsed / duration, evaluated independently here. Keyframed roles (flips, the
/// incoming card) move linearly in their relative window of the curve-shaped timeline
/// (UIView.animateKeyframes, calculationModeLinear).
@Suite struct AnimatorTrackTests {
    static let W = Device.phone.width, H = Device.phone.height
    /// The tap lifts at 0.2 s: the transition starts then.
    static let start = 0.2
    static let halfTurn = Double.pi / 2

    struct Motion: Sendable, CustomTestStringConvertible {
        var scenario: String
        var key: String
        var property: String
        var from: Double
        var to: Double
        var duration: Double
        var window = (0.0, 1.0)
        var linear = false
        var testDescription: String { "\(scenario) \(key).\(property)" }
    }

    static func read(_ state: ViewState, _ property: String) -> Double {
        switch property {
        case "x": state.x
        case "y": state.y
        case "alpha": state.alpha
        case "scale": state.transform.a
        case "tx": state.transform.tx
        case "ty": state.transform.ty
        case "rotationY": state.rotationY
        default: .nan
        }
    }

    static let motions: [Motion] = [
        // System navigation slide, pop: B leaves to the right, A comes from 30% behind, dimming 0.1 -> 0 (0.35 s).
        Motion(scenario: "nav.pop", key: "B.view", property: "x", from: 0, to: W, duration: 0.35),
        Motion(scenario: "nav.pop", key: "A.view", property: "x", from: -0.3 * W, to: 0, duration: 0.35),
        Motion(scenario: "nav.pop", key: "dimming", property: "alpha", from: 0.1, to: 0, duration: 0.35),
        // Modal transition styles (0.4 s; flip 0.75 s), presented full screen.
        Motion(scenario: "present.full-screen", key: "B.view", property: "y", from: H, to: 0, duration: 0.4),
        Motion(scenario: "modal.dismiss", key: "B.view", property: "y", from: 0, to: H, duration: 0.4),
        Motion(scenario: "present.cross-dissolve", key: "B.view", property: "alpha", from: 0, to: 1, duration: 0.4),
        Motion(scenario: "present.partial-curl", key: "A.view", property: "ty", from: 0, to: -0.6 * H, duration: 0.4),
        Motion(
            scenario: "present.flip-horizontal", key: "A.view", property: "rotationY", from: 0, to: -halfTurn, duration: 0.75,
            window: (0, 0.5)),
        Motion(
            scenario: "present.flip-horizontal", key: "B.view", property: "rotationY", from: halfTurn, to: 0, duration: 0.75,
            window: (0.5, 1)),
        // Seed 003: sheet inset 100 pt, dimming 0 -> 0.4, presenter scaled to 0.90 alongside.
        Motion(scenario: "sheet.present", key: "B.view", property: "y", from: H, to: 100, duration: 0.4),
        Motion(scenario: "sheet.present", key: "dimming", property: "alpha", from: 0, to: 0.4, duration: 0.4),
        Motion(scenario: "sheet.present", key: "A.view", property: "scale", from: 1, to: 0.9, duration: 0.4),
        // Tab cross dissolve 0.3 s.
        Motion(scenario: "tab.switch", key: "B.view", property: "alpha", from: 0, to: 1, duration: 0.3),
        Motion(scenario: "tab.switch", key: "A.view", property: "alpha", from: 1, to: 0, duration: 0.3),
        // VCTransitionsLibrary (1.0 s).
        Motion(scenario: "nav.push-cards", key: "A.view", property: "scale", from: 1, to: 0.8, duration: 1),
        Motion(scenario: "nav.push-cards", key: "A.view", property: "alpha", from: 1, to: 0.5, duration: 1),
        Motion(scenario: "nav.push-cards", key: "B.view", property: "y", from: H, to: 0, duration: 1, window: (0.4, 1)),
        Motion(scenario: "nav.push-cube", key: "A.view", property: "rotationY", from: 0, to: -halfTurn, duration: 1),
        Motion(scenario: "nav.push-cube", key: "A.view", property: "tx", from: 0, to: -W / 2, duration: 1),
        Motion(scenario: "nav.push-cube", key: "B.view", property: "rotationY", from: halfTurn, to: 0, duration: 1),
        Motion(scenario: "nav.push-crossfade", key: "A.view", property: "alpha", from: 1, to: 0, duration: 1),
        Motion(scenario: "nav.push-crossfade", key: "B.view", property: "alpha", from: 0, to: 1, duration: 1),
        Motion(scenario: "nav.push-flip", key: "A.view", property: "rotationY", from: 0, to: -halfTurn, duration: 1, window: (0, 0.5)),
        Motion(scenario: "nav.push-flip", key: "B.view", property: "rotationY", from: halfTurn, to: 0, duration: 1, window: (0.5, 1)),
        Motion(scenario: "nav.push-fold", key: "A.view", property: "rotationY", from: 0, to: halfTurn, duration: 1),
        Motion(scenario: "nav.push-fold", key: "A.view", property: "scale", from: 1, to: 0.001, duration: 1),
        Motion(scenario: "nav.push-fold", key: "B.view", property: "rotationY", from: -halfTurn, to: 0, duration: 1),
        Motion(scenario: "nav.push-portal", key: "A.view", property: "scale", from: 1, to: 1.5, duration: 1),
        Motion(scenario: "nav.push-portal", key: "A.view", property: "alpha", from: 1, to: 0, duration: 1),
        Motion(scenario: "nav.push-portal", key: "B.view", property: "scale", from: 0.8, to: 1, duration: 1),
        // Pinch-to-dismiss's shrink (linear, 0.4 s), here on a tap.
        Motion(scenario: "shrink", key: "B.view", property: "scale", from: 1, to: 0.001, duration: 0.4, linear: true),
        Motion(scenario: "shrink", key: "B.view", property: "alpha", from: 1, to: 0, duration: 0.4, linear: true),
    ]

    static func spec(_ name: String) throws -> ScenarioSpec {
        if name == "shrink" {
            return ScenarioSpec(
                name: "shrink", summary: "", hierarchy: HierarchySpec(container: "navigation", controllers: ["A"], presented: ["B"]),
                action: ActionSpec(kind: .dismiss, style: "overFullScreen"), animator: .shrink)
        }
        return try #require(ScenarioCatalog.named(name))
    }

    @Test(arguments: motions)
    func everyFrameFollowsThePublishedMotion(motion: Motion) throws {
        let trace = try Engine().run(scenario: try Self.spec(motion.scenario), device: .phone, refreshHz: 60, touches: tapTouches())
        #expect(trace.frames.first?.t == Self.start)
        #expect(abs(trace.outcome.t - (Self.start + motion.duration)) < 1e-9)
        #expect(trace.frames.count == Int((motion.duration * 60).rounded()) + 1)
        for frame in trace.frames {
            let time = min(max((frame.t - Self.start) / motion.duration, 0), 1)
            let shaped = motion.linear ? time : bezier(0.42, 0, 0.58, 1, time)
            let (begin, end) = motion.window
            let f = min(max((shaped - begin) / (end - begin), 0), 1)
            let expected = motion.from + (motion.to - motion.from) * f
            let state = try #require(view(frame, motion.key), "\(motion.key) at \(frame.t)")
            #expect(abs(Self.read(state, motion.property) - expected) < 1e-6, "at t = \(frame.t)")
        }
    }

    @Test func flippedViewStaysHiddenUntilItsWindow() throws {
        let trace = try runCatalog("nav.push-flip", touches: tapTouches())
        for frame in trace.frames {
            let shaped = bezier(0.42, 0, 0.58, 1, (frame.t - Self.start) / 1.0)
            // (At the window's edge itself rounding decides.)
            if abs(shaped - 0.5) < 1e-9 { continue }
            #expect(view(frame, "B.view")?.alpha == (shaped < 0.5 ? 0 : 1), "at t = \(frame.t), shaped \(shaped)")
        }
    }
}
