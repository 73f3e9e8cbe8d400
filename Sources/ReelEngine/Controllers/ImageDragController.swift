import ReelGestures

/// MDTransitioning's MDImageDraggingDismissInteractionController (`handlePanGestureRecognizer:`).
///
/// No interactive transition: the drag moves the image itself (not modelled). At `.ended` or
/// `.cancelled`, progress = |translation| / `imagedrag.extent` (200 pt, seed 004; any
/// direction), clamped to 0...1; when the policy says so (threshold: progress > 0.5) the
/// controller calls `dismissViewControllerAnimated:`, a plain animated dismissal starting then.
struct ImageDragController: InteractionController {
    let setup: ControllerSetup

    var takesRunningAnimationBack: Bool { false }

    func began(_ reading: GestureReading, base: Double, resumed: Bool, at t: Double) -> InteractionCommand? { nil }

    func changed(_ reading: GestureReading, at t: Double) -> InteractionCommand? { nil }

    func ended(_ reading: GestureReading, state: GestureState, duration: Double, at t: Double) -> InteractionCommand? {
        let progress = min(max(reading.translation.length / setup.extent, 0), 1)
        return setup.decide(progress: progress, reading) ? .startAnimated(t: t) : nil
    }
}
