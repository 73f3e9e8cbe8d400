import ReelTrace

/// The finish or cancel of a transition released outside 0...1 (the fluid back swipe's rubber band,
/// `backswipe.rubber_band_drawn`): the on-screen progress runs from where the finger left it to
/// the end the decision chose, while the transition's clock (a property animator, whose fraction
/// stays within 0...1) runs from `clockStart` to the same end. The on-screen progress is the
/// clock's fraction mapped affinely so that both ends meet: no jump at the release, none at the end.
///
/// The clock starts at the released progress clamped to 0...1, unless that is the end itself (a
/// finish from past 1, a cancel from below 0): then it starts as far from the end as the views are
/// (2 - p, or -p), so the views retrace the overshoot at the clock's own pace.
struct ProgressOvershoot: Sendable, Hashable {
    /// The on-screen progress at the release, outside 0...1.
    let start: Double
    /// The end: 1 when finishing, 0 when cancelling.
    let target: Double
    /// The clock's fraction at the release.
    let clockStart: Double

    init(releasedAt progress: Double, finishing: Bool) {
        start = progress
        target = finishing ? 1 : 0
        let clamped = min(max(progress, 0), 1)
        clockStart = clamped == target ? min(max(2 * target - progress, 0), 1) : clamped
    }

    /// Distance the views still travel, in progress.
    var remaining: Double { abs(start - target) }

    /// The on-screen progress when the clock shows `fraction`.
    func progress(atClockFraction fraction: Double) -> Double {
        target + (start - target) * (fraction - target) / (clockStart - target)
    }
}

extension TransitionPlan {
    /// The frame at a progress outside 0...1: every view continues its whole move linearly past the
    /// end it passed, look = start + progress x (end - start) (a view going from x 0 to W shows x = W
    /// progress). How UIKit's fluid parallax transition draws these is not in the decompiled sources
    /// (its animator is Swift); this is the straight continuation of the interactive slide.
    func extrapolatedViewStates(of stage: Stage, progress: Double, clampingAlpha: Bool) -> [ViewState] {
        let start = render(stage, at: 0)
        let end = render(stage, at: duration)
        return withUnsafeTemporaryAllocation(of: Look.self, capacity: stage.views.count) { looks in
            for index in stage.views.indices {
                looks.initializeElement(at: index, to: Look.mix(start.views[index].look, end.views[index].look, progress))
            }
            return stage.states(looks: UnsafeBufferPointer(looks), clampingAlpha: clampingAlpha)
        }
    }
}
