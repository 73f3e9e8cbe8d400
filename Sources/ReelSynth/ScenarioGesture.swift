import ReelEngine
import ReelGestures
import ReelTrace

extension GestureSynthesizer {
    /// A synthesizer for the gesture that drives `spec` (its trigger): taps at the screen's
    /// centre, edge pans from the trigger's edge (mirrored to the right in right-to-left layouts), pans in its direction, closing pinches.
    public init(scenario spec: ScenarioSpec, device: Device, refreshHz: Double, seed: UInt64) {
        let trigger = spec.trigger
        let kind: GestureKind
        switch trigger.kind {
        case .tap where spec.interaction != nil:
            // A tap-started transition with an interaction controller: the back swipe that catches it.
            kind = .tapThenEdgePan(spec.isRightToLeft ? .right : .left)
        case .tap: kind = .tap(x: device.width / 2, y: device.height / 2)
        case .edgePan:
            // A right-to-left layout's back-swipe starts at the right edge (a left trigger edge is the leading one).
            let edge = spec.isRightToLeft && (trigger.edge ?? .left) == .left ? .right : trigger.edge ?? .left
            kind = .edgePan(edge)
        case .pan: kind = .pan(PanDirection(rawValue: (trigger.direction ?? .down).rawValue) ?? .down)
        case .pinch: kind = .pinch(closing: true)
        }
        self.init(
            scenario: spec.name, kind: kind, device: device, refreshHz: refreshHz, seed: seed,
            decisionExtent: trigger.extent)
    }
}
