import ReelTrace

/// A screen edge, as `UIRectEdge` names it.
public enum ScreenEdge: String, Sendable, Hashable, Codable, CaseIterable {
    case left, right, top, bottom

    /// Unit vector pointing from the edge into the screen.
    package var inward: GestureVector {
        switch self {
        case .left: GestureVector(x: 1, y: 0)
        case .right: GestureVector(x: -1, y: 0)
        case .top: GestureVector(x: 0, y: 1)
        case .bottom: GestureVector(x: 0, y: -1)
        }
    }
}

/// UIScreenEdgePanGestureRecognizer as the system back-swipe uses it (D26
/// `_UISEGestureFeatureSettings`, `_UINavigationInteractiveTransition`).
///
/// Follows one finger: the first of the touch sequence; further fingers are ignored. The
/// touch must start within `edgeRegionSize` of the edge, else the recognizer fails at once.
/// With `along` the movement away from the edge and `across` the movement parallel to it,
/// while possible it fails when more than `maximumSwipeDuration` has passed since
/// touch-down, or when |across| >= min(driftLimit, driftBase + (hysteresis - driftBase) /
/// driftRun × |along|) ("vertical drift" for the left and right edges); it begins when
/// along >= hysteresis. At .began the hysteresis is subtracted along the inward direction,
/// so `translation` starts at (0, across) (`.perTouch`, engine 0.3). With `.uikit` (D26
/// `UIScreenEdgePanGestureRecognizer touchesMoved:` feeds its edge feature BEFORE
/// `[super touchesMoved:]` moves the centroid, and `featureDidChangeState:` calls
/// `_removeHysteresisFromTranslation`): at `.began` the pan's `translationHysteresis` is removed
/// per axis from the previous event's translation, and this event's movement added to it.
/// Lifting ends it (fails it before it began); a cancelled touch cancels it. With `.uikit` the
/// lift moves nothing and adds no velocity sample; with `.perTouch` the lifting line moves the finger.
package struct ScreenEdgePanRecognizer: Sendable, Hashable {
    package struct Parameters: Sendable, Hashable, Codable {
        /// Default `.left` (the back-swipe; `.right` in right-to-left layouts).
        package var edge: ScreenEdge
        /// Points from the edge within which the touch must start. Default 13 (D26; some
        /// iPhones use 9-10% of the width).
        package var edgeRegionSize: Double
        /// Points away from the edge before the gesture begins. Default 15 (D26).
        package var hysteresis: Double
        /// Seconds after touch-down by which the gesture must have begun. Default 0.25 (D26).
        package var maximumSwipeDuration: Double
        /// Drift (points, parallel to the edge) allowed at the start. Default 10 (D26).
        package var driftBase: Double
        /// Maximum drift allowed, points. Default 25 (D26).
        package var driftLimit: Double
        /// Points of inward movement over which the allowance grows by (hysteresis - driftBase). Default 25 (D26).
        package var driftRun: Double
        /// The recognizer's `_hysteresis`, removed per axis at `.began` (`.uikit`). Default 10
        /// (UIPanGestureRecognizer's); the navigation back swipe's `_UIParallaxTransitionPanGestureRecognizer`
        /// sets 15 on its edge path and 30 on its content path (`_shouldTryToBeginWithEvent:`, `_setHysteresis:`).
        package var translationHysteresis: Double
        package var velocity: VelocityEstimator.Parameters
        /// Default `.uikit`.
        package var touchModel: TouchModel

        package init(
            edge: ScreenEdge = .left, edgeRegionSize: Double = 13, hysteresis: Double = 15,
            maximumSwipeDuration: Double = 0.25, driftBase: Double = 10, driftLimit: Double = 25,
            driftRun: Double = 25, translationHysteresis: Double = 10, velocity: VelocityEstimator.Parameters = .init(),
            touchModel: TouchModel = .uikit
        ) {
            self.edge = edge
            self.edgeRegionSize = edgeRegionSize
            self.hysteresis = hysteresis
            self.maximumSwipeDuration = maximumSwipeDuration
            self.driftBase = driftBase
            self.driftLimit = driftLimit
            self.driftRun = driftRun
            self.translationHysteresis = translationHysteresis
            self.velocity = velocity
            self.touchModel = touchModel
        }

        /// The drift (points parallel to the edge) at which the gesture fails after moving
        /// `along` points away from the edge: min(limit, base + (hysteresis - base) / run × |along|).
        package func driftAllowance(along: Double) -> Double {
            min(driftLimit, driftBase + (hysteresis - driftBase) / driftRun * abs(along))
        }
    }

    package let parameters: Parameters
    /// Screen size in points (to locate the right and bottom edges).
    package let screenWidth: Double
    package let screenHeight: Double
    package private(set) var state: GestureState = .possible
    private var fingers: FingerTracker
    private var slop: GestureVector = .zero
    /// The raw translation after the previous move (D26 removes the hysteresis from it at `.began`).
    private var previousRaw: GestureVector = .zero

    package init(parameters: Parameters = Parameters(), screenWidth: Double, screenHeight: Double) {
        self.parameters = parameters
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        fingers = FingerTracker(
            velocity: parameters.velocity, maximumFingers: 1,
            liftMoves: parameters.touchModel == .perTouch)
    }

    /// The finger's position, window points.
    package var location: GestureVector { fingers.location }
    /// Movement since touch-down minus the slop (zero until the gesture begins), points.
    package var translation: GestureVector { state == .possible || state == .failed ? .zero : fingers.translation - slop }
    /// UIKit-smoothed velocity, points per second.
    package var velocity: GestureVector { fingers.estimator.velocity }

    /// Distance of a point from the recognizer's edge, points.
    package func distanceFromEdge(_ point: GestureVector) -> Double {
        switch parameters.edge {
        case .left: point.x
        case .right: screenWidth - point.x
        case .top: point.y
        case .bottom: screenHeight - point.y
        }
    }

    /// Feeds one touch event; returns the state transitions it caused, in order (often none).
    package mutating func handle(_ event: TouchEvent) -> [GestureState] {
        event.touches.flatMap { handle($0) }
    }

    /// Feeds one touch sample; returns the state transitions it caused, in order (often none).
    package mutating func handle(_ touch: Touch) -> [GestureState] {
        let event = fingers.record(touch)
        switch event {
        case .sequenceBegan:
            slop = .zero
            previousRaw = .zero
            if distanceFromEdge(fingers.start) <= parameters.edgeRegionSize {
                state = .possible
                return []
            }
            state = .failed
            return [.failed]
        case .ignored, .otherDown, .otherLifted:
            return []
        case .otherCancelled, .trackedCancelled, .trackedLifted:
            return state.fingersLeft(event == .trackedLifted ? .ended : .cancelled).map { [$0] } ?? []
        case .trackedMoved:
            return move()
        }
    }

    /// The delegate's `gestureRecognizerShouldBegin:` returned NO as the edge pan was beginning: it fails.
    package mutating func refuseBegan() {
        precondition(state == .began, "only a beginning edge pan can be refused")
        state = .failed
    }

    private mutating func move() -> [GestureState] {
        switch state {
        case .possible:
            let inward = parameters.edge.inward
            let raw = fingers.translation
            let along = raw.dot(inward)
            let across = abs(raw.dot(GestureVector(x: inward.y, y: inward.x)))
            if fingers.time - fingers.startTime > parameters.maximumSwipeDuration
                || across >= parameters.driftAllowance(along: along)
            {
                state = .failed
                return [.failed]
            }
            defer { previousRaw = raw }
            guard along >= parameters.hysteresis else { return [] }
            switch parameters.touchModel {
            case .perTouch:
                slop = inward * parameters.hysteresis
            case .uikit:
                let h = parameters.translationHysteresis
                slop =
                    previousRaw
                    - GestureVector(
                        x: PanRecognizer.removeHysteresis(previousRaw.x, h),
                        y: PanRecognizer.removeHysteresis(previousRaw.y, h))
            }
            state = .began
            return [.began]
        case .began, .changed:
            state = .changed
            return [.changed]
        default:
            return []
        }
    }
}
