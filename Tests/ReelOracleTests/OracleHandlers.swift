/// The custom interaction controllers' pan handlers, one per scenario family, as their code reads.
/// Each gets the recognizer's actions and returns the decision once the gesture is over.
protocol OracleHandler {
    mutating func handle(_ action: OracleAction) -> OracleDecision?
}

extension OracleBackSwipe: OracleHandler {}

/// Seed 000 SwipeUpInteractiveTransition (onevcat, docs/SOURCES.md): fraction = translation.y
/// / 400 clamped to 0...1, `shouldComplete = fraction > 0.5` set only in `.changed`; `.ended` or
/// `.cancelled`: cancel when !shouldComplete or cancelled, else finish.
struct OracleSwipeDismiss: OracleHandler {
    static let extent = 400.0
    private var shouldComplete = false
    private var fraction: Double?
    private var changed = false

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        switch action.state {
        case .began: fraction = 0
        case .changed:
            let f = min(max(action.translation.y / Self.extent, 0), 1)
            fraction = f
            shouldComplete = f > 0.5
            changed = true
        case .ended, .cancelled:
            // A cancelled gesture always cancels; so does one with no `.changed`.
            let decided = action.state != .cancelled && changed
            return OracleDecision(
                finish: shouldComplete && action.state != .cancelled, progress: fraction,
                margin: decided ? fraction.map { $0 - 0.5 } : nil)
        case .possible, .failed: break
        }
        return nil
    }
}

/// Seed 003 mail sheet (docs/SOURCES.md, `handlePanGesture:`): percent = (translation.y -
/// startPoint.y) / view height, clamped, computed on every action; startPoint = translation at
/// `.began`; `case Cancelled:` falls into Ended's branch: finish iff percent > 0.4.
struct OracleSheetDrag: OracleHandler {
    /// The presented view's height: container height minus the 100 pt top inset
    /// (`frameOfPresentedViewInContainerView`, seed 003).
    let viewHeight: Double
    private var startY = 0.0

    init(screen: OracleScreen) { viewHeight = screen.height - 100 }

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        if action.state == .began { startY = action.translation.y }
        let percent = min(max((action.translation.y - startY) / viewHeight, 0), 1)
        switch action.state {
        case .ended, .cancelled: return OracleDecision(finish: percent > 0.4, progress: percent, margin: percent - 0.4)
        default: return nil
        }
    }
}

/// MDTransitioning image drag-to-dismiss (Modool/MDTransitioning
/// ImagePreview/MDImageDraggingDismissInteractionController.m, translation = 200 set in
/// MDImageViewController.m): progress = |translation| / 200 clamped, any direction; `.ended` or
/// `.cancelled`: dismiss (non-interactively) iff progress > 0.5.
struct OracleImageDrag: OracleHandler {
    static let translation = 200.0

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        guard action.state == .ended || action.state == .cancelled else { return nil }
        let progress = min(max(action.translation.length / Self.translation, 0), 1)
        // The dismissal is an animated one started at release: no transition before, none when it stays.
        return OracleDecision(finish: progress > 0.5, progress: progress, margin: progress - 0.5, started: progress > 0.5)
    }
}

/// MDTransitioning vertical swipe pop (Modool/MDTransitioning, commit 0568797
/// Demo/MDVerticalSwipPopInteractionController.m, on MDSwipeInteractionController.m): the pan may
/// begin only when velocity.y > 0 and location.y < 100 (`gestureRecognizerShouldBegin:`);
/// progress = translation.y / view height clamped; Ended and Cancelled share one branch:
/// finish iff progress > 0.25.
struct OracleVerticalSwipePop: OracleHandler {
    static let verticalOffset = 100.0
    /// The pushed view controller's view: the full screen height.
    let viewHeight: Double

    /// `gestureRecognizerShouldBegin:` at the moment the pan would begin.
    static func shouldBegin(_ action: OracleAction) -> Bool {
        action.velocity.y > 0 && action.location.y < verticalOffset
    }

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        guard action.state == .ended || action.state == .cancelled else { return nil }
        let progress = min(max(action.translation.y / viewHeight, 0), 1)
        return OracleDecision(finish: progress > 0.25, progress: progress, margin: progress - 0.25)
    }
}
