import ReelTiming
import ReelTrace

/// How a track's fraction moves with transition time.
enum TrackCurve: Sendable, Hashable {
    /// A timing over the track's own window [begin, end].
    case timed(ResolvedTiming)
    /// One keyframe of `UIView.animateKeyframes`: `timeline` shapes the whole transition's time
    /// and the keyframe moves linearly within its relative window.
    case keyframe(KeyframeAnimation, timeline: ResolvedTiming)
}

/// One animated property change of one view: `from` to `to` between `begin` and `end` seconds of
/// transition time, shaped by `curve`. Later tracks of the same view take over once they begin.
struct Track: Sendable, Hashable {
    var key: String
    var from: Look
    var to: Look
    var begin: Double
    var end: Double
    var curve: TrackCurve
    /// The first track of its view applies before it begins too (its `from` is the initial look).
    var isFirstForView = true
    /// Index of the first track with the same begin and curve (they share one evaluation per frame).
    var curveGroup = 0

    /// The shaped fraction (0 at `from`, 1 at `to`; springs may overshoot) at transition time `tau`.
    func fraction(at tau: Double) -> Double {
        switch curve {
        case .timed(let timing): timing.progress(atElapsed: tau - begin)
        case .keyframe(let keyframes, let timeline): keyframes.value(atFraction: timeline.progress(atElapsed: tau))
        }
    }
}

/// A change the animator makes to the window when the transition completes.
enum StageEdit: Sendable, Hashable {
    case remove(String)
    case hide(String)
}

/// What an animator (plus the presentation controller's alongside animations) does over time.
struct TransitionPlan: Sendable {
    /// transitionDuration(using:), seconds.
    var duration: Double
    /// The animator's timing; alongside animations share it.
    var timing: TimingFunction
    let springSettings: SpringSettings
    var tracks: [Track] = []
    /// Applied on completeTransition(true).
    var finishEdits: [StageEdit] = []
    /// The iOS 18 zoom dismissal's finger-driven view: its look replaces its tracks' (a function of time).
    var morph: ZoomMorph?

    init(duration: Double, timing: TimingFunction, springSettings: SpringSettings) {
        self.duration = duration
        self.timing = timing
        self.springSettings = springSettings
    }

    /// Animates `key` from `from` to `to` over [begin, end] (default the whole transition) with
    /// `timing` (default the plan's).
    mutating func animate(_ key: String, from: Look, to: Look, timing: TimingFunction? = nil, begin: Double = 0, end: Double? = nil) {
        let stop = end ?? duration
        let resolved = resolve(timing ?? self.timing, length: stop - begin)
        append(Track(key: key, from: from, to: to, begin: begin, end: stop, curve: .timed(resolved)))
    }

    /// Animates `key` as a keyframe in the relative window `window` of the whole transition,
    /// the plan's timing shaping the transition's time (UIView.animateKeyframes, calculationModeLinear).
    mutating func animateKeyframe(_ key: String, from: Look, to: Look, window: (Double, Double)) {
        let keyframe = Keyframe(relativeStartTime: window.0, relativeDuration: window.1 - window.0, value: 1)
        let timeline = resolve(timing, length: duration)
        append(
            Track(
                key: key, from: from, to: to, begin: duration * window.0, end: duration * window.1,
                curve: .keyframe(KeyframeAnimation(initialValue: 0, keyframes: [keyframe]), timeline: timeline)))
    }

    /// `function` over `length` seconds; a physical spring is cut there.
    private func resolve(_ function: TimingFunction, length: Double) -> ResolvedTiming {
        if case .spring(let spring) = function { return ResolvedTiming(kind: .spring(spring), duration: length) }
        return function.resolved(duration: length, settings: springSettings)
    }

    private mutating func append(_ track: Track) {
        var track = track
        track.isFirstForView = !tracks.contains { $0.key == track.key }
        track.curveGroup = tracks.firstIndex { $0.begin == track.begin && $0.curve == track.curve } ?? tracks.count
        tracks.append(track)
    }

    /// The window as it looks at transition time `tau` (a morph at its end).
    func render(_ stage: Stage, at tau: Double) -> Stage {
        var out = stage
        render(into: &out, at: tau)
        return out
    }

    /// Sets the window's views to their looks at transition time `tau` (a morph at its end), in
    /// place: a window held nowhere else is not copied.
    func render(into stage: inout Stage, at tau: Double) {
        let looks = withLooks(of: stage, at: tau, time: .infinity) { Array($0) }
        for index in looks.indices { stage.views[index].look = looks[index] }
    }

    /// The frame at transition time `tau` (and session time `time`, for a morph): every view's
    /// state, back to front (alpha clamped to 0...1 with `clampingAlpha`).
    func viewStates(of stage: Stage, at tau: Double, time: Double = .infinity, clampingAlpha: Bool) -> [ViewState] {
        withLooks(of: stage, at: tau, time: time) { looks in stage.states(looks: looks, clampingAlpha: clampingAlpha) }
    }

    /// Hands `body` the looks of `stage.views` at transition time `tau` (a morph's at session time
    /// `time`), in a buffer on the stack (a frame is rendered per display tick, so no array is
    /// allocated for them).
    private func withLooks<Result>(
        of stage: Stage, at tau: Double, time: Double, _ body: (UnsafeBufferPointer<Look>) -> Result
    ) -> Result {
        withUnsafeTemporaryAllocation(of: Look.self, capacity: stage.views.count) { looks in
            for index in stage.views.indices { looks.initializeElement(at: index, to: stage.views[index].look) }
            // Tracks of one curve group (usually neighbours) share one curve evaluation. Tracks are
            // read through a buffer pointer, which lends each one instead of copying it.
            var cached = (group: -1, value: 0.0)
            tracks.withUnsafeBufferPointer { tracks in
                for track in tracks.indices {
                    if tau < tracks[track].begin && !tracks[track].isFirstForView { continue }
                    guard let index = stage.index(of: tracks[track].key) else { continue }
                    let group = tracks[track].curveGroup
                    if cached.group != group { cached = (group, tracks[group].fraction(at: tau)) }
                    looks[index] = Look.mix(tracks[track].from, tracks[track].to, cached.value)
                }
            }
            if let morph, let index = stage.index(of: morph.key) { looks[index] = morph.look(at: time) }
            // Look holds only numbers: nothing to deinitialize.
            return body(UnsafeBufferPointer(looks))
        }
    }
}
