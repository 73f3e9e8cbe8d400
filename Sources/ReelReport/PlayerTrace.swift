import ReelTrace

/// One side (recorded or replayed) of a session player: what the page draws, frame by frame,
/// reduced to what is visible. Hidden views are left out; the others keep their back-to-front
/// order, which is the order they are drawn in.
public struct PlayerTrace: Sendable, Hashable {
    /// One drawn view: its untransformed frame (points), alpha, and the affine transform applied
    /// about its center (nil for the identity).
    public struct View: Sendable, Hashable {
        public var key: String
        public var x, y, w, h, alpha: Double
        public var transform: AffineTransform?
    }

    /// One display tick.
    public struct Frame: Sendable, Hashable {
        public var index: Int
        public var t: Double
        public var progress: Double
        /// Visible views, back to front.
        public var views: [View]
    }

    /// One event on the time axis; `divergent` when it differs from the other side's event at
    /// the same place (see `PlayerEvents`).
    public struct Event: Sendable, Hashable {
        public var t: Double
        public var kind: String
        public var subject: String
        public var detail: String
        public var divergent: Bool
    }

    public var frames: [Frame]
    public var events: [Event]
    /// Whether the transition finished, and when it completed.
    public var finished: Bool
    public var end: Double

    /// The visible part of `trace`, with events marked by `divergentEvents` (indices into
    /// `trace.events`).
    public init(_ trace: Trace, divergentEvents: Set<Int>) {
        frames = trace.frames.map { frame in
            Frame(
                index: frame.index, t: frame.t, progress: frame.progress,
                views: frame.views.filter { !$0.hidden }.map { view in
                    View(
                        key: view.key, x: view.x, y: view.y, w: view.w, h: view.h, alpha: view.alpha,
                        transform: view.transform == .identity ? nil : view.transform)
                })
        }
        events = trace.events.enumerated().map { index, event in
            Event(t: event.t, kind: event.kind, subject: event.subject, detail: event.detail, divergent: divergentEvents.contains(index))
        }
        finished = trace.outcome.completed
        end = trace.outcome.t
    }
}
