import ReelEngine
import ReelTrace

extension GestureSynthesizer {
    /// A synthesizer for the gesture that drives `spec` (its trigger): taps at the screen's
    /// centre, edge pans from the trigger's edge, pans in its direction, closing pinches.
    public init(scenario spec: ScenarioSpec, device: Device, refreshHz: Double, seed: UInt64) {
        let trigger = spec.trigger
        let kind: GestureKind
        switch trigger.kind {
        case .tap: kind = .tap(x: device.width / 2, y: device.height / 2)
        case .edgePan: kind = .edgePan(ScreenEdge(rawValue: (trigger.edge ?? .left).rawValue) ?? .left)
        case .pan: kind = .pan(PanDirection(rawValue: (trigger.direction ?? .down).rawValue) ?? .down)
        case .pinch: kind = .pinch(closing: true)
        }
        self.init(
            scenario: spec.name, kind: kind, device: device, refreshHz: refreshHz, seed: seed,
            decisionExtent: trigger.extent)
    }
}
