import ReelTiming

/// The profile's timing choices as ReelTiming values.
extension EngineProfile {
    /// A curve parameter ("linear", "default", "easeIn", "easeOut", "easeInEaseOut",
    /// "systemSpring") as a timing function. "systemSpring" is UIKit's private curve 7,
    /// CASpringAnimation(mass 3, stiffness 1000, damping 500) (docs/SOURCES.md): a physical spring,
    /// so it runs until it settles when it drives a finish/cancel animation and is cut at the
    /// track's end inside a transition.
    func timing(_ name: ParameterName) -> TimingFunction {
        switch string(name) {
        case "linear": .curve(.linear)
        case "default": .curve(.uikitDefault)
        case "easeIn": .curve(.easeIn)
        case "easeOut": .curve(.easeOut)
        case "systemSpring": .spring(Spring(mass: 3, stiffness: 1000, damping: 500))
        default: .curve(.easeInEaseOut)
        }
    }

    /// How UIView springs fit their duration: they settle to `spring.settle_epsilon` exactly at it.
    var springSettings: SpringSettings {
        SpringSettings(settlingEpsilon: number(.springSettleEpsilon))
    }
}
