import ReelTrace

/// What one touch event did to the fingers a pan counts.
struct CentroidUpdate: Sendable, Hashable {
    /// The event's touch-down started a new touch sequence (no finger was counted before it).
    var sequenceBegan = false
    /// A counted finger moved: the centroid moved and a velocity sample was taken.
    var moved = false
    /// The last counted finger lifted (`.ended`) or was cancelled (`.cancelled`) in this event.
    var lastFingerLeft: TouchPhase?
}

/// UIPanGestureRecognizer's touch bookkeeping (D26 `touchesBegan/Moved/Ended:withEvent:`,
/// `_touchesListChangedFrom:to:`, `_centroidMovedTo:atTime:affectingTranslation:`).
///
/// The pan follows the centroid of the fingers it counts (at most `maximumFingers`, in
/// touch-down order). `translation` = centroid - `first`. When a finger lands or lifts while
/// others stay down, `first` and `last` shift by the centroid's jump (the new list's centroid
/// minus the old list's, both at the fingers' current positions: a lifting finger counts at
/// its lift position), so translation does not jump; when a finger lifts in an event where
/// another moves, the re-base comes first (D26 `touchesMoved:`). Each event with a moving counted finger
/// moves the centroid once and gives one velocity sample (from `last` over the time since the
/// previous move or the first touch-down). Lifts add no movement and no velocity sample.
struct CentroidTracker: Sendable, Hashable {
    let maximumFingers: Int
    /// Counted fingers in touch-down order.
    private(set) var fingerIDs: [Int] = []
    /// Current position of every finger seen in the sequence (counted or not).
    private var positions: [Int: GestureVector] = [:]
    /// D26 `_firstSceneReferenceLocation`: where translation is measured from.
    private(set) var first: GestureVector = .zero
    /// D26 `_lastSceneReferenceLocation`: the centroid at the last move (re-based on landings and lifts).
    private(set) var last: GestureVector = .zero
    /// D26 `_lastTouchTime`: the first touch-down's or the last move's time.
    private var lastTouchTime: Double = 0
    private(set) var estimator: VelocityEstimator

    init(velocity: VelocityEstimator.Parameters, maximumFingers: Int = .max) {
        estimator = VelocityEstimator(parameters: velocity)
        self.maximumFingers = maximumFingers
    }

    var translation: GestureVector { last - first }

    /// Moves `first` so that translation becomes `translation` (D26 `setTranslation:inView:`).
    mutating func setTranslation(_ translation: GestureVector) {
        first = last - translation
    }

    /// Applies one event: positions, then landings, moves, lifts and cancels (UIKit's order).
    mutating func apply(_ event: TouchEvent) -> CentroidUpdate {
        var update = CentroidUpdate()
        if fingerIDs.isEmpty { positions = [:] }
        for touch in event.touches { positions[touch.id] = GestureVector(x: touch.x, y: touch.y) }
        let landing = event.touches.filter { $0.phase == .began && !fingerIDs.contains($0.id) }.map(\.id)
        if !landing.isEmpty { land(landing, at: event.t, update: &update) }
        let leaving = event.touches.filter { ($0.phase == .ended || $0.phase == .cancelled) && fingerIDs.contains($0.id) }
        var rebasedForLeaving = false
        if event.touches.contains(where: { $0.phase == .moved && fingerIDs.contains($0.id) }) {
            let staying = fingerIDs.filter { id in !leaving.contains { $0.id == id } }
            if !staying.isEmpty {
                // D26 touchesMoved: a finger ending in this event re-bases the list first, then the
                // centroid (without it) moves; touchesEnded then finds nothing left to re-base.
                if !leaving.isEmpty {
                    rebase(from: fingerIDs, to: staying)
                    rebasedForLeaving = true
                }
                move(to: centroid(staying), at: event.t)
            }
            update.moved = true
        }
        for phase in [TouchPhase.ended, .cancelled] {
            let ids = leaving.filter { $0.phase == phase }.map(\.id)
            guard !ids.isEmpty, !fingerIDs.isEmpty else { continue }
            let before = fingerIDs
            fingerIDs.removeAll { ids.contains($0) }
            if fingerIDs.isEmpty {
                update.lastFingerLeft = phase
            } else if !rebasedForLeaving {
                rebase(from: before, to: fingerIDs)
            }
        }
        return update
    }

    private mutating func land(_ ids: [Int], at t: Double, update: inout CentroidUpdate) {
        let before = fingerIDs
        for id in ids where fingerIDs.count < maximumFingers { fingerIDs.append(id) }
        guard fingerIDs != before else { return }
        if before.isEmpty {
            first = centroid(fingerIDs)
            last = first
            lastTouchTime = t
            estimator = VelocityEstimator(parameters: estimator.parameters)
            estimator.add(last, at: t)
            update.sequenceBegan = true
        } else {
            rebase(from: before, to: fingerIDs)
        }
    }

    /// D26 `_centroidMovedTo:atTime:`: one velocity sample from `last`, then `last` = the centroid.
    private mutating func move(to point: GestureVector, at t: Double) {
        guard t > lastTouchTime else {
            last = point
            return
        }
        // The estimator's latest sample is `last` at `lastTouchTime` (re-based positions included).
        estimator.replaceLatest(last)
        estimator.add(point, at: t)
        last = point
        lastTouchTime = t
    }

    /// D26 `_touchesListChangedFrom:to:`: shift both reference points by the centroid's jump.
    private mutating func rebase(from before: [Int], to after: [Int]) {
        let jump = centroid(after) - centroid(before)
        first = first + jump
        last = last + jump
    }

    private func centroid(_ ids: [Int]) -> GestureVector {
        ids.reduce(GestureVector.zero) { $0 + positions[$1]! } / Double(ids.count)
    }
}
