/// The UIKit behaviour a family's oracle reads: the defaults (classic; iOS 18.2 is the same for
/// every rule the oracle has) or iOS 26.1's fluid back swipe with the content pop.
enum OracleProfile: String, CaseIterable {
    case classic
    case ios26 = "uikit-ios26"
}

/// One family of the differential test: a catalog scenario under a profile.
struct OracleFamily: CustomStringConvertible, Hashable {
    var scenario: String
    var profile: OracleProfile

    var description: String { "\(scenario) (\(profile.rawValue))" }

    /// Every interactive scenario the oracle reads, under each profile that changes its rules.
    static let all: [OracleFamily] =
        [
            "nav.interactive-pop", "nav.content-swipe-pop", "nav.vertical-swipe-pop", "modal.swipe-dismiss", "sheet.drag-dismiss",
            "modal.pinch-dismiss", "image.drag-dismiss", "zoom.dismiss-drag", "zoom.dismiss-presented", "zoom.dismiss-edge",
            "zoom.dismiss-pinch", "sheet.detents", "sheet.detents-modal", "sheet.scroll-handoff", "nav.interrupt-push",
        ].map { OracleFamily(scenario: $0, profile: .classic) }
        + ["nav.interactive-pop", "nav.content-swipe-pop", "nav.interrupt-push"].map { OracleFamily(scenario: $0, profile: .ios26) }

    /// Whether the family's sessions may all come out one way by its rule (classic's interrupted
    /// push: the running push gets no events, every session finishes).
    var hasOneOutcome: Bool { scenario == "nav.interrupt-push" && profile == .classic }

    /// Whether the outcome is where a detent sheet rests.
    var restsAtDetents: Bool { scenario.hasPrefix("sheet.detents") || scenario == "sheet.scroll-handoff" }
}

/// The oracle's verdict on one session: its own reading and, where the sources leave a choice and
/// the oracle reads it differently from the engine, the engine's reading too.
struct OracleVerdict {
    var decision: OracleDecision
    /// The decision under the engine's reading of a point the sources leave open (nil: no such point).
    var engineReading: OracleDecision?
    /// The session would start a second transition in UIKit that the scenario does not record (an
    /// interrupted push's swipe beginning after the push ended: a pop of B).
    var secondTransition = false
}

/// The rules, where they live and their sources (D26 = UIKitCore of the iOS 26.1 restore):
/// - touch events and UIPanGestureRecognizer (centroid, re-basing, per-axis hysteresis, velocity
///   0.2 / 0.8, no movement at the lift): `OraclePan`, D26 `UIPanGestureRecognizer`;
/// - the screen edge (13 pt region, 15 pt, 0.25 s, vertical drift) and the content recognizer's
///   complex path (30 pt, drift, unsupported edge): `OracleEdgeFeature`, D26
///   `UIScreenEdgePanGestureRecognizer`, `_UIParallaxTransitionPanGestureRecognizer _shouldTryToBeginWithEvent:`;
/// - the back swipe's statistics and pop decision, fluid or not: `OracleBackSwipe`, D26
///   `_UINavigationInteractiveTransitionBase`;
/// - the pinch's scale (8 pt hysteresis) and VCTransitionsLibrary's pinch handler: `OraclePinch`,
///   D26 `_UIPinchGestureRecognizerDriver`, CEPinchInteractionController.m;
/// - seed 000, seed 003 and MDTransitioning's handlers: `OracleHandlers.swift`;
/// - the zoom dismissal's end rule: `OracleZoomDismiss`, `OracleZoomPinch`, D26's Swift
///   `_UIDismissInteraction` end handlers;
/// - the detent sheet's resting place: `OracleSheetDetents`, D26 `_UISheetInteraction`, `_UIHyperInteractor`
///   (modal: without the dismiss position);
/// - the scroll view's hand-off to the sheet: `OracleSheetScroll`, D26 `_UISheetInteraction
///   _scrollView:adjustedUnconstrainedOffsetForUnconstrainedOffset:...`;
/// - a back swipe catching a running push: `OracleInterruptPush`, D26 `_UINavigationInteractiveTransition
///   _gestureRecognizer:shouldReceiveEvent:`, `_UINavigationInteractiveTransitionBase handleNavigationTransition:`.
enum Oracle {
    /// The verdict for a session; a gesture that never begins (or fails) starts no transition.
    /// `refreshHz` only places the display frames (the interrupted push's engine reading).
    static func decide(_ family: OracleFamily, touches: [OracleTouch], screen: OracleScreen, refreshHz: Double = 60) -> OracleVerdict {
        let events = OracleEvent.events(of: touches)
        let fluid = family.profile == .ios26
        switch family.scenario {
        case "modal.pinch-dismiss":
            var pinch = OraclePinch()
            var handler = OraclePinchDismiss()
            for event in events {
                guard let state = pinch.handle(event) else { continue }
                if let decision = handler.handle(state, scale: pinch.scale) { return OracleVerdict(decision: decision) }
            }
        case "zoom.dismiss-pinch":
            var pinch = OraclePinch()
            var handler = OracleZoomPinch()
            var centroid: OraclePoint?
            for event in events {
                let state = pinch.handle(event)
                // The lift moves nothing: the centroid is the one of the fingers' last positions.
                if let now = pinch.centroid, event.touches.allSatisfy({ $0.phase.isDown }) { centroid = now }
                guard let state else { continue }
                if let decision = handler.handle(state, scale: pinch.scale, centroid: centroid) { return OracleVerdict(decision: decision) }
            }
        case "nav.interactive-pop":
            return OracleVerdict(decision: run(events, pan: backSwipeEdge(), handler: OracleBackSwipe(width: screen.width, fluid: fluid)))
        case "nav.content-swipe-pop":
            guard family.profile == .ios26 else {
                // Without the content pop only the edge recognizer exists (D18 and iOS 26 without
                // `_isContentBackSwipeEnabled`/`interactiveContentPopGestureRecognizer`).
                return OracleVerdict(decision: run(events, pan: backSwipeEdge(), handler: OracleBackSwipe(width: screen.width)))
            }
            let own = contentPop(events, screen: screen, removesAfterTheMove: true)
            let engine = contentPop(events, screen: screen, removesAfterTheMove: false)
            return OracleVerdict(decision: own, engineReading: engine)
        case "modal.swipe-dismiss":
            return OracleVerdict(decision: run(events, pan: OraclePan(), handler: OracleSwipeDismiss()))
        case "sheet.drag-dismiss":
            return OracleVerdict(decision: run(events, pan: OraclePan(), handler: OracleSheetDrag(screen: screen)))
        case "image.drag-dismiss":
            return OracleVerdict(decision: run(events, pan: OraclePan(), handler: OracleImageDrag()))
        case "nav.vertical-swipe-pop":
            var pan = OraclePan()
            pan.shouldBegin = OracleVerticalSwipePop.shouldBegin
            return OracleVerdict(decision: run(events, pan: pan, handler: OracleVerticalSwipePop(viewHeight: screen.height)))
        case "zoom.dismiss-drag", "zoom.dismiss-presented":
            var pan = OraclePan()
            pan.shouldBegin = OracleZoomDismiss.shouldBegin
            return OracleVerdict(decision: run(events, pan: pan, handler: OracleZoomDismiss(horizontal: false)))
        case "sheet.detents":
            return OracleVerdict(decision: run(events, pan: OraclePan(), handler: OracleSheetDetents()))
        case "sheet.detents-modal":
            return OracleVerdict(decision: run(events, pan: OraclePan(), handler: OracleSheetDetents(modal: true)))
        case "sheet.scroll-handoff":
            // The scroll view's pan (UIScrollView's panGestureRecognizer, the default 10 pt hysteresis).
            let own = run(events, pan: OraclePan(), handler: OracleSheetScroll(stepwise: false))
            let engine = run(events, pan: OraclePan(), handler: OracleSheetScroll(stepwise: true))
            return OracleVerdict(decision: own, engineReading: engine)
        case "nav.interrupt-push":
            let verdict = OracleInterruptPush.decide(
                events, screen: screen, interruptible: family.profile == .ios26, refreshHz: refreshHz)
            return OracleVerdict(
                decision: verdict.decision, engineReading: verdict.engineReading, secondTransition: verdict.afterThePush)
        case "zoom.dismiss-edge":
            // The dismiss interaction's own edge pan: a UIScreenEdgePanGestureRecognizer with the pan's
            // 10 pt `_hysteresis` (not a `_UIParallaxTransitionPanGestureRecognizer`).
            return OracleVerdict(
                decision: run(events, pan: OraclePan(edge: OracleEdgeFeature()), handler: OracleZoomDismiss(horizontal: true)))
        default:
            preconditionFailure("no oracle for \(family.scenario)")
        }
        return OracleVerdict(decision: OracleDecision(finish: false, progress: nil))
    }

    /// The navigation back recognizer from the edge: a `_UIParallaxTransitionPanGestureRecognizer`
    /// (D26 `_UINavigationInteractiveTransition _configureNavigationGesture`) on its simple path,
    /// 15 pt removed at `.began`, one finger.
    static func backSwipeEdge() -> OraclePan {
        OraclePan(edge: OracleEdgeFeature(), removedHysteresis: OracleEdgeFeature.parallaxSimpleHysteresis)
    }

    /// iOS 26's back swipe from the content (D26 `_configureNavigationGesture`: the content
    /// recognizer requires the edge one to fail). A touch landing in the edge region is the edge
    /// recognizer's; when that fails before it began, the content recognizer, which has followed the
    /// same touches, goes on by its own rule (30 pt, its drift, the unsupported edge). A touch
    /// landing elsewhere is the content recognizer's. The catalog's content scroll view is at its
    /// minimum offset and cannot scroll back (`_needsDynamicDependentRequirementForGestureRecognizer:`):
    /// it never wins. `removesAfterTheMove` picks the reading of where the 30 pt come off.
    static func contentPop(_ events: [OracleEvent], screen: OracleScreen, removesAfterTheMove: Bool) -> OracleDecision {
        var edge = backSwipeEdge()
        var content = OraclePan(edge: .content, removedHysteresis: OracleEdgeFeature.parallaxComplexHysteresis)
        content.removesAfterTheMove = removesAfterTheMove
        var handler = OracleBackSwipe(width: screen.width, fluid: true)
        var owner: Int?  // 0 edge, 1 content
        for event in events {
            if owner == nil, let down = event.touches.first(where: { $0.phase == .began }) {
                owner = down.x <= OracleEdgeFeature.edgeRegion ? 0 : 1
            }
            let contentAction = content.handle(event)
            if owner == 0 {
                let action = edge.handle(event)
                if edge.state == .failed {
                    owner = 1
                    if let contentAction, let decision = handler.handle(contentAction) { return decision }
                    continue
                }
                if let action, let decision = handler.handle(action) { return decision }
            } else if let contentAction, let decision = handler.handle(contentAction) {
                return decision
            }
        }
        return OracleDecision(finish: false, progress: nil)
    }

    private static func run(_ events: [OracleEvent], pan: OraclePan, handler: some OracleHandler) -> OracleDecision {
        var pan = pan
        var handler = handler
        for event in events {
            guard let action = pan.handle(event) else { continue }
            if let decision = handler.handle(action) { return decision }
        }
        return OracleDecision(finish: false, progress: nil)
    }
}
