/// The decision oracle: a session's raw touches in, finish or cancel out, per interactive
/// scenario family of the catalog.
enum OracleFamily: String, CaseIterable {
    case interactivePop = "nav.interactive-pop"
    case swipeDismiss = "modal.swipe-dismiss"
    case sheetDrag = "sheet.drag-dismiss"
    case pinchDismiss = "modal.pinch-dismiss"
    case imageDrag = "image.drag-dismiss"
    case verticalSwipePop = "nav.vertical-swipe-pop"
    case zoomDismissDrag = "zoom.dismiss-drag"
    case zoomDismissPresented = "zoom.dismiss-presented"
    case zoomDismissEdge = "zoom.dismiss-edge"
}

/// The rules, where they live and their sources:
/// - touch events and UIPanGestureRecognizer (centroid, re-basing, per-axis hysteresis, velocity
///   0.2 / 0.8, no movement at the lift): `OraclePan`, D26 `UIPanGestureRecognizer`;
/// - the back-swipe's screen edge (13 pt region, 15 pt, 0.25 s, vertical drift): `OracleEdgeFeature`,
///   REFERENCE "Back-swipe", D26 `UIScreenEdgePanGestureRecognizer`;
/// - the back-swipe's statistics and pop decision: `OracleBackSwipe`, D26
///   `_UINavigationInteractiveTransitionBase`;
/// - the pinch's scale (8 pt hysteresis) and VCTransitionsLibrary's pinch handler: `OraclePinch`,
///   D26 `_UIPinchGestureRecognizerDriver`, CEPinchInteractionController.m;
/// - seed 000, seed 003 and MDTransitioning's handlers: `OracleHandlers.swift`;
/// - the iOS 18 zoom dismissal by drag and edge swipe: `OracleZoomDismiss` (docs/ENGINE.md).
enum Oracle {
    /// The decision for a session; a gesture that never begins (or fails) starts no transition,
    /// which reads as a cancel.
    static func decide(_ family: OracleFamily, touches: [OracleTouch], screen: OracleScreen) -> OracleDecision {
        let events = OracleEvent.events(of: touches)
        switch family {
        case .pinchDismiss:
            var pinch = OraclePinch()
            var handler = OraclePinchDismiss()
            for event in events {
                guard let state = pinch.handle(event) else { continue }
                if let decision = handler.handle(state, scale: pinch.scale) { return decision }
            }
        case .interactivePop:
            return run(events, pan: OraclePan(edge: OracleEdgeFeature()), handler: OracleBackSwipe(width: screen.width))
        case .swipeDismiss:
            return run(events, pan: OraclePan(), handler: OracleSwipeDismiss())
        case .sheetDrag:
            return run(events, pan: OraclePan(), handler: OracleSheetDrag(screen: screen))
        case .imageDrag:
            return run(events, pan: OraclePan(), handler: OracleImageDrag())
        case .verticalSwipePop:
            var pan = OraclePan()
            pan.shouldBegin = OracleVerticalSwipePop.shouldBegin
            return run(events, pan: pan, handler: OracleVerticalSwipePop(viewHeight: screen.height))
        case .zoomDismissDrag, .zoomDismissPresented:
            var pan = OraclePan()
            pan.shouldBegin = OracleZoomDismiss.shouldBegin
            return run(events, pan: pan, handler: OracleZoomDismiss(horizontal: false))
        case .zoomDismissEdge:
            return run(events, pan: OraclePan(edge: OracleEdgeFeature()), handler: OracleZoomDismiss(horizontal: true))
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
