import ReelTrace
import Testing

@testable import ReelKit

/// What a session's layers showed at each display tick, read through the runtime's frame
/// observers (`CALayer.traceValues`): what traces carry (corner radius, border, shadow) and what
/// they do not yet (the mask's shape).
final class LayerSamples: @unchecked Sendable {
    var values: [(t: Double, values: LayerTraceValues)] = []
    /// Anything a scene's test code wants to keep from inside the session.
    var notes: [String] = []
    /// Times a scene's callbacks ran at, in order.
    var times: [Double] = []
    /// Layers a scene's test code samples itself.
    var layers: [CALayer] = []

    func at(_ t: Double) -> LayerTraceValues? { values.first { abs($0.t - t) < 1e-9 }?.values }
}

enum LayerSampling {
    static let device = Device(width: 390, height: 844, scale: 3)

    /// The view whose trace key is `key` under `view` (its accessibilityIdentifier, or its
    /// controller's name + ".view").
    @MainActor static func view(_ key: String, in view: UIView) -> UIView? {
        if view.traceKey == key { return view }
        for subview in view.subviews {
            if let found = self.view(key, in: subview) { return found }
        }
        return nil
    }

    /// `build` as the scene `spec` names, sampling the layer of the view `key` at every tick.
    static func scene(
        _ spec: ScenarioSpec, key: String, samples: LayerSamples = LayerSamples(), build: @escaping @MainActor @Sendable (UIWindow) -> Void
    ) -> (ReelKitScene, LayerSamples) {
        let scene = ReelKitScene(reimplementing: spec) { window in
            build(window)
            KitRuntime.current?.frameObservers.append { t in
                if let found = view(key, in: window) { samples.values.append((t, found.layer.traceValues(at: t))) }
            }
        }
        return (scene, samples)
    }

    static func run(_ scene: ReelKitScene, touches: [Touch], refreshHz: Double = 60) throws -> Trace {
        try ReelKitEngine(scenes: [scene], name: "layers", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: false)
    }

    /// A tap scene with a 100 x 100 "box" at (0, 0) whose tap runs `action`; samples the box's layer.
    static func tapScene(_ name: String, samples: LayerSamples = LayerSamples(), action: @escaping @MainActor @Sendable (UIView) -> Void)
        -> (ReelKitScene, LayerSamples)
    {
        let spec = ReelKitScene(name: name, trigger: TriggerSpec(kind: .tap)) { _ in }.spec
        return scene(spec, key: "box", samples: samples) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            box.accessibilityIdentifier = "box"
            root.view.addSubview(box)
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in action(box) }
            root.view.addGestureRecognizer(tap)
        }
    }

    /// One tap at (195, 422), down at 0, up at `at`.
    static func tap(at t: Double = 0.1) -> [Touch] {
        [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: t, id: 0, phase: .ended, x: 195, y: 422)]
    }

    /// Core Animation's ease out (0, 0, 0.58, 1), with the tests' own inverse.
    static let easeOut = UIKitRules.Bezier(x1: 0, y1: 0, x2: 0.58, y2: 1)
    /// kCAMediaTimingFunctionDefault (0.25, 0.1, 0.25, 1).
    static let defaultCurve = UIKitRules.Bezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1)
}
