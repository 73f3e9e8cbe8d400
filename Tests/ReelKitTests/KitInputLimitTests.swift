import ReelEngine
import ReelFormats
import ReelKitExamples
import ReelTrace
import Testing

@testable import ReelKit

/// Issue 48, item 6: ReelKit's two ways into a scene (`ReelKitEngine.run` in process and
/// `ReelKitServer` over the protocol) hold a session to the rules of every other entry point
/// (`GestureLimits`: docs/RELIABILITY.md's limits): a session spanning more than
/// `GestureLimits.maxSessionSpan`, touch times going backwards and a device without size are refused
/// before the scene is built, with the rule named. On 0.16.0 each of these was traced.
@Suite struct KitInputLimitTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let scene = ExampleScenes.all(cardThreshold: 0.35)[0]

    /// A drag from the left edge, its finger lifted `span` seconds after it went down.
    static func drag(span: Double) -> [Touch] {
        [
            Touch(t: 0, id: 0, phase: .began, x: 20, y: 420),
            Touch(t: 0.1, id: 0, phase: .moved, x: 60, y: 420),
            Touch(t: span, id: 0, phase: .ended, x: 101, y: 420),
        ]
    }

    /// The error of both entry points for one session (nil: traced), each once.
    static func errors(device: Device = device, refreshHz: Double = 60, touches: [Touch]) -> (engine: String?, server: String?) {
        let engine = ReelKitEngine(scenes: [scene], name: "limits", version: "1")
        var inProcess: String?
        do {
            _ = try engine.run(scenario: scene.spec, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: true)
        } catch {
            inProcess = "\(error)"
        }
        let request = EngineRequest(scenarioName: scene.name, device: device, refreshHz: refreshHz, touches: touches, id: 1)
        let line = String(decoding: ReelKitServer.answer(request, engine: engine).encodedLine(id: 1), as: UTF8.self)
        return (inProcess, line.contains(#""error""#) ? line : nil)
    }

    static func expectRefused(_ found: (engine: String?, server: String?), _ rule: String) {
        for (entry, message) in [("ReelKitEngine", found.engine), ("ReelKitServer", found.server)] {
            #expect(
                message?.contains("scene '\(scene.name)': the session cannot be run: \(rule)") == true, "\(entry): \(message ?? "traced")")
        }
    }

    @Test func aFingerHeldPastTheSpanLimitIsRefusedBeforeItRuns() {
        let span = GestureLimits.maxSessionSpan + 1
        let found = Self.errors(touches: Self.drag(span: span))
        Self.expectRefused(
            found,
            "the session spans more than \(Int(GestureLimits.maxSessionSpan)) s (limits.max_session_span): touch 3 at \(Int(span)), the first at 0"
        )
    }

    @Test func aDayLongFingerIsRefusedAtOnce() {
        Self.expectRefused(Self.errors(touches: Self.drag(span: 86_400)), "the session spans more than")
    }

    @Test func backwardsTouchTimesAreRefused() {
        var touches = Self.drag(span: 0.5)
        touches[1].t = -0.1
        Self.expectRefused(Self.errors(touches: touches), "touch time goes backwards at touch 2")
    }

    @Test func aDeviceWithoutWidthOrAnOutOfRangeRefreshRateIsRefused() {
        let touches = Self.drag(span: 0.5)
        Self.expectRefused(
            Self.errors(device: Device(width: 0, height: 844, scale: 3), touches: touches),
            "device width must be a positive number of at most \(Int(Device.maximumSide)), not 0")
        Self.expectRefused(Self.errors(refreshHz: 241, touches: touches), "the refresh rate must be between 1 and 240 Hz, not 241")
    }

    /// A session within the rules is still traced by both.
    @Test func aSessionWithinTheRulesIsTraced() {
        let found = Self.errors(touches: Self.drag(span: 0.5))
        #expect(found.engine == nil && found.server == nil, "\(found)")
    }

    /// Views x frames: a finger held on the card for the longest span at 240 Hz renders frames
    /// until their views pass `Engine.maximumFrameViews`, then the session fails naming the limit.
    /// The card with eight more views on its window: ten views in every frame.
    static let crowded = ReelKitScene(reimplementing: scene.spec) { window in
        scene.build(window)
        for index in 0..<8 { window.addSubview(UIView(frame: CGRect(x: 0, y: Double(index) * 10, width: 10, height: 10))) }
    }

    @Test func viewsTimesFramesIsBoundedPerSession() throws {
        let scene = Self.crowded
        let engine = ReelKitEngine(scenes: [scene], name: "limits", version: "1")
        let hz = 240.0
        let short = try engine.run(
            scenario: scene.spec, device: Self.device, refreshHz: hz, touches: Self.drag(span: 0.5), outcomeHierarchy: false)
        let perFrame = short.frames.map(\.views.count).max() ?? 0
        // The premise: a finger held for the whole span, a frame a tick, would pass the limit.
        #expect(Double(perFrame) * GestureLimits.maxSessionSpan * hz > Double(Engine.maximumFrameViews), "\(perFrame) views a frame")
        do {
            let trace = try engine.run(
                scenario: scene.spec, device: Self.device, refreshHz: hz, touches: Self.drag(span: GestureLimits.maxSessionSpan),
                outcomeHierarchy: false)
            Issue.record("traced \(trace.frames.count) frames of \(trace.frames.reduce(0) { $0 + $1.views.count }) views in all")
        } catch {
            #expect("\(error)".contains("more than \(Engine.maximumFrameViews) views in all (Engine.maximumFrameViews)"), "\(error)")
        }
    }
}
