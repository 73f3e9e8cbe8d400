import ReelTiming

/// The numbers a scroll view moves by, each with its source (docs/KIT.md, "Scroll views").
enum ScrollPhysics {
    /// The rubber band's coefficient c in b(x) = (1 - 1 / (c x / d + 1)) d, d = the bounds'
    /// length along the axis: UIScrollView's published 0.55 (the widely documented reading of
    /// UIKit's rubber band; D26 declares `_rubberBandOffsetForOffset:maxOffset:minOffset:range:outside:`
    /// but the coefficient's value is not in the decompile). Not from a UIKit source.
    static let rubberBandCoefficient = RubberBand.scrollViewCoefficient
    /// A deceleration ends when its remaining travel, (v / 1000) d / (1 - d), is under this many
    /// points; the content then rests at the projection (where the delegate's target said). Chosen
    /// (half a point), not from a source.
    static let restingDistance = 0.5
    /// The bounce back to an edge: a critically damped spring (mass 1) of this response, in
    /// seconds per undamped period (ω = 2π / response), started from the offset past the edge
    /// and the content's velocity; settled when |x| + |v| / ω is under `restingDistance`. Chosen:
    /// D26 declares `_getBouncingDecelerationOffset:forTimeInterval:...decelerationFactor:decelerationLnFactor:velocity:`,
    /// whose body was not read; about half a second back from a 100 pt pull, as a device shows.
    static let bounceResponse = 0.4
    /// `setContentOffset(_:animated: true)`: this many seconds on the ease in-out curve. Chosen,
    /// not from a source.
    static let animationDuration = 0.3
    static let animationCurve = TimingCurve.easeInEaseOut
}
