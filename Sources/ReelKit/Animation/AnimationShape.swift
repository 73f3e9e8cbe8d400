import ReelTiming

/// How an animation's fraction follows its clock's local time: a timing over the animation's own
/// window, or a keyframe track of `UIView.animateKeyframes` whose whole timeline a timing shapes
/// (its fraction is the shaped time, at which the track gives the value).
enum AnimationShape: Sendable {
    case timed(ResolvedTiming)
    case track(ChannelKeyframeTrack, whole: ResolvedTiming)

    /// The fraction `local` seconds into the block, its timing starting `offset` seconds in.
    func fraction(local: Double, offset: Double) -> Double {
        switch self {
        case .timed(let timing): timing.progress(atElapsed: local - offset)
        case .track(_, let whole): whole.progress(atElapsed: local - offset)
        }
    }
}

/// One channel of one view animated by `UIView.animateKeyframes`, as UIKit's key paths carry it: a frame as `position` (its centre) and `bounds.size`, each
/// its own `CAKeyframeAnimation` (paced separately); alpha as `opacity`; a transform as `transform`.
struct ChannelKeyframeTrack: Sendable {
    let channel: AnimatedChannel
    /// Frame: centre then size; alpha and transform: one track.
    let tracks: [KeyframeTrack]

    /// The key path components of a channel value.
    static func parts(_ channel: AnimatedChannel, _ value: AnimatedValue) -> [[Double]] {
        switch channel {
        case .frame: [[value.v0 + value.v2 / 2, value.v1 + value.v3 / 2], [value.v2, value.v3]]
        case .alpha, .effect: [[value.v0]]
        case .transform: [[value.v0, value.v1, value.v2, value.v3, value.v4, value.v5]]
        }
    }

    /// `keyframes`: the value after each keyframe (start, duration), in call order.
    init(
        channel: AnimatedChannel, mode: KeyframeCalculationMode, initial: AnimatedValue,
        keyframes: [(start: Double, duration: Double, value: AnimatedValue)], frameInterval: Double
    ) {
        self.channel = channel
        let initialParts = Self.parts(channel, initial)
        let keyframeParts = keyframes.map { (start: $0.start, duration: $0.duration, parts: Self.parts(channel, $0.value)) }
        tracks = initialParts.indices.map { part in
            KeyframeTrack(
                mode: mode, initial: initialParts[part],
                keyframes: keyframeParts.map { (start: $0.start, duration: $0.duration, value: $0.parts[part]) },
                frameInterval: frameInterval)
        }
    }

    /// The channel's value at `fraction` of the shaped time.
    func value(atFraction fraction: Double) -> AnimatedValue {
        let parts = tracks.map { $0.value(atFraction: fraction) }
        switch channel {
        case .frame:
            let center = parts[0]
            let size = parts[1]
            return AnimatedValue(center[0] - size[0] / 2, center[1] - size[1] / 2, size[0], size[1])
        case .alpha, .effect: return AnimatedValue(parts[0][0])
        case .transform:
            let m = parts[0]
            return AnimatedValue(m[0], m[1], m[2], m[3], m[4], m[5])
        }
    }
}
