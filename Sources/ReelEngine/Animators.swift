import Foundation
import ReelTiming

/// Push / present / select / swap (forward) or pop / dismiss (reverse).
enum TransitionDirection: Sendable, Hashable { case forward, reverse }

/// What the transition context gives an animator.
struct AnimatorContext: Sendable {
    var direction: TransitionDirection
    var fromKey: String
    var toKey: String
    var toOwner: String
    /// The container view's bounds.
    var container: Rect
    /// finalFrame(for: to).
    var toFinal: Rect
    /// initialFrame(for: from).
    var fromInitial: Rect
    /// The screen height (seed 000 offsets by UIScreen bounds, not the container).
    var screenHeight: Double
    /// A right-to-left layout: the navigation slide comes in from the left.
    var mirrored = false
}

/// A symmetric animation described by its forward form: the outgoing view ends at its base look
/// changed by `outgoingEnd` and the incoming view starts at its base look changed by
/// `incomingStart`. Played backwards for pop and dismiss.
struct RoleMotion {
    var outgoingEnd: (inout Look) -> Void = { _ in }
    var incomingStart: (inout Look) -> Void = { _ in }
    /// Fractions of the duration each role animates in (forward); a role with a narrower
    /// window is a keyframe (UIView.animateKeyframes, as VCTransitionsLibrary's flip and cards).
    var outgoingWindow = (0.0, 1.0)
    var incomingWindow = (0.0, 1.0)
    /// Incoming hidden (alpha 0) until its window begins (flips).
    var incomingHiddenBefore = false
    var timing: TimingFunction
    var duration: Double

    /// Where the outgoing role ends (forward), from its base look.
    func outgoingEndLook(from base: Look) -> Look {
        var look = base
        outgoingEnd(&look)
        return look
    }

    /// Where the incoming role starts (forward), from its base look.
    func incomingStartLook(from base: Look) -> Look {
        var look = base
        incomingStart(&look)
        return look
    }
}

/// The built-in animators: the system navigation slide and modal transition styles, seed 000's
/// bounce, seed 001's snapshot zoom, seed 003's sheet, cross dissolve and VCTransitionsLibrary's family.
struct Animators {
    let profile: EngineProfile

    /// Sets up the window for `name` and returns the plan. Throws for `system` (the operation
    /// resolves it first) and a ReelKit scene's animator (ReelKit runs it).
    func plan(_ name: AnimatorKind, _ context: AnimatorContext, stage: inout Stage) throws -> TransitionPlan {
        let p = profile
        let c = context
        let width = c.container.w
        let height = c.container.h
        let modalTiming = p.timing(.modalCurve)
        let vctlTiming = TimingFunction.curve(.easeInEaseOut)
        let vctl = p.number(.vctlDuration)
        let m34 = p.number(.vctlM34)
        switch name {
        case .slide:
            // Right to left: the incoming view enters from the left, the outgoing one moves right.
            let sign = c.mirrored ? -1.0 : 1.0
            let parallax = p.number(.navParallax) * width
            var plan = play(
                RoleMotion(
                    outgoingEnd: { $0.x -= sign * parallax },
                    incomingStart: { $0.x += sign * width },
                    timing: p.timing(.navCurve), duration: p.number(.navDuration)), c, &stage)
            addDimming(&plan, c, &stage, alpha: p.number(.navDimmingAlpha))
            return plan
        case .coverVertical, .sheet:
            let sheetDismissal = name == .sheet && c.direction == .reverse
            return play(
                RoleMotion(
                    incomingStart: { $0.y = c.container.y + height }, timing: modalTiming,
                    duration: p.number(sheetDismissal ? .sheetDismissDuration : .modalDuration)), c, &stage)
        case .crossDissolve:
            return play(
                RoleMotion(
                    incomingStart: { $0.alpha = 0 }, timing: modalTiming, duration: p.number(.modalDuration)), c, &stage)
        case .containerCrossDissolve, .tabCrossDissolve:
            let duration = p.number(name == .tabCrossDissolve ? .tabDuration : .containerDuration)
            return play(
                RoleMotion(
                    outgoingEnd: { $0.alpha = 0 },
                    incomingStart: { $0.alpha = 0 },
                    timing: .curve(.easeInEaseOut), duration: duration), c, &stage)
        case .flipHorizontal, .flip:
            let eye = name == .flip ? m34 : p.number(.modalFlipM34)
            return play(
                RoleMotion(
                    outgoingEnd: {
                        $0.rotY = -Double.pi / 2
                        $0.m34 = eye
                    },
                    incomingStart: {
                        $0.rotY = Double.pi / 2
                        $0.m34 = eye
                    },
                    outgoingWindow: (0, 0.5), incomingWindow: (0.5, 1), incomingHiddenBefore: true,
                    timing: name == .flip ? vctlTiming : modalTiming,
                    duration: name == .flip ? vctl : p.number(.modalFlipDuration)), c, &stage)
        case .partialCurl:
            let lift = p.number(.modalCurlLift) * height
            var plan = newPlan(duration: p.number(.modalDuration), timing: modalTiming)
            // The presenter's view curls up and stays lifted, uncovering the presented view below it.
            if c.direction == .forward {
                stage.insert(c.toKey, Look(c.toFinal), owner: c.toOwner, below: c.fromKey)
                var lifted = Look(c.fromInitial)
                lifted.ty = -lift
                plan.animate(c.fromKey, from: Look(c.fromInitial), to: lifted)
            } else {
                let base = stage.look(c.toKey) ?? Look(c.toFinal)
                var lifted = base
                lifted.ty = -lift
                if !stage.contains(c.toKey) { stage.add(c.toKey, lifted, owner: c.toOwner) }
                plan.animate(c.toKey, from: lifted, to: Look(c.toFinal))
            }
            return plan
        case .bounce:
            if c.direction == .forward {
                let spring = TimingFunction.dampedSpring(
                    dampingRatio: p.number(.bounceDamping),
                    initialVelocity: p.number(.bounceVelocity))
                var plan = newPlan(duration: p.number(.bounceDuration), timing: spring)
                let start = Look(c.toFinal.offsetBy(dy: c.screenHeight))
                stage.add(c.toKey, start, owner: c.toOwner)
                plan.animate(c.toKey, from: start, to: Look(c.toFinal))
                return plan
            }
            return try self.plan(.coverVertical, c, stage: &stage)
        case .zoom:
            return zoom(c, &stage)
        case .systemZoom:
            return systemZoom(c, &stage)
        case .cube:
            return play(
                RoleMotion(
                    outgoingEnd: {
                        $0.rotY = -Double.pi / 2
                        $0.tx = -width / 2
                        $0.m34 = m34
                    },
                    incomingStart: {
                        $0.rotY = Double.pi / 2
                        $0.tx = width / 2
                        $0.m34 = m34
                    },
                    timing: vctlTiming, duration: vctl), c, &stage)
        case .crossfade:
            return play(
                RoleMotion(
                    outgoingEnd: { $0.alpha = 0 },
                    incomingStart: { $0.alpha = 0 },
                    timing: vctlTiming, duration: vctl), c, &stage)
        case .cards:
            let scale = p.number(.vctlCardsScale)
            return play(
                RoleMotion(
                    outgoingEnd: {
                        $0.sx = scale
                        $0.sy = scale
                        $0.alpha = 0.5
                        $0.rotX = Double.pi / 20
                        $0.m34 = m34
                    },
                    incomingStart: { $0.y += height },
                    incomingWindow: (0.4, 1), timing: vctlTiming, duration: vctl), c, &stage)
        case .fold:
            return play(
                RoleMotion(
                    outgoingEnd: {
                        $0.sx = 0.001
                        $0.tx = -width / 2
                        $0.rotY = Double.pi / 2
                        $0.m34 = m34
                    },
                    incomingStart: {
                        $0.sx = 0.001
                        $0.tx = width / 2
                        $0.rotY = -Double.pi / 2
                        $0.m34 = m34
                    },
                    timing: vctlTiming, duration: vctl), c, &stage)
        case .portal:
            let zoomScale = p.number(.vctlPortalZoom)
            return play(
                RoleMotion(
                    outgoingEnd: {
                        $0.sx = 1.5
                        $0.sy = 1.5
                        $0.alpha = 0
                    },
                    incomingStart: {
                        $0.sx = zoomScale
                        $0.sy = zoomScale
                    },
                    timing: vctlTiming, duration: vctl), c, &stage)
        case .shrink:
            return play(
                RoleMotion(
                    incomingStart: {
                        $0.sx = 0.001
                        $0.sy = 0.001
                        $0.alpha = 0
                    },
                    timing: .curve(.linear), duration: p.number(.pinchdismissDuration)), c, &stage)
        case .none:
            stage.add(c.toKey, Look(c.toFinal), owner: c.toOwner)
            return newPlan(duration: 0, timing: .curve(.linear))
        case .system, .reelKit:
            throw EngineError("the animator '\(name.rawValue)' is not one the built-in engine runs")
        }
    }

    /// Plays a role motion forward (incoming on top) or backward (revealed view below).
    private func play(_ motion: RoleMotion, _ c: AnimatorContext, _ stage: inout Stage) -> TransitionPlan {
        var plan = newPlan(duration: motion.duration, timing: motion.timing)
        let d = motion.duration
        // A view already on screen (the presenter under an over-style dismissal) keeps its look.
        let toBase = c.direction == .reverse ? (stage.look(c.toKey) ?? Look(c.toFinal)) : Look(c.toFinal)
        let fromBase = Look(c.fromInitial)
        switch c.direction {
        case .forward:
            let start = motion.incomingStartLook(from: toBase)
            if motion.incomingHiddenBefore {
                var hidden = start
                hidden.alpha = 0
                stage.add(c.toKey, hidden, owner: c.toOwner)
                plan.animate(c.toKey, from: hidden, to: hidden, timing: .curve(.linear), begin: 0, end: d * motion.incomingWindow.0)
            } else {
                stage.add(c.toKey, start, owner: c.toOwner)
            }
            animate(&plan, c.fromKey, from: fromBase, to: motion.outgoingEndLook(from: fromBase), window: motion.outgoingWindow)
            animate(&plan, c.toKey, from: start, to: toBase, window: motion.incomingWindow)
        case .reverse:
            // The revealed (to) view plays the outgoing role backwards, the leaving (from) view the incoming one.
            let revealedStart = motion.outgoingEndLook(from: toBase)
            if motion.incomingHiddenBefore {
                var hidden = revealedStart
                hidden.alpha = 0
                stage.insert(c.toKey, hidden, owner: c.toOwner, below: c.fromKey)
                plan.animate(c.toKey, from: hidden, to: hidden, timing: .curve(.linear), begin: 0, end: d * (1 - motion.outgoingWindow.1))
            } else {
                stage.insert(c.toKey, revealedStart, owner: c.toOwner, below: c.fromKey)
            }
            animate(
                &plan, c.fromKey, from: fromBase, to: motion.incomingStartLook(from: fromBase),
                window: (1 - motion.incomingWindow.1, 1 - motion.incomingWindow.0))
            animate(
                &plan, c.toKey, from: revealedStart, to: toBase,
                window: (1 - motion.outgoingWindow.1, 1 - motion.outgoingWindow.0))
        }
        return plan
    }

    /// A role's track: the whole transition on the plan's timing, or a keyframe in a narrower window.
    private func animate(_ plan: inout TransitionPlan, _ key: String, from: Look, to: Look, window: (Double, Double)) {
        if window == (0, 1) {
            plan.animate(key, from: from, to: to)
        } else {
            plan.animateKeyframe(key, from: from, to: to, window: window)
        }
    }

    private func newPlan(duration: Double, timing: TimingFunction) -> TransitionPlan {
        TransitionPlan(duration: duration, timing: timing, springSettings: profile.springSettings)
    }

    /// The navigation slide's dimming over the underneath view: 0 -> alpha on push, alpha -> 0 on pop.
    private func addDimming(_ plan: inout TransitionPlan, _ c: AnimatorContext, _ stage: inout Stage, alpha: Double) {
        let over = c.direction == .forward ? c.toKey : c.fromKey
        var clear = Look(c.container)
        clear.alpha = 0
        var dim = clear
        dim.alpha = alpha
        stage.insert("dimming", c.direction == .forward ? clear : dim, owner: "transition", below: over)
        plan.animate("dimming", from: c.direction == .forward ? clear : dim, to: c.direction == .forward ? dim : clear)
        plan.finishEdits.append(.remove("dimming"))
    }

    /// Seed 001: a snapshot of the tapped image flies between the image frames on a spring
    /// (damping 0.55, velocity 1/0.55) while the destination fades in (push) or the source fades
    /// out (pop). The snapshot is on top; push hides it at the end, pop removes it.
    private func zoom(_ c: AnimatorContext, _ stage: inout Stage) -> TransitionPlan {
        let p = profile
        let duration = p.number(.zoomDuration)
        let spring = TimingFunction.dampedSpring(dampingRatio: p.number(.zoomDamping), initialVelocity: p.number(.zoomVelocity))
        var plan = newPlan(duration: duration, timing: spring)
        let size = p.number(.zoomSourceSize)
        let source = Look(x: p.number(.zoomSourceX), y: p.number(.zoomSourceY), w: size, h: size)
        let destination = Look(x: c.container.x, y: p.number(.zoomDestinationY), w: c.container.w, h: c.container.w)
        switch c.direction {
        case .forward:
            var faded = Look(c.toFinal)
            faded.alpha = 0
            stage.add(c.toKey, faded, owner: c.toOwner)
            stage.add("snapshot", source, owner: "transition")
            plan.animate(c.toKey, from: faded, to: Look(c.toFinal))
            plan.animate("snapshot", from: source, to: destination)
            plan.finishEdits.append(.hide("snapshot"))
        case .reverse:
            stage.insert(c.toKey, Look(c.toFinal), owner: c.toOwner, at: 0)
            if !stage.contains("snapshot") { stage.add("snapshot", destination, owner: "transition") }
            stage.setHidden("snapshot", false)
            if let index = stage.index(of: "snapshot") {
                // The snapshot must be on top.
                let snapshot = stage.views.remove(at: index)
                stage.views.append(snapshot)
            }
            var faded = Look(c.fromInitial)
            faded.alpha = 0
            plan.animate(c.fromKey, from: Look(c.fromInitial), to: faded)
            plan.animate("snapshot", from: stage.look("snapshot") ?? destination, to: source)
            plan.finishEdits.append(.remove("snapshot"))
        }
        return plan
    }
}
