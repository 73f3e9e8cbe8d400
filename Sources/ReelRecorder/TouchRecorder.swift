import UIKit

/// Records the touches an app's window receives as Reel gesture-stream sessions, one per gesture
/// (from the first finger down to the last finger up), on public UIKit API only.
///
/// The same source builds against UIKit and, on Linux, against ReelKit (which answers to
/// `import UIKit`). The UIKit calls it makes, all public API: `UIWindow.sendEvent(_:)` (overridden
/// by `RecordingWindow`), `UIEvent.allTouches`, `UITouch.timestamp`, `.phase`, `.location(in: nil)`,
/// `UIWindow.screen`'s `bounds`, `scale` and `maximumFramesPerSecond`; the one UIKit-only line is
/// `RecordingWindow`'s `init?(coder:)`.
///
/// Times are on the gesture's clock: a touch's `timestamp` minus the gesture's first touch's. A
/// finger is its `UITouch` object (UIKit keeps one per finger for its life), numbered from 0 in
/// landing order (fingers landing in one event: by x, then y). A touch unchanged since its last
/// recorded line (UIKit lists resting fingers in every event) adds no line. Touches of fingers that
/// were down before the recorder saw them land are ignored.
///
/// The recorder only copies touches on the main thread; `takeSessions()` hands the finished
/// sessions over as values, to encode (`RecordedSession.jsonLines`) and write anywhere. Memory is
/// bounded by `RecorderLimits`; gestures beyond it are dropped whole and counted.
///
/// ```swift
/// let recorder = TouchRecorder(scenario: "card.dismiss", tags: ["build 812", "qa"])
/// window = RecordingWindow(frame: bounds, recorder: recorder)
/// // later, off the critical path:
/// let text = recorder.takeSessions().map(\.jsonLines).joined()
/// ```
@MainActor public final class TouchRecorder {
    /// The scenario the sessions name (the team's ReelKit scene, or a Reel catalog scenario).
    public var scenario: String
    /// Free labels written with every session (build, OS version, device model).
    public var tags: [String]
    public let limits: RecorderLimits
    /// Gestures dropped so far, by reason.
    public private(set) var droppedSessions: [RecorderDropReason: Int] = [:]

    private var gesture: Gesture?
    private var finished: [RecordedSession] = []

    /// The gesture in progress: its fingers, clock origin and lines (emptied once it is dropped).
    private struct Gesture {
        var session: RecordedSession
        var origin: Double
        var fingers: [ObjectIdentifier: Finger] = [:]
        var nextFinger = 0
        var lastT = 0.0
        var dropped: RecorderDropReason?
    }

    private struct Finger {
        let touch: UITouch
        let id: Int
        var last: (t: Double, phase: UITouch.Phase, x: Double, y: Double)?
    }

    public init(scenario: String, tags: [String] = [], limits: RecorderLimits = RecorderLimits()) {
        self.scenario = scenario
        self.tags = tags
        self.limits = limits
    }

    /// The finished sessions, oldest first; the recorder forgets them.
    public func takeSessions() -> [RecordedSession] {
        defer { finished.removeAll(keepingCapacity: false) }
        return finished
    }

    /// Copies one event's touches (`RecordingWindow` calls it for every event the window gets).
    public func record(_ event: UIEvent, in window: UIWindow) {
        guard let all = event.allTouches, !all.isEmpty else { return }
        var known: [(id: Int, touch: UITouch)] = []
        var landing: [UITouch] = []
        for touch in all {
            if let finger = gesture?.fingers[ObjectIdentifier(touch)] {
                known.append((finger.id, touch))
            } else if touch.phase == .began {
                landing.append(touch)
            }
        }
        guard !known.isEmpty || !landing.isEmpty else { return }
        if gesture == nil, let first = landing.min(by: { $0.timestamp < $1.timestamp }) {
            gesture = Gesture(session: Self.session(scenario: scenario, tags: tags, window: window), origin: first.timestamp)
        }
        landing.sort { a, b in
            let pointA = a.location(in: nil)
            let pointB = b.location(in: nil)
            return pointA.x != pointB.x ? pointA.x < pointB.x : pointA.y < pointB.y
        }
        for touch in landing {
            let id = gesture!.nextFinger
            gesture!.nextFinger += 1
            gesture!.fingers[ObjectIdentifier(touch)] = Finger(touch: touch, id: id)
            known.append((id, touch))
        }
        known.sort { $0.id < $1.id }
        for (_, touch) in known { append(touch) }
        if let current = gesture, current.fingers.isEmpty { finish(current) }
    }

    private func append(_ touch: UITouch) {
        let key = ObjectIdentifier(touch)
        guard var current = gesture, var finger = current.fingers[key], Self.phaseNames.indices.contains(touch.phase.rawValue) else {
            return
        }
        let point = touch.location(in: nil)
        let t = touch.timestamp - current.origin
        let x = Double(point.x)
        let y = Double(point.y)
        let unchanged = finger.last.map { $0.t == t && $0.phase == touch.phase && $0.x == x && $0.y == y } ?? false
        if touch.phase == .ended || touch.phase == .cancelled {
            current.fingers[key] = nil
        } else {
            finger.last = (t, touch.phase, x, y)
            current.fingers[key] = finger
        }
        if current.dropped == nil, !unchanged {
            if !(t.isFinite && x.isFinite && y.isFinite) {
                current.dropped = .notFinite
            } else if t < current.lastT {
                current.dropped = .timeWentBackwards
            } else if t > limits.maximumSessionSpan {
                current.dropped = .tooLong
            } else if current.session.touches.count >= limits.maximumTouchesPerSession {
                current.dropped = .tooManyTouches
            } else {
                let phase = Self.phaseNames[touch.phase.rawValue]
                current.session.touches.append(RecordedTouch(t: t, finger: finger.id, phase: phase, x: x, y: y))
                current.lastT = t
            }
            // A dropped gesture keeps only its fingers (to know when it ends), not its lines.
            if current.dropped != nil { current.session.touches = [] }
        }
        gesture = current
    }

    private func finish(_ done: Gesture) {
        gesture = nil
        if let reason = done.dropped {
            droppedSessions[reason, default: 0] += 1
        } else if finished.count >= limits.maximumPendingSessions {
            droppedSessions[.pendingFull, default: 0] += 1
        } else {
            finished.append(done.session)
        }
    }

    private static func session(scenario: String, tags: [String], window: UIWindow) -> RecordedSession {
        let screen = window.screen
        return RecordedSession(
            scenario: scenario, tags: tags, width: Double(screen.bounds.width), height: Double(screen.bounds.height),
            scale: Double(screen.scale), refreshHz: screen.maximumFramesPerSecond, touches: [])
    }

    /// The stream's names of UITouch.Phase's touch phases, by raw value (UIKit's 0...4); UIKit's
    /// later pointer phases (regionEntered, ...) are not touches.
    private static let phaseNames = ["began", "moved", "stationary", "ended", "cancelled"]
}
