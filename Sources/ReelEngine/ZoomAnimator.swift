import ReelTiming

/// The iOS 18 system zoom transition (`preferredTransition = .zoom(sourceViewProvider:)`,
/// `_UIZoomTransitionController`; docs/ENGINE.md, "System zoom transition (iOS 18)").
extension Animators {
    /// The source view's frame in the window (`systemzoom.source_*`): what the zoomed view grows
    /// from on a push and shrinks into on a dismissal.
    static func zoomSource(_ profile: EngineProfile) -> Look {
        Look(
            x: profile.number(.systemzoomSourceX), y: profile.number(.systemzoomSourceY),
            w: profile.number(.systemzoomSourceWidth), h: profile.number(.systemzoomSourceHeight))
    }

    /// `_UIZoomTransitionSpec recededContentTransformFor:` (D18, D26): the content behind the
    /// zoomed view scales to (width - scaleDownPoints) / width, never below minScale.
    static func zoomRecededScale(width: Double, profile: EngineProfile) -> Double {
        guard width > 0 else { return 1 }
        return max((width - profile.number(.systemzoomRecedePoints)) / width, profile.number(.systemzoomRecedeMinScale))
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
        dim.alpha = p.number(.systemzoomDimmingAlpha)
        switch c.direction {
        case .forward:
            let spring = TimingFunction.dampedSpring(dampingRatio: p.number(.systemzoomInDamping), initialVelocity: 0)
            var plan = TransitionPlan(duration: p.number(.systemzoomInDuration), timing: spring, springSettings: p.springSettings)
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
            let spring = TimingFunction.dampedSpring(dampingRatio: p.number(.systemzoomOutDamping), initialVelocity: 0)
            var plan = TransitionPlan(
                duration: p.number(.systemzoomOutDuration), timing: .curve(.linear), springSettings: p.springSettings)
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
