import ReelTiming

extension Simulation {
    /// The finger moved the zoomed view (`dismissInteraction:didIssueUpdate:`): from the first
    /// update on, the view is a `ZoomMorph` that follows it instead of its track.
    mutating func moveZoomMorph(_ follow: ZoomFollow) {
        guard let active = transition else { return }
        if active.plan.morph == nil {
            let context = active.operation.context
            transition!.plan.morph = ZoomMorph(
                key: context.fromKey, fullScreen: Look(context.fromInitial), source: Animators.zoomSource(profile))
        }
        transition!.plan.morph!.follow = follow
    }

    /// The finger lifted: the zoomed view springs from where it is to the source view's frame
    /// (zoomOutInteractive: `systemzoom.out_*`) or back to full screen (cancelInteractive:
    /// `systemzoom.cancel_*`), from rest. Returns the spring and its duration; the transition's
    /// progress (the dimming and the content behind) runs on the same spring.
    mutating func releaseZoomMorph(dismissing: Bool, at t: Double) -> (timing: TimingFunction, duration: Double) {
        let spring: (duration: ParameterName, damping: ParameterName) =
            dismissing ? (.systemzoomOutDuration, .systemzoomOutDamping) : (.systemzoomCancelDuration, .systemzoomCancelDamping)
        let duration = profile.number(spring.duration)
        let timing = TimingFunction.dampedSpring(dampingRatio: profile.number(spring.damping), initialVelocity: 0)
        if transition?.plan.morph == nil { moveZoomMorph(ZoomFollow()) }
        transition?.plan.morph?.release(
            dismissing: dismissing, at: t, timing: timing.resolved(duration: duration, settings: profile.springSettings))
        return (timing, duration)
    }
}
