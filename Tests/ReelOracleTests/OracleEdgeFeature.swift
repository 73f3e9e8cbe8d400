/// The screen-edge feature of UIScreenEdgePanGestureRecognizer (D26 `_UISEGestureFeatureSettings`,
/// `UIScreenEdgePanGestureRecognizer touchesBegan/Moved:withEvent:` feeding `_rootFeature` before
/// `[super touchesMoved:]`), for a left-edge recognizer, and the content variant of
/// `_UIParallaxTransitionPanGestureRecognizer` (`_setRecognizesWithoutEdge:1`).
struct OracleEdgeFeature {
    /// The touch must land within this many points of the edge: edgeRegionSize 13 pt
    /// (`_UISEGestureFeatureSettings`).
    static let edgeRegion = 13.0
    /// Movement away from the edge at which the feature recognizes: 15 pt, what
    /// `_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent:` sets on its simple
    /// path (`_setHysteresis:15.0`) and the dismiss interaction's edge pan's feature default.
    static let edgeHysteresis = 15.0
    /// The feature fails if it has not recognized this long after touch-down: maximumSwipeDuration 0.25 s.
    static let maximumSwipeDuration = 0.25
    /// D26 `_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent:`: `_setHysteresis:15.0`
    /// on the simple path (touch events, the edge feature not failed), which sets both the edge
    /// feature's hysteresis and the pan's `_hysteresis` (`UIScreenEdgePanGestureRecognizer _setHysteresis:`).
    static let parallaxSimpleHysteresis = 15.0
    /// The same method's complex path for touch events: `_setHysteresis:30.0` (50.0 for events of
    /// type 10, scroll events, which no stream here has).
    static let parallaxComplexHysteresis = 30.0

    /// Where a touch may land: within `region` of the left edge (infinity: anywhere, the content recognizer).
    var region = OracleEdgeFeature.edgeRegion
    /// Travel at which it recognizes, and the h of the drift allowance min(25, 10 + (h - 10) / 25 |dx|).
    var hysteresis = OracleEdgeFeature.edgeHysteresis
    /// The time limit (infinity for the content recognizer, which `_shouldTryToBeginWithEvent:`'s
    /// complex path decides without one).
    var maximumDuration = OracleEdgeFeature.maximumSwipeDuration
    /// The complex path also fails a swipe that travels `hysteresis` towards the edge
    /// ("unsupportedEdge": `v8 <= -v5` for a left-edge recognizer).
    var failsTowardsTheEdge = false

    /// The content recognizer: `_shouldTryToBeginWithEvent:`'s complex path with its 30 pt.
    static let content = OracleEdgeFeature(
        region: .infinity, hysteresis: parallaxComplexHysteresis, maximumDuration: .infinity, failsTowardsTheEdge: true)

    enum Verdict { case undecided, recognized, failed }

    private var start = OraclePoint.zero
    private var startTime = 0.0

    /// Whether a touch landing here is too far from the left edge to start an edge pan.
    func startsOutsideRegion(_ point: OraclePoint) -> Bool { point.x > region }

    mutating func touchDown(at point: OraclePoint, t: Double) {
        start = point
        startTime = t
    }

    /// One moved sample of the finger. Fails past the swipe duration, or when the vertical drift
    /// |dy| >= min(25, 10 + (h - 10) / 25 x |dx|) (the complex path's "exceededYTranslation", the
    /// same rule for the edge feature); with `failsTowardsTheEdge`, when dx <= -h; recognizes when
    /// dx reaches h.
    func incorporate(_ point: OraclePoint, t: Double) -> Verdict {
        let dx = point.x - start.x
        let dy = point.y - start.y
        if t - startTime > maximumDuration { return .failed }
        if abs(dy) >= min(25, 10 + (hysteresis - 10) / 25 * abs(dx)) { return .failed }
        if failsTowardsTheEdge, dx <= -hysteresis { return .failed }
        return dx >= hysteresis ? .recognized : .undecided
    }
}
