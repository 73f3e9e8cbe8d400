import ReelGestures
import ReelTrace

/// The rule an interactive scenario's transition is decided by at release, under a profile: the
/// completion policy of its interaction controller and the finger travel that makes progress 1.
/// Reports draw each engine's decision boundary from it.
public struct ReleaseRule: Sendable, Hashable {
    public var policy: CompletionPolicy
    /// Points of finger travel for the whole transition (1 for a pinch's scale).
    public var extent: Double
    /// The transition's duration T, seconds (the back-swipe rule projects over it).
    public var transitionDuration: Double

    /// The rule of `spec` on `device` under `profile`; nil for a scenario without an interaction
    /// controller. A sheet's travel is its presented height, which only the simulation knows: the
    /// device height stands in for it here.
    public init?(spec: ScenarioSpec, profile: EngineProfile, device: Device) {
        guard spec.interaction != nil,
            let driver = try? InteractionDriver(spec: spec, profile: profile, device: device, presentedHeight: device.height)
        else { return nil }
        policy = driver.policy
        extent = driver.extent
        transitionDuration = driver.transitionDuration
    }
}
