import ReelTiming

/// How the finger moves the zoomed view during the iOS 18 zoom transition's interactive
/// dismissal (`_UIDismissInteractionUpdate`: a translation and a scale for the tracking view).
struct ZoomFollow: Sendable, Hashable {
    /// The view's translation from its full-screen place, points.
    var tx = 0.0
    var ty = 0.0
    /// The view's scale about its center.
    var scale = 1.0

    /// `base` moved and scaled by the finger.
    func applied(to base: Look) -> Look {
        var look = base
        look.tx += tx
        look.ty += ty
        look.sx *= scale
        look.sy *= scale
        return look
    }
}

/// The zoomed view (the morph view `_UIZoomTransitionController` tracks) during an interactive
/// zoom dismissal: it follows the finger until release, then springs from where the finger left
/// it to the source view's frame (dismissed) or back to full screen (cancelled). It replaces the
/// view's track, so its look is a function of time rather than of the transition's progress.
struct ZoomMorph: Sendable {
    /// The zoomed view's key.
    let key: String
    /// Its full-screen look (where a cancelled dismissal returns it).
    let fullScreen: Look
    /// The source view's frame (where a dismissal ends).
    let source: Look
    /// Where the finger holds the view now.
    var follow = ZoomFollow()
    /// Set at release: the look the view left from, where it goes, when and on which spring.
    private(set) var release: (from: Look, to: Look, start: Double, timing: ResolvedTiming)?

    init(key: String, fullScreen: Look, source: Look) {
        self.key = key
        self.fullScreen = fullScreen
        self.source = source
    }

    /// The finger lifted at `t`: the view springs to the source frame (`dismissing`) or back to
    /// full screen along `timing`.
    mutating func release(dismissing: Bool, at t: Double, timing: ResolvedTiming) {
        release = (follow.applied(to: fullScreen), dismissing ? source : fullScreen, t, timing)
    }

    /// The view's look at time `t`.
    func look(at t: Double) -> Look {
        guard let release else { return follow.applied(to: fullScreen) }
        return Look.mix(release.from, release.to, release.timing.progress(atElapsed: t - release.start))
    }
}
