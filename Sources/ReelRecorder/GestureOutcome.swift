import UIKit

/// The device's outcome of one gesture while it is recorded: at each display tick, the top view
/// controller's transition coordinator (polled), the events its contexts report, and the named
/// views' frames. `TouchRecorder` owns one per gesture, from the first finger down until the last
/// finger is up, no transition runs and the named views stopped moving.
@MainActor final class GestureOutcome {
    /// The gesture's clock origin: its first touch's timestamp.
    let origin: Double
    private let limits: RecorderLimits
    private(set) var frames: [DeviceFrame] = []
    private(set) var events: [DeviceEvent] = []
    /// The last completion context's decision and time.
    private(set) var completion: (completed: Bool, t: Double)?
    /// Why the outcome cannot be kept (a bound passed, a value not finite), once it is known.
    private(set) var dropped: RecorderDropReason?
    /// The coordinator seen at the last tick (compared by identity), to register its contexts once.
    private var coordinator: ObjectIdentifier?
    private var frameViews = 0

    init(origin: Double, limits: RecorderLimits) {
        self.origin = origin
        self.limits = limits
    }

    /// One display tick. Returns whether the outcome is over: `fingersUp`, no coordinator, and
    /// the named views and progress as at the tick before (that repeated frame is not kept).
    func tick(at timestamp: Double, window: UIWindow, fingersUp: Bool) -> Bool {
        let t = timestamp - origin
        let current = Self.topViewController(of: window)?.transitionCoordinator
        if let current {
            let identity = ObjectIdentifier(current)
            if identity != coordinator {
                coordinator = identity
                note(t, "began")
                current.notifyWhenInteractionChanges { [weak self] context in
                    guard let self else { return }
                    self.note(self.now(), "interactionChanged(" + (context.isCancelled ? "cancelled" : "continuing") + ")")
                }
                current.animate(
                    alongsideTransition: nil,
                    completion: { [weak self] context in
                        guard let self else { return }
                        let at = self.now()
                        self.completion = (!context.isCancelled, at)
                        self.note(at, "completion(" + (context.isCancelled ? "cancelled" : "finished") + ")")
                    })
            }
        } else {
            coordinator = nil
        }
        let frame = DeviceFrame(t: t, progress: current.map { Double($0.percentComplete) } ?? 0, views: NamedViews.sample(window))
        if fingersUp, current == nil {
            if dropped != nil { return true }
            if let last = frames.last, last.progress == frame.progress, last.views == frame.views { return true }
        }
        guard dropped == nil else { return false }
        if !(t.isFinite && frame.progress.isFinite && frame.views.allSatisfy(\.isFinite)) {
            drop(.notFinite)
        } else if t > limits.maximumSessionSpan {
            drop(.tooLong)
        } else if frames.count >= limits.maximumFramesPerSession || frameViews + frame.views.count > limits.maximumFrameViewsPerSession {
            drop(.tooManyFrames)
        } else {
            frames.append(frame)
            frameViews += frame.views.count
        }
        return false
    }

    /// The outcome as the device's trace, named for the device.
    func trace(engineName: String) -> DeviceTrace {
        DeviceTrace(
            engineName: engineName, engineVersion: DeviceTrace.recorderVersion, frames: frames, events: events,
            completed: completion?.completed ?? false, completedAt: completion?.t ?? 0)
    }

    /// Seconds on the gesture's clock now (QuartzCore's clock, the touches' and the display link's).
    private func now() -> Double { CACurrentMediaTime() - origin }

    private func note(_ t: Double, _ detail: String) {
        guard dropped == nil else { return }
        guard events.count < limits.maximumEventsPerSession else { return drop(.tooManyFrames) }
        events.append(DeviceEvent(t: t, detail: detail))
    }

    private func drop(_ reason: RecorderDropReason) {
        dropped = reason
        frames = []
        events = []
    }

    /// The controller whose transition the gesture drives: the root's presented chain's last.
    static func topViewController(of window: UIWindow) -> UIViewController? {
        var top = window.rootViewController
        while let presented = top?.presentedViewController { top = presented }
        return top
    }
}

/// The named views of a window at one display tick: every view with an `accessibilityIdentifier`,
/// back to front (the window's subviews depth first, as the engine protocol lists views), each
/// with its on-screen frame in window coordinates (its superviews' on-screen origins added), its
/// alpha (0...1), transform, position among the named views and whether it or an ancestor is
/// hidden. A second view of one identifier is keyed `id#2` (then `#3`, ...): keys are distinct.
@MainActor enum NamedViews {
    static func sample(_ window: UIWindow) -> [DeviceView] {
        var views: [DeviceView] = []
        walk(window, x: 0, y: 0, hidden: false, into: &views)
        return views
    }

    private static func walk(_ view: UIView, x: Double, y: Double, hidden: Bool, into views: inout [DeviceView]) {
        for subview in view.subviews {
            let shown = RecorderGeometry.onScreen(subview)
            let left = x == 0 ? Double(shown.frame.origin.x) : x + Double(shown.frame.origin.x)
            let top = y == 0 ? Double(shown.frame.origin.y) : y + Double(shown.frame.origin.y)
            let isHidden = hidden || subview.isHidden
            if let identifier = subview.accessibilityIdentifier {
                var key = identifier
                if views.contains(where: { $0.key == key }) {
                    var number = 2
                    while views.contains(where: { $0.key == identifier + "#\(number)" }) { number += 1 }
                    key = identifier + "#\(number)"
                }
                let m = shown.transform
                views.append(
                    DeviceView(
                        key: key, x: left, y: top, w: Double(shown.frame.size.width), h: Double(shown.frame.size.height),
                        alpha: min(max(shown.alpha, 0), 1),
                        transform: [Double(m.a), Double(m.b), Double(m.c), Double(m.d), Double(m.tx), Double(m.ty)], z: views.count,
                        hidden: isHidden))
            }
            if !subview.subviews.isEmpty { walk(subview, x: left, y: top, hidden: isHidden, into: &views) }
        }
    }
}

extension DeviceView {
    var isFinite: Bool { x.isFinite && y.isFinite && w.isFinite && h.isFinite && alpha.isFinite && transform.allSatisfy(\.isFinite) }
}
