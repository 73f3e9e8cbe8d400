import ReelJSON
import ReelTrace

/// The bounds a gesture stream's sessions must keep, whoever wrote the stream.
package enum GestureLimits {
    /// `limits.max_session_span`: the longest time, in seconds, from a session's first touch to its
    /// last. The engine renders a frame per display tick while a finger drives a transition, so
    /// the span bounds a session's frames (72,000 at 120 Hz) and with them its memory, time and
    /// archive size; a stream of a few hundred bytes holding one finger down for a day would
    /// otherwise simulate 5 million frames. Real gestures last seconds; ten minutes leaves room
    /// for any recorded interaction while keeping the worst session in the tens of megabytes.
    package static let maxSessionSpan = 600.0
}

extension GestureLimits {
    /// Why a session's input breaks the rules the stream reader holds a stream's sessions to, nil
    /// when it keeps them: finite touch values, time never going backwards, fingers that begin
    /// before they move, rest or end (and not again while down), a span of at most
    /// `maxSessionSpan`, a device of positive size and scale within `Device`'s limits, a refresh rate in 1-240.
    ///
    /// The reader checks a stream as it reads it; this checks a session that enters an engine any
    /// other way (read back from an archive whose rows may have been edited, a `reel engine
    /// serve` request), before anything is simulated. Linear in the touches, no allocation but
    /// the fingers down.
    ///
    /// Example: a finger down at t = 0 and up at t = 86400 gives
    /// `"the session spans more than 600 s (limits.max_session_span): touch 2 at 86400, the first at 0"`.
    package static func violation(touches: [Touch], device: Device, refreshHz: Double) -> String? {
        for (name, value, limit) in [
            ("width", device.width, Device.maximumSide), ("height", device.height, Device.maximumSide),
            ("scale", device.scale, Device.maximumScale),
        ]
        where !(value.isFinite && value > 0 && value <= limit) {
            return "device \(name) must be a positive number of at most \(JSONWriter.format(limit)), not \(JSONWriter.format(value))"
        }
        guard refreshHz >= 1, refreshHz <= 240 else {
            return "the refresh rate must be between 1 and 240 Hz, not \(JSONWriter.format(refreshHz))"
        }
        var order = TouchOrder()
        for (index, touch) in touches.enumerated() {
            let number = index + 1
            guard touch.t.isFinite, touch.x.isFinite, touch.y.isFinite else {
                return "touch \(number) has a value that is not a finite number"
            }
            switch order.admit(touch) {
            case nil: continue
            case .backwards(let previous):
                return "touch time goes backwards at touch \(number) (\(TimeText.pair(touch.t, after: previous)))"
            case .spanTooLong(let first):
                return "the session spans more than \(JSONWriter.format(maxSessionSpan)) s (limits.max_session_span): "
                    + "touch \(number) at \(JSONWriter.format(touch.t)), the first at \(JSONWriter.format(first))"
            case .beganAgain: return "finger \(touch.id) began again before it ended (touch \(number))"
            case .beforeBegan:
                let verb = touch.phase == .ended || touch.phase == .cancelled ? "ended" : "moved"
                return "finger \(touch.id) \(verb) before it began (touch \(number))"
            }
        }
        return nil
    }
}
