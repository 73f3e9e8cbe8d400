import ReelTrace

/// One UIEvent of touches: every touch line with the same time `t` (D26 `UIPanGestureRecognizer`
/// receives them together and its action runs once per event, after all of them are applied).
package struct TouchEvent: Sendable, Hashable {
    package var t: Double
    /// The event's touch lines, in stream order: a slice of the session's lines when grouped
    /// (`group`), so an event holds no storage of its own. Index it from `startIndex`.
    package var touches: ArraySlice<Touch>

    package init(t: Double, touches: ArraySlice<Touch>) {
        self.t = t
        self.touches = touches
    }

    package init(t: Double, touches: [Touch]) {
        self.init(t: t, touches: touches[...])
    }

    /// An event of a single touch line (the per-touch model of engine 0.3).
    package init(_ touch: Touch) {
        self.init(t: touch.t, touches: [touch])
    }

    /// Consecutive lines with equal times grouped into events, in stream order. A finger has one
    /// line per UIEvent, so a second line of a finger already in the event starts the next event
    /// (at the same time): a move and a lift written at the same `t` are two events. Each event's
    /// lines are a slice of `touches` (no array per event).
    ///
    /// ```swift
    /// let events = TouchEvent.group(touches)  // [t 0: finger 1 and 2 down], [t 0.016: both move], ...
    /// ```
    package static func group(_ touches: [Touch]) -> [TouchEvent] {
        var events: [TouchEvent] = []
        guard let first = touches.indices.first else { return events }
        var start = first
        for index in touches.indices.dropFirst() {
            let touch = touches[index]
            if touches[start].t == touch.t, !touches[start..<index].contains(where: { $0.id == touch.id }) { continue }
            events.append(TouchEvent(t: touches[start].t, touches: touches[start..<index]))
            start = index
        }
        events.append(TouchEvent(t: touches[start].t, touches: touches[start...]))
        return events
    }
}

/// How a recognizer takes a stream's touch lines.
package enum TouchModel: String, Sendable, Hashable, Codable {
    /// UIKit's: lines with the same time are one event; a lift or cancel moves nothing and adds
    /// no velocity sample; fingers a recognizer does not count are ignored (D26).
    case uikit
    /// Engine 0.3's: every line is an event, a lifting or cancelled line moves the finger (and
    /// gives a velocity sample), and any cancelled finger cancels the gesture.
    case perTouch = "per-touch"
}
