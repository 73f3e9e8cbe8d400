import ReelGestures

/// Controllers that compute their progress in every action and decide in one branch shared by
/// `.ended` and `.cancelled`: seed 003's mail sheet (docs/SOURCES.md, `handlePanGesture:`) and
/// MDTransitioning's MDSwipeInteractionController (`handlePanGestureRecognizer:`) as the vertical
/// swipe pop configures it (Demo/MDVerticalSwipPopInteractionController.m).
///
/// Seed 003: startPoint = the translation at `.began`; percent = (translation.y - startPoint.y) /
/// view height, clamped to 0...1; finish when percent > 0.4. MDSwipe: progress = translation.y /
/// view height, clamped; the pan may begin only when location.y < `verticalpop.begin_max_y` (100)
/// and velocity.y > 0 (`allowSwipe`); finish when progress > 0.25. Both send update(progress)
/// in `.changed` (capped at `interactive.max_progress`); a cancelled gesture decides like an
/// ended one (no `gestureCancelled`), so a cancelled drag past the threshold finishes.
struct EndDecisionController: InteractionController {
    let setup: ControllerSetup
    /// Seed 003 measures from the translation at `.began`; MDSwipe from the touch-down.
    let measuresFromBegan: Bool
    /// MDSwipe's `allowSwipe` bound on location.y at `.began` (nil: no bound).
    let beginMaximumY: Double?
    private var start = 0.0
    private var base = 0.0

    init(setup: ControllerSetup, measuresFromBegan: Bool, beginMaximumY: Double?) {
        self.setup = setup
        self.measuresFromBegan = measuresFromBegan
        self.beginMaximumY = beginMaximumY
    }

    func shouldBegin(_ reading: GestureReading) -> Bool {
        guard let beginMaximumY else { return true }
        return reading.velocity.y > 0 && reading.location.y < beginMaximumY
    }

    mutating func began(_ reading: GestureReading, base: Double, resumed: Bool, at t: Double) -> InteractionCommand? {
        self.base = base
        start = measuresFromBegan ? reading.translation.dot(setup.direction) : 0
        return resumed ? nil : .began(t: t)
    }

    mutating func changed(_ reading: GestureReading, at t: Double) -> InteractionCommand? {
        .changed(t: t, percent: min(progress(reading), setup.updateCap))
    }

    mutating func ended(_ reading: GestureReading, state: GestureState, duration: Double, at t: Double) -> InteractionCommand? {
        if state == .failed { return setup.afterFailedTakeOver(base: base, reading, at: t) }
        return .ended(t: t, finish: setup.decide(progress: progress(reading), reading), velocity: setup.velocity(reading))
    }

    private func progress(_ reading: GestureReading) -> Double {
        min(max(base + (reading.translation.dot(setup.direction) - start) / setup.extent, 0), 1)
    }
}
