/// One animated property change of one view: `from` to `to` between `begin` and `end` seconds of
/// transition time, shaped by `easing`. Later tracks of the same view take over once they begin
/// (keyframes).
struct Track: Sendable, Hashable {
    var key: String
    var from: Look
    var to: Look
    var begin: Double
    var end: Double
    var easing: Easing
    /// The first track of its view applies before it begins too (its `from` is the initial look).
    var isFirstForView = true

    /// The eased fraction at transition time `tau`.
    func easedFraction(at tau: Double) -> Double {
        let length = end - begin
        let fraction = length > 0 ? (tau - begin) / length : 1
        return easing.value(fraction: fraction, duration: length)
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
    var tracks: [Track] = []
    /// Applied on completeTransition(true).
    var finishEdits: [StageEdit] = []

    init(duration: Double) { self.duration = duration }

    /// Animates `key` from `from` to `to` over [begin, end] (default the whole transition).
    mutating func animate(_ key: String, from: Look, to: Look, easing: Easing, begin: Double = 0, end: Double? = nil) {
        let first = !tracks.contains { $0.key == key }
        tracks.append(Track(key: key, from: from, to: to, begin: begin, end: end ?? duration, easing: easing, isFirstForView: first))
    }

    /// The window as it looks at transition time `tau`.
    func render(_ stage: Stage, at tau: Double) -> Stage {
        var out = stage
        // Tracks sharing a window and curve (most of them) share one curve evaluation.
        var cached: (begin: Double, end: Double, easing: Easing, value: Double)?
        for track in tracks {
            if tau < track.begin && !track.isFirstForView { continue }
            guard let index = out.index(of: track.key) else { continue }
            let value: Double
            if let memo = cached, memo.begin == track.begin, memo.end == track.end, memo.easing == track.easing {
                value = memo.value
            } else {
                value = track.easedFraction(at: tau)
                cached = (track.begin, track.end, track.easing, value)
            }
            out.views[index].look = Look.mix(track.from, track.to, value)
        }
        return out
    }
}
