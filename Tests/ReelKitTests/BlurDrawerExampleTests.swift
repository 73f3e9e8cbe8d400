import ReelEngine
import ReelKit
import ReelKitExamples
import ReelTiming
import ReelTrace
import Testing

/// The drawer over a blur (BlurDrawerExample): frames computed from its rule (x 0, y = safe area
/// top, width min(0.8 W, 320), height H - top - bottom; slid in from -width over 0.3 s ease out)
/// with each device's safe area from docs/KIT.md's table.
@Suite struct BlurDrawerExampleTests {
    static let tap = [Touch(t: 0.1, id: 0, phase: .began, x: 200, y: 400), Touch(t: 0.2, id: 0, phase: .ended, x: 200, y: 400)]

    /// (width, height, top inset, bottom inset) from the safe area table.
    @Test(arguments: [(390.0, 844.0, 47.0, 34.0), (402, 874, 62, 34), (375, 667, 20, 0)])
    func theDrawerSlidesInInsideTheSafeAreaOverABlur(width: Double, height: Double, top: Double, bottom: Double) throws {
        let scene = BlurDrawerExample.scene
        let trace = try ReelKitEngine(scenes: [scene], name: "drawer", version: "1").run(
            scenario: scene.spec, device: Device(width: width, height: height, scale: 3), refreshHz: 60, touches: Self.tap,
            outcomeHierarchy: false)
        let drawerWidth = min(0.8 * width, 320)
        let start = 0.2  // the tap is recognized at the lift
        let clock = FrameClock(refreshHz: 60)
        #expect(trace.outcome.completed)
        #expect(trace.outcome.t == clock.time(ofTick: clock.firstTick(atOrAfter: start + 0.3 - 1e-9)))
        #expect(trace.events.filter { $0.kind == "effect" }.map { "\($0.subject) \($0.detail)" } == ["blur blur.dark"])
        var checked = 0
        for frame in trace.frames {
            let menu = try #require(frame.views.first { $0.key == "menu.view" })
            let blur = try #require(frame.views.first { $0.key == "blur" })
            let shaped = frame.t >= start + 0.3 - 1e-9 ? 1 : TimingCurve.easeOut.value(at: (frame.t - start) / 0.3)
            #expect(abs(menu.x - (-drawerWidth + drawerWidth * shaped)) <= 1e-9, "at \(frame.t)")
            #expect(menu.y == top && menu.w == drawerWidth && menu.h == height - top - bottom)
            #expect(blur.x == 0 && blur.y == 0 && blur.w == width && blur.h == height && blur.z < menu.z)
            checked += 1
        }
        #expect(checked >= 17, "0.3 s at 60 Hz")
    }
}
