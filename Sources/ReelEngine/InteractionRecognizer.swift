import ReelGestures

/// What an interaction controller reads from its recognizer in an action method.
struct GestureReading: Sendable {
    /// `translationInView:` (pans; zero for a pinch), points.
    var translation: GestureVector = .zero
    /// `velocityInView:` (pans), points per second.
    var velocity: GestureVector = .zero
    /// `locationInView:`, window points.
    var location: GestureVector = .zero
    /// A pinch's scale (1 for pans).
    var scale = 1.0
    /// A pinch's velocity, scale per second.
    var scaleVelocity = 0.0
}

/// One of ReelGestures' continuous recognizers (screen-edge pan, pan, pinch), as an interaction
/// controller uses it.
protocol InteractionRecognizer: Sendable {
    /// The recognizer's name in `gesture` events.
    var name: String { get }
    var state: GestureState { get }
    var reading: GestureReading { get }
    /// Feeds one touch event; returns the state changes.
    mutating func handle(_ event: TouchEvent) -> [GestureState]
    /// Whether this event's touch-down gave the recognizer all the fingers it follows while it can
    /// still recognize (one finger for pans, the second for a pinch).
    func isReady(after event: TouchEvent) -> Bool
    /// The delegate's `gestureRecognizerShouldBegin:` said no at `.began`: the recognizer fails.
    mutating func refuseBegan()
}

extension InteractionRecognizer {
    func isReady(after event: TouchEvent) -> Bool {
        state == .possible && event.touches.contains { $0.phase == .began }
    }

    mutating func refuseBegan() {
        preconditionFailure("\(name) has no delegate that refuses to begin")
    }
}

extension ScreenEdgePanRecognizer: InteractionRecognizer {
    var name: String { "edgePan" }
    var reading: GestureReading { GestureReading(translation: translation, velocity: velocity, location: location) }
}

extension PanRecognizer: InteractionRecognizer {
    var name: String { "pan" }
    var reading: GestureReading { GestureReading(translation: translation, velocity: velocity, location: location) }
}

extension LegacyPanRecognizer: InteractionRecognizer {
    var name: String { "pan" }
    var reading: GestureReading { GestureReading(translation: translation, velocity: velocity, location: location) }

    mutating func handle(_ event: TouchEvent) -> [GestureState] {
        event.touches.flatMap { handle($0) }
    }
}

extension PinchRecognizer: InteractionRecognizer {
    var name: String { "pinch" }
    var reading: GestureReading { GestureReading(location: location, scale: scale, scaleVelocity: velocity) }

    func isReady(after event: TouchEvent) -> Bool {
        state == .possible && numberOfTouches == 2 && event.touches.contains { $0.phase == .began }
    }
}
