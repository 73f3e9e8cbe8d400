import ReelGestures
import ReelTrace

/// The back swipe of iOS 26 (D26 `_UINavigationInteractiveTransition _configureNavigationGesture`):
/// the edge recognizer plus `interactiveContentPopGestureRecognizer`, both calling
/// `handleNavigationTransition:`, as one recognizer for the interaction driver.
///
/// A touch landing within the edge region (and not refused by the navigation bar) is the edge
/// recognizer's: the content recognizer requires it to fail (`requireGestureRecognizerToFail:`).
/// Elsewhere, with `nav.content_pop`, the content recognizer (`_setRecognizesWithoutEdge:1`, one
/// finger) follows it: it fails when the vertical drift reaches min(cap, base + (h - base) / run x
/// |dx|) ("exceededYTranslation", h = `contentpop.hysteresis`), when the finger travels h the other
/// way ("unsupportedEdge"), and begins when it travels h towards the back direction
/// (`_shouldTryToBeginWithEvent:` with 30 pt for touches), and at `.began` has
/// `contentpop.translation_hysteresis` (30, the `_setHysteresis:` of that path) removed per axis
/// from its translation, where the edge recognizer removes `backswipe.translation_hysteresis` (15).
/// Both follow one finger (`setMaximumNumberOfTouches:1`). A content scroll view that can scroll in
/// the swipe's direction wins: its pan begins at `pan.hysteresis`, before the content pop can, and
/// the content pop fails there. The navigation bar refuses only the edge recognizer
/// (`gestureRecognizer:shouldReceiveTouch:`).
///
/// With `edgeFallback` (`contentpop.edge_fallback`) the content recognizer follows an edge touch
/// too, waiting: when the edge recognizer fails (`maximumSwipeDuration` passed before it began, or
/// the vertical drift reached its allowance) the touch is the content recognizer's, which may then
/// begin by its own rules (its drift allowance grows four times as fast, it has no time limit) unless
/// it failed meanwhile. It cannot be waiting to begin when the edge fails: its 30 pt lie beyond the
/// edge's 15, where the edge recognizer has begun.
struct ContentPopRecognizer: Sendable {
    private var edge: ScreenEdgePanRecognizer
    private var content: ScreenEdgePanRecognizer
    /// Touches the edge recognizer's delegate refuses (the navigation bar).
    private var refusal: TouchRefusal
    /// `nav.content_pop`: whether the content recognizer exists.
    let contentEnabled: Bool
    /// `contentpop.edge_fallback`: an edge touch goes to the content recognizer when the edge one fails.
    let edgeFallback: Bool
    /// Whether the content's scroll view can scroll in the back direction (and so wins).
    let scrollWins: Bool
    /// `pan.hysteresis`: where the scroll view's pan begins.
    let scrollHysteresis: Double
    /// Which recognizer the touch sequence belongs to.
    private var owner = Owner.edge
    /// The finger the sequence follows (the first down), nil between sequences.
    private var followed: Int?
    /// Where the followed finger landed, window points.
    private var start = GestureVector.zero
    /// The content recognizer lost to the scroll view or travelled the wrong way: failed until the next touch sequence.
    private var contentFailed = false
    private enum Owner { case edge, content }

    init(
        edge: ScreenEdgePanRecognizer.Parameters, contentHysteresis: Double, contentTranslationHysteresis: Double,
        refusal: TouchRefusal, contentEnabled: Bool,
        edgeFallback: Bool, scrollWins: Bool, scrollHysteresis: Double, screenWidth: Double, screenHeight: Double
    ) {
        self.edge = ScreenEdgePanRecognizer(parameters: edge, screenWidth: screenWidth, screenHeight: screenHeight)
        var contentParameters = edge
        contentParameters.edgeRegionSize = .infinity
        contentParameters.hysteresis = contentHysteresis
        // D26 `_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent:` sets the
        // recognizer's hysteresis (`_setHysteresis:`, the edge feature's and the pan's) to 30 on the
        // complex path, so `featureDidChangeState:` removes 30, not the edge path's 15, at .began.
        contentParameters.translationHysteresis = contentTranslationHysteresis
        contentParameters.maximumSwipeDuration = .infinity
        content = ScreenEdgePanRecognizer(parameters: contentParameters, screenWidth: screenWidth, screenHeight: screenHeight)
        self.refusal = refusal
        self.contentEnabled = contentEnabled
        self.edgeFallback = edgeFallback && contentEnabled
        self.scrollWins = scrollWins
        self.scrollHysteresis = scrollHysteresis
    }

    private var active: ScreenEdgePanRecognizer { owner == .edge ? edge : content }

    /// Feeds one touch event to the recognizer that owns its sequence.
    private mutating func route(_ event: TouchEvent) -> [GestureState] {
        if followed == nil, let down = event.touches.first(where: { $0.phase == .began }) {
            followed = down.id
            var probe = refusal
            let admitted = probe.admits(down)
            let inEdgeRegion = edge.distanceFromEdge(GestureVector(x: down.x, y: down.y)) <= edge.parameters.edgeRegionSize
            owner = admitted && inEdgeRegion || !contentEnabled ? .edge : .content
            start = GestureVector(x: down.x, y: down.y)
            contentFailed = false
        }
        defer {
            if event.touches.contains(where: { $0.id == followed && ($0.phase == .ended || $0.phase == .cancelled) }) { followed = nil }
        }
        switch owner {
        case .edge:
            // The waiting content recognizer sees the touches first: they reach both in one event.
            let waiting = edgeFallback ? content.handle(event) : []
            let touches = event.touches.filter { refusal.admits($0) }
            let states = touches.isEmpty ? [] : edge.handle(TouchEvent(t: event.t, touches: touches))
            guard edgeFallback, states.contains(.failed) else { return states }
            owner = .content
            if content.state == .failed { return [.failed] }
            return contentStates(waiting)
        case .content:
            return contentStates(content.handle(event))
        }
    }

    /// The content recognizer's state changes for one event, with the scroll view's and the
    /// wrong direction's failures.
    private mutating func contentStates(_ states: [GestureState]) -> [GestureState] {
        if contentFailed { return [] }
        guard content.state == .possible || states.contains(.began) else { return states }
        let travel = (content.location - start).dot(content.parameters.edge.inward)
        let lost = scrollWins ? travel >= scrollHysteresis : travel <= -content.parameters.hysteresis
        guard lost else { return states }
        contentFailed = true
        return states.filter { $0 != .began } + [.failed]
    }
}

extension ContentPopRecognizer: InteractionRecognizer {
    var name: String { contentEnabled ? "backSwipe" : "edgePan" }
    var state: GestureState { owner == .content && contentFailed ? .failed : active.state }
    var reading: GestureReading {
        owner == .content && contentFailed
            ? GestureReading(location: active.location)
            : GestureReading(translation: active.translation, velocity: active.velocity, location: active.location)
    }

    mutating func handle(_ event: TouchEvent) -> [GestureState] { route(event) }
}
