import ReelTiming

/// The iOS 18 system zoom transition (`preferredTransition = .zoom(sourceViewProvider:)`,
/// `_UIZoomTransitionController`; docs/ENGINE.md, "System zoom transition (iOS 18)").
extension Animators {
    /// The source view's frame in the window (`systemzoom.source_*`): what the zoomed view grows
    /// from on a push and shrinks into on a dismissal.
    static func zoomSource(_ profile: EngineProfile) -> Look {
        Look(
            x: profile.number("systemzoom.source_x"), y: profile.number("systemzoom.source_y"),
            w: profile.number("systemzoom.source_width"), h: profile.number("systemzoom.source_height"))
    }

    /// `_UIZoomTransitionSpec recededContentTransformFor:` (D18, D26): the content behind the
    /// zoomed view scales to (width - scaleDownPoints) / width, never below minScale.
    static func zoomRecededScale(width: Double, profile: EngineProfile) -> Double {
        guard width > 0 else { return 1 }
        return max((width - profile.number("systemzoom.recede_points")) / width, profile.number("systemzoom.recede_min_scale"))
    }

    /// Push: the destination grows from the source view's frame to its final frame on the zoomIn
    /// spring while the content behind it recedes and dims. Pop: the reverse on the zoomOut spring
    /// (the dismissal's dimming and receded content follow the transition's progress linearly, so
    /// an interactive dismissal scrubs them; the zoomed view's own motion is then a `ZoomMorph`).
    func systemZoom(_ c: AnimatorContext, _ stage: inout Stage) -> TransitionPlan {
        let p = profile
        let source = Animators.zoomSource(p)
        let receded = Animators.zoomRecededScale(width: c.container.w, profile: p)
        var clear = Look(c.container)
        clear.alpha = 0
        var dim = clear
        dim.alpha = p.number("systemzoom.dimming_alpha")
        switch c.direction {
        case .forward:
            let spring = TimingFunction.dampedSpring(dampingRatio: p.number("systemzoom.in_damping"), initialVelocity: 0)
            var plan = TransitionPlan(duration: p.number("systemzoom.in_duration"), timing: spring, springSettings: p.springSettings)
            let behind = Look(c.fromInitial)
            var recededLook = behind
            recededLook.sx = receded
            recededLook.sy = receded
            stage.add("dimming", clear, owner: "transition")
            stage.add(c.toKey, source, owner: c.toOwner)
            plan.animate(c.fromKey, from: behind, to: recededLook)
            plan.animate("dimming", from: clear, to: dim)
            plan.animate(c.toKey, from: source, to: Look(c.toFinal))
            plan.finishEdits.append(.remove("dimming"))
            return plan
        case .reverse:
            let spring = TimingFunction.dampedSpring(dampingRatio: p.number("systemzoom.out_damping"), initialVelocity: 0)
            var plan = TransitionPlan(
                duration: p.number("systemzoom.out_duration"), timing: .curve(.linear), springSettings: p.springSettings)
            var recededLook = Look(c.toFinal)
            recededLook.sx = receded
            recededLook.sy = receded
            stage.insert(c.toKey, recededLook, owner: c.toOwner, at: 0)
            stage.insert("dimming", dim, owner: "transition", below: c.fromKey)
            plan.animate(c.toKey, from: recededLook, to: Look(c.toFinal))
            plan.animate("dimming", from: dim, to: clear)
            plan.animate(c.fromKey, from: Look(c.fromInitial), to: source, timing: spring)
            plan.finishEdits.append(.remove("dimming"))
            return plan
        }
    }
}
