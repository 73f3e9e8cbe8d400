import ReelEngine
import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTiming
import ReelTrace
import Testing

/// ConstraintSheetExample: the sheet's frames and its open/closed decision computed from the
/// example's rule (height = 120 - translation.y clamped to 120...700 while dragging; on release,
/// open when height - 0.2 × velocity.y > 410; the constant animated with layoutIfNeeded inside
/// UIView.animate, 0.3 s ease out) and the sheet's constraints solved by hand (pinned to the
/// leading, trailing and bottom edges: x = 0, width = 390, y = 844 - height).
@Suite struct AutoLayoutSheetExampleTests {
    static let device = Device(width: 390, height: 844, scale: 3)

    /// The sheet's height at each of `times` by the example's rule, with open height `open`.
    static func heights(_ touches: [Touch], at times: [Double], open: Double = 700) -> (heights: [Double], target: Double?) {
        var steps: [(t: Double, height: Double)] = []
        var height = 120.0
        var release: (t: Double, from: Double, to: Double)?
        for reading in GestureReplay.pan(touches).readings {
            switch reading.state {
            case .changed:
                height = min(max(120 - reading.translation.y, 120), open)
                steps.append((reading.t, height))
            case .ended:
                let target = height - 0.2 * reading.velocity.y > (120 + open) / 2 ? open : 120
                release = (reading.t, height, target)
            case .cancelled:
                release = (reading.t, height, 120)
            default:
                break
            }
        }
        let heights = times.map { t in
            if let release, t >= release.t {
                let f = TimingCurve.easeOut.value(at: min((t - release.t) / 0.3, 1))
                return release.from + (release.to - release.from) * f
            }
            return steps.last { $0.t <= t }?.height ?? 120
        }
        return (heights, release?.to)
    }

    @Test func dragAndReleaseFollowTheRuleAndTheSolvedFrames() throws {
        let scene = ConstraintSheetExample.scene
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: Self.device, refreshHz: 60, seed: 5)
        var opened = 0
        var closed = 0
        for index in 0..<30 {
            let touches = synthesizer.session(index: index).touches
            let trace = try ReelKitEngine(scenes: [scene], name: "sheet", version: "1").run(
                scenario: scene.spec, device: Self.device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            let expected = Self.heights(touches, at: trace.frames.map(\.t))
            if let target = expected.target { if target == 700 { opened += 1 } else { closed += 1 } }
            for (frame, height) in zip(trace.frames, expected.heights) {
                let sheet = try #require(frame.views.first { $0.key == "sheet" })
                #expect(abs(sheet.h - height) <= 1e-9 && abs(sheet.y - (844 - height)) <= 1e-9)
                #expect(sheet.x == 0 && sheet.w == 390)
            }
            if let target = expected.target, let last = trace.frames.last {
                #expect(last.views.first { $0.key == "sheet" }?.h == target)
            }
        }
        #expect(opened > 0 && closed > 0)
    }
}
