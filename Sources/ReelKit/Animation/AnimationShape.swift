import ReelTiming

/// How an animation's fraction follows its clock's local time: a timing over the animation's own
/// window, or one keyframe of `UIView.animateKeyframes` whose whole timeline a timing shapes.
enum AnimationShape: Sendable {
    case timed(ResolvedTiming)
    case keyframe(KeyframeAnimation, whole: ResolvedTiming)

    /// The fraction `local` seconds into the block, its timing starting `offset` seconds in.
    func fraction(local: Double, offset: Double) -> Double {
        switch self {
        case .timed(let timing): timing.progress(atElapsed: local - offset)
        case .keyframe(let keyframes, let whole): keyframes.value(atFraction: whole.progress(atElapsed: local - offset))
        }
    }
}
