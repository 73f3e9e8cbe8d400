extension UISpringTimingParameters {
    /// UIKit's `UISpringTimingParameters()`: the system spring, mass 3, stiffness 1000, damping 500,
    /// no initial velocity (D26: private curve 7, the same spring the percent-driven completion
    /// uses; docs/SOURCES.md).
    public convenience init() {
        self.init(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: 0, dy: 0))
    }
}
