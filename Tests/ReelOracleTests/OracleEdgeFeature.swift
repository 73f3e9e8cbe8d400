/// The screen-edge feature of UIScreenEdgePanGestureRecognizer for the back-swipe's left edge,
/// with the numbers of REFERENCE "Back-swipe (interactive pop)" (D26 `_UISEGestureFeatureSettings`).
struct OracleEdgeFeature {
    /// The touch must land within this many points of the edge: edgeRegionSize 13 pt.
    static let edgeRegion = 13.0
    /// Movement away from the edge at which the feature recognizes: edge hysteresis 15 pt.
    static let edgeHysteresis = 15.0
    /// The feature fails if it has not recognized this long after touch-down: maximumSwipeDuration 0.25 s.
    static let maximumSwipeDuration = 0.25

    enum Verdict { case undecided, recognized, failed }

    private var start = OraclePoint.zero
    private var startTime = 0.0

    /// Whether a touch landing here is too far from the left edge to start a back-swipe.
    func startsOutsideRegion(_ point: OraclePoint) -> Bool { point.x > Self.edgeRegion }

    mutating func touchDown(at point: OraclePoint, t: Double) {
        start = point
        startTime = t
    }

    /// One moved sample of the finger. Fails past the swipe duration, or when the vertical drift
    /// |dy| >= min(25, 10 + (15 - 10) / 25 x |dx|) ("vertical-drift failure", REFERENCE:
    /// D26); recognizes when dx reaches the edge hysteresis.
    func incorporate(_ point: OraclePoint, t: Double) -> Verdict {
        let dx = point.x - start.x
        let dy = point.y - start.y
        if t - startTime > Self.maximumSwipeDuration { return .failed }
        if abs(dy) >= min(25, 10 + (Self.edgeHysteresis - 10) / 25 * abs(dx)) { return .failed }
        return dx >= Self.edgeHysteresis ? .recognized : .undecided
    }
}
