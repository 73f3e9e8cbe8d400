import UIKit

/// Records the touches an app's window receives as Reel gesture-stream sessions, one per gesture
/// (from the first finger down to the last finger up), on public UIKit API only, and, with
/// `outcome` set, UIKit's own outcome of each gesture as the device's trace.
///
/// The same source builds against UIKit and, on Linux, against ReelKit (which answers to
/// `import UIKit`). The UIKit calls it makes, all public API, and its few UIKit-only lines are
/// listed in docs/DEVICE.md.
///
/// Times are on the gesture's clock: a touch's `timestamp` minus the gesture's first touch's. A
/// finger is its `UITouch` object (UIKit keeps one per finger for its life), numbered from 0 in
/// landing order (fingers landing in one event: by x, then y). A touch unchanged since its last
/// recorded line (UIKit lists resting fingers in every event) adds no line. Touches of fingers that
/// were down before the recorder saw them land are ignored.
///
/// The outcome (`outcome` set): from the first finger down, a `CADisplayLink` polls the top view
/// controller's `transitionCoordinator` at every display tick, registers its interaction-change and
/// completion contexts (`DeviceEvent`), and samples the views with an `accessibilityIdentifier`
/// (`DeviceFrame`). The gesture ends at the first tick after the last finger is up where no
/// transition runs and the named views did not move since the tick before (or when the next
/// gesture begins, or at `takeSessions()`), and its session carries `trace` (`DeviceTrace`).
///
/// The recorder only copies touches and on-screen geometry on the main thread; `takeSessions()`
/// hands the finished sessions over as values, to encode (`RecordedSession.jsonLines`) and write
/// anywhere, and with `delivery` set they go to a `SessionFolder` in batches of
/// `RecorderLimits.deliveryBatch`, encoded and written on its own queue. Memory is bounded by
/// `RecorderLimits`; gestures beyond it are dropped whole and counted.
///
/// ```swift
/// let recorder = TouchRecorder(
///     scenario: "card.dismiss", tags: ["build 812", "iOS 26.1", "iPhone17,1"],
///     outcome: OutcomeRecording(systemVersion: "26.1", deviceModel: "iPhone17,1"))
/// recorder.delivery = try SessionFolder(path: folder, maximumBytes: 8 << 20)
/// window = RecordingWindow(frame: bounds, recorder: recorder)
/// ```
@MainActor public final class TouchRecorder {
    /// The scenario the sessions name (the team's ReelKit scene, or a Reel catalog scenario).
    public var scenario: String
    /// Free labels written with every session (build, OS version, device model).
    public var tags: [String]
    public let limits: RecorderLimits
    /// Whether and as which engine the device's outcome is recorded (nil: touches only).
    public let outcome: OutcomeRecording?
    /// Where finished sessions go, a batch at a time (nil: they wait for `takeSessions()`).
    public var delivery: SessionFolder?
    /// Gestures dropped so far, by reason.
    public private(set) var droppedSessions: [RecorderDropReason: Int] = [:]
    /// The heap bytes finished sessions waiting for `takeSessions()` (or delivery) hold now, and the
    /// most they held (`RecorderLimits.maximumHeldBytes` bounds both).
    public private(set) var heldBytes = 0
    public private(set) var peakHeldBytes = 0

    private var gesture: Gesture?
    private var finished: [RecordedSession] = []
    private var link: CADisplayLink?

    /// The gesture in progress: its fingers, clock origin and lines (emptied once it is dropped).
    private struct Gesture {
        var session: RecordedSession
        var origin: Double
        weak var window: UIWindow?
        var fingers: [ObjectIdentifier: Finger] = [:]
        var nextFinger = 0
        var lastT = 0.0
        var dropped: RecorderDropReason?
        var outcome: GestureOutcome?
    }

    private struct Finger {
        let touch: UITouch
        let id: Int
        var last: (t: Double, phase: UITouch.Phase, x: Double, y: Double)?
    }

    public init(scenario: String, tags: [String] = [], limits: RecorderLimits = RecorderLimits(), outcome: OutcomeRecording? = nil) {
        self.scenario = scenario
        self.tags = tags
        self.limits = limits
        self.outcome = outcome
    }

    /// The finished sessions, oldest first; the recorder forgets them. A gesture whose fingers are
    /// all up and whose outcome waits for a display tick (no transition running) is finished first.
    public func takeSessions() -> [RecordedSession] {
        if let current = gesture, current.fingers.isEmpty,
            current.window.flatMap({ GestureOutcome.topViewController(of: $0)?.transitionCoordinator }) == nil
        {
            finish(current)
        }
        defer {
            finished.removeAll(keepingCapacity: false)
            heldBytes = 0
        }
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
        // A gesture whose fingers are up and whose outcome was still being watched ends here.
        if let current = gesture, current.fingers.isEmpty { finish(current) }
        if gesture == nil, let first = landing.min(by: { $0.timestamp < $1.timestamp }) {
            var started = Gesture(session: Self.session(scenario: scenario, tags: tags, window: window), origin: first.timestamp)
            started.window = window
            if outcome != nil {
                started.outcome = GestureOutcome(origin: first.timestamp, limits: limits)
                link = link ?? DisplayTicks(recorder: self).start()
            }
            gesture = started
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
        if let current = gesture, current.fingers.isEmpty, current.outcome == nil { finish(current) }
    }

    /// A display tick (`DisplayTicks` calls it): the gesture's outcome samples the tick, and the
    /// gesture ends when its outcome is over.
    func displayTick(_ tick: CADisplayLink) {
        guard let current = gesture, let outcome = current.outcome, let window = current.window else {
            stopLink()
            return
        }
        if outcome.tick(at: tick.timestamp, window: window, fingersUp: current.fingers.isEmpty) { finish(current) }
    }

    private func stopLink() {
        link?.invalidate()
        link = nil
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
        stopLink()
        var session = done.session
        if let outcome = done.outcome, let recording = self.outcome {
            session.trace = outcome.trace(engineName: recording.engineName)
        }
        let bytes = session.heldBytes
        if let reason = done.dropped ?? done.outcome?.dropped {
            droppedSessions[reason, default: 0] += 1
        } else if finished.count >= limits.maximumPendingSessions || heldBytes + bytes > limits.maximumHeldBytes {
            droppedSessions[.pendingFull, default: 0] += 1
        } else {
            finished.append(session)
            heldBytes += bytes
            peakHeldBytes = max(peakHeldBytes, heldBytes)
            if let delivery, finished.count >= limits.deliveryBatch { delivery.write(takeSessions()) }
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

/// Which engine a device's outcome stands for: UIKit on this OS version and device model, named
/// `uikit 26.1 iPhone17,1` in the archive (`reel record` stores the traces as that engine's).
///
/// ```swift
/// var system = utsname()
/// uname(&system)   // the model identifier, e.g. "iPhone17,1", is system.machine
/// OutcomeRecording(systemVersion: UIDevice.current.systemVersion, deviceModel: model)
/// ```
public struct OutcomeRecording: Sendable, Hashable {
    public var systemVersion: String
    public var deviceModel: String

    public init(systemVersion: String, deviceModel: String) {
        self.systemVersion = systemVersion
        self.deviceModel = deviceModel
    }

    /// "uikit", the OS version and the device model.
    public var engineName: String { "uikit \(systemVersion) \(deviceModel)" }
}
