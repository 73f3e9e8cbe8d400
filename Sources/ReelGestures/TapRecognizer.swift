import ReelTrace

/// UITapGestureRecognizer (one tap, one finger) over raw touches: a discrete recognizer that
/// goes from possible straight to `.recognized` (= `.ended`) or `.failed`.
///
/// Fails when the finger moves more than `maximumMovement` from where it touched down, when
/// a sample arrives more than `maximumDuration` after touch-down, or when more fingers than
/// `numberOfTouchesRequired` touch down; a cancelled touch fails it. Recognizes when the
/// finger lifts within both limits.
package struct TapRecognizer: Sendable, Hashable {
    package struct Parameters: Sendable, Hashable, Codable {
        /// Points the finger may move and still tap. Default 10 — a profile choice (UIKit's
        /// allowable movement is private).
        package var maximumMovement: Double
        /// Seconds from touch-down to lift. Default 1.5 — a profile choice (UIKit's
        /// maximum tap duration is private).
        package var maximumDuration: Double
        /// Fingers the tap needs. Default 1.
        package var numberOfTouchesRequired: Int

        package init(maximumMovement: Double = 10, maximumDuration: Double = 1.5, numberOfTouchesRequired: Int = 1) {
            self.maximumMovement = maximumMovement
            self.maximumDuration = maximumDuration
            self.numberOfTouchesRequired = numberOfTouchesRequired
        }
    }

    package let parameters: Parameters
    package private(set) var state: GestureState = .possible
    /// Where the tap happened: the tracked (first) finger's latest position, window points.
    package var location: GestureVector { fingers.location }
    private var fingers: FingerTracker
    private var maximumFingersSeen = 0

    package init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        fingers = FingerTracker(velocity: .init())
    }

    /// Feeds one touch sample; returns the state transitions it caused, in order (often none).
    package mutating func handle(_ touch: Touch) -> [GestureState] {
        let event = fingers.record(touch)
        if event == .sequenceBegan {
            state = .possible
            maximumFingersSeen = 0
        }
        maximumFingersSeen = max(maximumFingersSeen, fingers.fingersDown.count)
        guard state == .possible, event != .ignored else { return [] }
        let tooLong = touch.t - fingers.startTime > parameters.maximumDuration
        let tooFar = fingers.translation.length > parameters.maximumMovement
        let tooMany = maximumFingersSeen > parameters.numberOfTouchesRequired
        if tooLong || tooFar || tooMany || event == .trackedCancelled || event == .otherCancelled {
            state = .failed
            return [.failed]
        }
        guard fingers.fingersDown.isEmpty else { return [] }
        if maximumFingersSeen == parameters.numberOfTouchesRequired {
            state = .recognized
            return [.recognized]
        }
        state = .failed
        return [.failed]
    }
}
