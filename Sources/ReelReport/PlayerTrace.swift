import ReelTrace

/// One side (recorded or replayed) of a session player: what the page draws, frame by frame,
/// reduced to what is visible. Hidden views are left out; the others keep their back-to-front
/// order, which is the order they are drawn in.
package struct PlayerTrace: Sendable, Hashable {
    /// One drawn view: its untransformed frame (points), alpha, the affine transform applied
    /// about its center (nil for the identity), and its layer's corner radius, border width,
    /// shadow opacity and shadow radius (points, the opacity 0 to 1; 0 where the view sets none).
    package struct View: Sendable, Hashable {
        package var key: String
        package var x, y, w, h, alpha: Double
        package var transform: AffineTransform?
        package var cornerRadius = 0.0, borderWidth = 0.0, shadowOpacity = 0.0, shadowRadius = 0.0
        /// The layer's mask: its kind (0 none, 1 a shape layer, 2 another layer) and bounds in the view's coordinates.
        package var maskKind = 0.0, maskX = 0.0, maskY = 0.0, maskW = 0.0, maskH = 0.0
    }

    /// One display tick.
    package struct Frame: Sendable, Hashable {
        package var index: Int
        package var t: Double
        package var progress: Double
        /// Visible views, back to front.
        package var views: [View]
    }

    /// One event on the time axis; `divergent` when it differs from the other side's event at
    /// the same place (see `PlayerEvents`).
    package struct Event: Sendable, Hashable {
        package var t: Double
        package var kind: String
        package var subject: String
        package var detail: String
        package var divergent: Bool
    }

    package var frames: [Frame]
    package var events: [Event]
    /// Whether the transition finished, and when it completed.
    package var finished: Bool
    package var end: Double

    /// The visible part of `trace`, with events marked by `divergentEvents` (indices into
    /// `trace.events`).
    package init(_ trace: Trace, divergentEvents: Set<Int>) {
        frames = trace.frames.map { frame in
            Frame(
                index: frame.index, t: frame.t, progress: frame.progress,
                views: frame.views.filter { !$0.hidden }.map { view in
                    View(
                        key: view.key, x: view.x, y: view.y, w: view.w, h: view.h, alpha: view.alpha,
                        transform: view.transform == .identity ? nil : view.transform, cornerRadius: view.cornerRadius,
                        borderWidth: view.borderWidth, shadowOpacity: view.shadowOpacity, shadowRadius: view.shadowRadius,
                        maskKind: view.maskKind, maskX: view.maskX, maskY: view.maskY, maskW: view.maskW, maskH: view.maskH)
                })
        }
        events = trace.events.enumerated().map { index, event in
            Event(t: event.t, kind: event.kind, subject: event.subject, detail: event.detail, divergent: divergentEvents.contains(index))
        }
        finished = trace.outcome.completed
        end = trace.outcome.t
    }
}
