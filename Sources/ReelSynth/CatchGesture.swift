import ReelGestures
import ReelTrace

extension GestureSynthesizer {
    /// Latest landing of the catching finger after the tap's lift, seconds: past the system push's
    /// 0.35 s, so some swipes land after the push has ended (and are not part of the session).
    static let latestCatch = 0.45

    /// A tap at the screen's centre, then (finger 1) an edge pan of the given style landing
    /// between 1 ms and `latestCatch` seconds after the tap's lift, released `distance` from its start.
    func catchTouches(
        edge: ScreenEdge, style: GestureStyle, distance: Double, random: inout SplitMix64, realism: inout TouchRealism
    ) -> [Touch] {
        let tap = tapTouches(x: device.width / 2, y: device.height / 2, style: .tap, random: &random)
        let delay = random.uniform(0.001, Self.latestCatch)
        var pan = self
        pan.kind = .edgePan(edge)
        let swipe = pan.panTouches(style: style, distance: distance, random: &random, realism: &realism)
        let landing = (tap.last?.t ?? 0) + delay
        let shifted = swipe.map { touch in
            Self.captured(t: landing + touch.t, id: touch.id + 1, phase: touch.phase, x: touch.x, y: touch.y)
        }
        return tap + shifted
    }
}
