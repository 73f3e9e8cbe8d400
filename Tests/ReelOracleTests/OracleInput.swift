// The oracle's own input types. The oracle imports no Reel module: it is written from the
// published rules (docs/SOURCES.md, the seeds, the libraries they cite, UIKit decompiled
// from the iOS 26.1 restore, "D26") and sees a session only as raw touches.

/// A point or a vector, points.
struct OraclePoint: Equatable {
    var x: Double
    var y: Double

    static let zero = OraclePoint(x: 0, y: 0)
    static func + (a: OraclePoint, b: OraclePoint) -> OraclePoint { OraclePoint(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: OraclePoint, b: OraclePoint) -> OraclePoint { OraclePoint(x: a.x - b.x, y: a.y - b.y) }
    static func / (a: OraclePoint, k: Double) -> OraclePoint { OraclePoint(x: a.x / k, y: a.y / k) }
    var length: Double { (x * x + y * y).squareRoot() }
}

/// `UITouch.Phase`, in UIKit's order (began 0, moved 1, stationary 2, ended 3, cancelled 4).
enum OraclePhase: Int, Comparable {
    case began, moved, stationary, ended, cancelled

    /// Still on the glass after this event (UIKit's `phase < 3`, D26 `_touchesListChangedFrom:to:`).
    var isDown: Bool { self < .ended }
    static func < (a: OraclePhase, b: OraclePhase) -> Bool { a.rawValue < b.rawValue }
}

/// One line of a gesture stream: a finger at a point at a time.
struct OracleTouch {
    var t: Double
    var id: Int
    var phase: OraclePhase
    var x: Double
    var y: Double
}

/// One touch event: every line with the same `t` (REFERENCE "Event model": several fingers'
/// lines at the same `t` are one event, and the recognizer's action runs once per event).
struct OracleEvent {
    var t: Double
    var touches: [OracleTouch]

    /// The lines of a session grouped into events, in stream order. A UIEvent holds one touch per
    /// finger, so a finger listed twice at one `t` starts a second event at that time.
    static func events(of touches: [OracleTouch]) -> [OracleEvent] {
        var events: [OracleEvent] = []
        for touch in touches {
            if let last = events.last, last.t == touch.t, !last.touches.contains(where: { $0.id == touch.id }) {
                events[events.count - 1].touches.append(touch)
            } else {
                events.append(OracleEvent(t: touch.t, touches: [touch]))
            }
        }
        return events
    }
}

/// The screen a session ran on, points.
struct OracleScreen {
    var width: Double
    var height: Double
}

/// What a session comes to, in three ways: no transition ever started, the transition was
/// cancelled, or it finished (for the zoom: dismissed or not).
enum OracleOutcome: String, CaseIterable {
    case none, cancelled, finished
    /// A detent sheet that stays presented, resting at its medium or large detent (dismissed: finished).
    case medium, large
}

/// The unit a margin is measured in, and what counts as "near the boundary" for the census:
/// 0.01 of progress, 1 pt, or 10 pt/s.
enum OracleMarginUnit: String {
    case progress, points, pointsPerSecond

    var nearBoundary: Double {
        switch self {
        case .progress: 0.01
        case .points: 1
        case .pointsPerSecond: 10
        }
    }
}

/// What the interaction decided at release.
struct OracleDecision: Equatable {
    var finish: Bool
    /// The progress the handler decided on (nil when no transition began).
    var progress: Double?
    /// Signed distance of the deciding quantity from the rule's boundary (positive: finishing
    /// side), in `unit`; nil when no rule decided (no transition, a cancelled gesture that always cancels).
    var margin: Double? = nil
    var unit: OracleMarginUnit = .progress
    /// Whether a transition ever started (an image drag starts one only when it dismisses).
    var started: Bool? = nil
    /// A detent sheet's resting place (`.finished` when dismissed).
    var resting: OracleOutcome? = nil

    /// The three-way outcome (for a detent sheet: where it rests).
    var outcome: OracleOutcome {
        if let resting { return resting }
        if finish { return .finished }
        return (started ?? (progress != nil)) ? .cancelled : .none
    }

    /// Whether the decision lies within the census tolerance of its boundary.
    var isNearBoundary: Bool { margin.map { abs($0) < unit.nearBoundary } ?? false }
}
