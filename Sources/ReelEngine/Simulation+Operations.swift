import ReelJSON
import ReelTrace

/// Starting and ending container and presentation operations: hierarchy changes and UIKit's
/// callback order (docs/SOURCES.md).
extension Simulation {
    /// Resolves the scenario's action into an operation, changes the hierarchy, emits the
    /// callbacks up to animateTransition and sets the window up through the animator.
    mutating func beginOperation(at t: Double, interactive: Bool) throws -> (Operation, TransitionPlan) {
        let action = spec.action
        let before = world
        worldBefore = world
        let bounds = world.bounds
        switch action.kind {
        case .show where world.containerKind == "navigation":
            return try beginPush(target: try target(), at: t, interactive: interactive, before: before)
        case .push:
            return try beginPush(target: try target(), at: t, interactive: interactive, before: before)
        case .pop, .popToRoot:
            guard world.containerKind == "navigation", world.children.count >= 2 else {
                throw EngineError("\(action.kind.rawValue) needs a navigation stack of at least two controllers")
            }
            let from = world.children.last!
            let to = action.kind == .pop ? world.children[world.children.count - 2] : world.children[0]
            let dropped = Array(world.children[(world.children.firstIndex(of: to)! + 1)..<(world.children.count - 1)])
            return try beginPop(from: from, to: to, dropped: dropped, at: t, interactive: interactive, before: before)
        case .setViewControllers:
            guard world.containerKind == "navigation", let stack = action.stack, let newTop = stack.last else {
                throw EngineError("setViewControllers needs a navigation container and a non-empty stack")
            }
            let from = world.children.last!
            if world.children.contains(newTop) {
                let dropped = world.children.filter { !stack.contains($0) && $0 != from }
                let result = try beginPop(from: from, to: newTop, dropped: dropped, at: t, interactive: interactive, before: before)
                world.children = stack
                return result
            }
            let result = try beginPush(target: newTop, at: t, interactive: interactive, before: before)
            world.children = stack
            return result
        case .present, .show:
            return try beginPresent(target: try target(), at: t, interactive: interactive)
        case .dismiss:
            return try beginDismiss(at: t, interactive: interactive, before: before)
        case .selectTab:
            guard world.containerKind == "tab" else { throw EngineError("selectTab needs a tab container") }
            let target = try target()
            guard let index = world.children.firstIndex(of: target) else { throw EngineError("'\(target)' is not a tab") }
            let from = world.children[world.selectedTab]
            emit(t, "delegate", "tab", "shouldSelect(\(target))")
            loadView(target, t)
            world.selectedTab = index
            let animator = resolvedAnimator(default: .none, forTab: true)
            if animator != .none { emit(t, "delegate", "tab", "animationControllerForTransition(from: \(from), to: \(target))") }
            emit(t, "lifecycle", from, "viewWillDisappear")
            emit(t, "lifecycle", target, "viewWillAppear")
            var op = Operation(
                kind: .selectTab, from: from, to: target, direction: .forward, animator: animator,
                context: context(from: from, to: target, direction: .forward, container: bounds),
                removedOwnersOnFinish: [from])
            op.context.toFinal = world.childFrame(target)
            op.context.fromInitial = world.childFrame(from)
            return try startAnimator(op, at: t, interactive: interactive)
        case .showDetail:
            guard world.containerKind == "split" else { throw EngineError("showDetail needs a split container") }
            let target = try target()
            let from = world.visibleRootChildren.last!
            emit(t, "lifecycle", target, "willMove(toParent: split)")
            loadView(target, t)
            if world.children.count >= 2 { world.children[1] = target } else { world.children.append(target) }
            let expanded = world.splitIsExpanded
            emit(t, "lifecycle", from, "viewWillDisappear")
            emit(t, "lifecycle", target, "viewWillAppear")
            var op = Operation(
                kind: .showDetail, from: from, to: target, direction: .forward,
                animator: expanded ? .none : resolvedAnimator(default: .slide),
                context: context(from: from, to: target, direction: .forward, container: bounds),
                removedOwnersOnFinish: [from])
            op.context.toFinal = world.childFrame(target)
            op.context.fromInitial = before.childFrame(from)
            if expanded, from == before.children.first { op.removedOwnersOnFinish = [] }
            return try startAnimator(op, at: t, interactive: interactive)
        case .swapChild:
            guard world.containerKind == "custom" else { throw EngineError("swapChild needs a custom container") }
            let target = try target()
            let from = world.children.last!
            if action.addsChild == false {
                throw EngineError(
                    "transition(from: \(from), to: \(target), duration:options:animations:completion:): both controllers must be children of 'container' (UIKit raises NSInvalidArgumentException)"
                )
            }
            emit(t, "containment", "container", "addChild(\(target))")
            emit(t, "lifecycle", target, "willMove(toParent: container)")
            emit(t, "lifecycle", from, "willMove(toParent: nil)")
            world.children.append(target)
            let duration = profile.number(.containerDuration)
            emit(
                t, "transition", "container",
                "transition(from: \(from), to: \(target), duration: \(JSONWriter.fingerprintFormat(duration)), options: transitionCrossDissolve)"
            )
            loadView(target, t)
            // Legacy transition view: to.beginAppearance(true) before from.beginAppearance(false).
            emit(t, "lifecycle", target, "viewWillAppear")
            emit(t, "lifecycle", from, "viewWillDisappear")
            var op = Operation(
                kind: .swapChild, from: from, to: target, direction: .forward,
                animator: resolvedAnimator(default: .containerCrossDissolve),
                context: context(from: from, to: target, direction: .forward, container: bounds),
                usesContext: false, removedOwnersOnFinish: [from])
            op.context.toFinal = bounds
            return try startAnimator(op, at: t, interactive: interactive)
        }
    }

    private func target() throws -> String {
        guard let target = spec.action.target, !target.isEmpty else {
            throw EngineError("action '\(spec.action.kind.rawValue)' needs a target")
        }
        return target
    }

    /// The scenario's animator with "system" resolved to the operation's own.
    func resolvedAnimator(default system: AnimatorKind, forTab: Bool = false) -> AnimatorKind {
        spec.animator == .system ? system : spec.animator
    }

    mutating func loadView(_ name: String, _ t: Double) {
        if world.markLoaded(name) { emit(t, "lifecycle", name, "viewDidLoad") }
    }

    func context(from: String, to: String, direction: TransitionDirection, container: Rect) -> AnimatorContext {
        AnimatorContext(
            direction: direction, fromKey: World.viewKey(from), toKey: World.viewKey(to), toOwner: to,
            container: container, toFinal: container, fromInitial: container, screenHeight: device.height,
            mirrored: spec.isRightToLeft(in: profile))
    }

    private mutating func beginPush(target: String, at t: Double, interactive: Bool, before: World) throws -> (Operation, TransitionPlan) {
        let from = world.children.last!
        emit(t, "lifecycle", target, "willMove(toParent: nav)")
        loadView(target, t)
        world.children.append(target)
        emitNavigationDelegate("push", from: from, to: target, interactive: interactive, t)
        emit(t, "lifecycle", from, "viewWillDisappear")
        emit(t, "lifecycle", target, "viewWillAppear")
        let op = Operation(
            kind: .push, from: from, to: target, direction: .forward, animator: resolvedAnimator(default: .slide),
            context: context(from: from, to: target, direction: .forward, container: world.bounds),
            removedOwnersOnFinish: [from])
        return try startAnimator(op, at: t, interactive: interactive)
    }

    private mutating func beginPop(from: String, to: String, dropped: [String], at t: Double, interactive: Bool, before: World) throws -> (
        Operation, TransitionPlan
    ) {
        emit(t, "lifecycle", from, "willMove(toParent: nil)")
        for name in dropped { emit(t, "lifecycle", name, "willMove(toParent: nil)") }
        world.children.removeAll { $0 == from || dropped.contains($0) }
        emitNavigationDelegate("pop", from: from, to: to, interactive: interactive, t)
        emit(t, "lifecycle", from, "viewWillDisappear")
        loadView(to, t)
        emit(t, "lifecycle", to, "viewWillAppear")
        var op = Operation(
            kind: .pop, from: from, to: to, direction: .reverse, animator: resolvedAnimator(default: .slide),
            context: context(from: from, to: to, direction: .reverse, container: world.bounds),
            removedOwnersOnFinish: [from])
        op.droppedMiddle = dropped
        return try startAnimator(op, at: t, interactive: interactive)
    }

    private mutating func emitNavigationDelegate(_ operation: String, from: String, to: String, interactive: Bool, _ t: Double) {
        guard spec.animator != .system || spec.interaction != nil else { return }
        emit(t, "delegate", "nav", "animationControllerFor(\(operation), from: \(from), to: \(to))")
        if interactive { emit(t, "delegate", "nav", "interactionControllerFor(animator)") }
    }

    /// The presented view's frame for an effective style.
    func presentedFrame(_ style: PresentationStyle, contextFrame: Rect) -> Rect {
        let p = profile
        let b = world.bounds
        switch style {
        case .currentContext, .overCurrentContext: return contextFrame
        case .pageSheet:
            let top = p.number(.presentationPageSheetTop)
            if world.sizeClass == .compact { return Rect(x: 0, y: top, w: b.w, h: b.h - top) }
            let width = min(b.w, p.number(.presentationRegularSheetWidth))
            return Rect(x: (b.w - width) / 2, y: top, w: width, h: b.h - top)
        case .formSheet:
            let width = min(b.w, p.number(.presentationFormSheetWidth))
            let height = min(b.h, p.number(.presentationFormSheetHeight))
            return Rect(x: (b.w - width) / 2, y: (b.h - height) / 2, w: width, h: height)
        case .popover:
            let size = min(b.w, p.number(.presentationPopoverSize))
            return Rect(x: (b.w - size) / 2, y: (b.h - size) / 2, w: size, h: size)
        case .custom where spec.animator == .sheet:
            let inset = p.number(.sheetTopInset)
            return Rect(x: 0, y: inset, w: b.w, h: b.h - inset)
        default: return b
        }
    }

    /// UIKit's choice of presenting controller: context styles walk up from the source to the
    /// first controller that defines a presentation context (else the root); other styles go
    /// to the nearest full-screen ancestor: the top presented controller, else the window's root.
    func resolvePresenter(source: String, style: PresentationStyle) -> PresenterResolution {
        if let last = world.presentations.last, source == last.presented {
            return PresenterResolution(presenter: source, contextFrame: last.frame)
        }
        if style.usesContext, let definer = world.contextDefiner {
            let chain = [source] + (world.parent(of: source).map { [$0] } ?? [])
            if chain.contains(definer) {
                let frame = definer == world.rootName ? world.bounds : world.childFrame(definer)
                return PresenterResolution(presenter: definer, contextFrame: frame)
            }
        }
        return PresenterResolution(presenter: world.rootName, contextFrame: world.bounds)
    }

    /// Presents `target` (the hierarchy changes, the callbacks up to animateTransition, the window
    /// set up through the animator). The world before it, for a cancel, is the caller's to keep:
    /// `beginOperation` keeps it, the setup's presents need none.
    mutating func beginPresent(target: String, at t: Double, interactive: Bool) throws -> (Operation, TransitionPlan) {
        let requested = try presentationStyle()
        let popoverCompact = PresentationStyle(rawValue: profile.string(.presentationPopoverCompactStyle)) ?? .pageSheet
        let contextCompact = ContextCompactAdaptation(rawValue: profile.string(.presentationContextCompactStyle)) ?? .fullScreen
        let style = requested.effective(in: world.sizeClass, popoverCompact: popoverCompact, contextCompact: contextCompact)
        let source = spec.action.source ?? world.topController
        let resolution = resolvePresenter(source: source, style: style)
        let container = style.usesContext ? resolution.contextFrame : world.bounds
        let frame = presentedFrame(style, contextFrame: resolution.contextFrame)
        let from = world.presentations.last?.presented ?? world.visibleRootChildren.last ?? world.rootName
        loadView(target, t)
        let subject = target + ".presentation"
        if style == .custom {
            emit(
                t, "delegate", target,
                "presentationController(forPresented: \(target), presenting: \(resolution.presenter), source: \(source))")
        }
        if spec.animator != .system || spec.interaction != nil {
            emit(
                t, "delegate", target,
                "animationController(forPresented: \(target), presenting: \(resolution.presenter), source: \(source))")
        }
        if interactive { emit(t, "delegate", target, "interactionControllerForPresentation") }
        if style.removesPresenterViews { emit(t, "lifecycle", from, "viewWillDisappear") }
        emit(t, "lifecycle", target, "viewWillAppear")
        emit(t, "presentation", subject, "frameOfPresentedViewInContainerView")
        emit(t, "presentation", subject, "presentationTransitionWillBegin")
        let presentation = Presentation(presented: target, presenter: resolution.presenter, style: style, frame: frame, removedViews: [])
        world.presentations.append(presentation)
        var op = Operation(
            kind: .present, from: from, to: target, direction: .forward,
            animator: resolvedAnimator(default: try modalAnimator(style: style)),
            context: context(from: from, to: target, direction: .forward, container: container),
            presentation: presentation, presenterAppearance: style.removesPresenterViews)
        op.context.toFinal = frame
        // The window is as before the present until the animator sets it up (below).
        op.context.fromInitial = world.stage.look(World.viewKey(from))?.rect ?? world.bounds
        if style.removesPresenterViews { op.removedOwnersOnFinish = world.subtree(of: resolution.presenter) }
        return try startAnimator(op, at: t, interactive: interactive)
    }

    private mutating func beginDismiss(at t: Double, interactive: Bool, before: World) throws -> (Operation, TransitionPlan) {
        guard let presentation = world.presentations.last else { throw EngineError("dismiss needs a presented controller") }
        let from = presentation.presented
        let subject = from + ".presentation"
        if spec.animator != .system || spec.interaction != nil { emit(t, "delegate", from, "animationController(forDismissed: \(from))") }
        if interactive { emit(t, "delegate", from, "interactionControllerForDismissal") }
        emit(t, "presentation", subject, "dismissalTransitionWillBegin")
        emit(t, "lifecycle", from, "viewWillDisappear")
        world.presentations.removeLast()
        let to = world.presentations.last?.presented ?? world.visibleRootChildren.last ?? world.rootName
        if !presentation.removedViews.isEmpty {
            // The presenter's views come back under the presented view for the dismissal.
            let firstOwned = world.stage.views.firstIndex { $0.owner == from } ?? 0
            world.stage.views.insert(contentsOf: presentation.removedViews, at: firstOwned)
            emit(t, "lifecycle", to, "viewWillAppear")
        }
        var op = Operation(
            kind: .dismiss, from: from, to: to, direction: .reverse,
            animator: resolvedAnimator(default: try modalAnimator(style: presentation.style)),
            context: context(from: from, to: to, direction: .reverse, container: world.bounds),
            removedOwnersOnFinish: [from], presentation: presentation,
            presenterAppearance: !presentation.removedViews.isEmpty)
        op.context.fromInitial = presentation.frame
        op.context.toFinal = world.stage.look(World.viewKey(to))?.rect ?? world.bounds
        return try startAnimator(op, at: t, interactive: interactive)
    }

    func presentationStyle() throws -> PresentationStyle {
        let name = spec.action.style ?? "fullScreen"
        guard let style = PresentationStyle(rawValue: name) else { throw EngineError("unknown presentation style '\(name)'") }
        return style
    }

    /// The animator of a modal transition style (popovers fade in regular width).
    func modalAnimator(style: PresentationStyle) throws -> AnimatorKind {
        if style == .popover { return .crossDissolve }
        let name = spec.action.transitionStyle ?? "coverVertical"
        guard let animator = AnimatorKind(rawValue: name),
            [.coverVertical, .crossDissolve, .flipHorizontal, .partialCurl].contains(animator)
        else {
            throw EngineError("unknown modal transition style '\(name)'")
        }
        return animator
    }

    /// Runs the animator (and the presentation controller's alongside animations) and emits
    /// animateTransition or startInteractiveTransition.
    private mutating func startAnimator(_ op: Operation, at t: Double, interactive: Bool) throws -> (Operation, TransitionPlan) {
        var plan = try Animators(profile: profile).plan(op.animator, op.context, stage: &world.stage)
        if addAlongsideAnimations(op, &plan), let presentation = op.presentation {
            emit(t, "presentation", presentation.presented + ".presentation", "animateAlongsideTransition")
        }
        if op.usesContext, plan.duration > 0 || interactive {
            emit(t, "transition", op.transitionSubject, interactive ? "startInteractiveTransition" : "animateTransition")
        }
        return (op, plan)
    }

    /// Presentation-controller chrome animated alongside through the transition coordinator:
    /// seed 003's dimming (0 -> 0.4) and presenter scale (0.90); a custom presentation's dimming.
    private mutating func addAlongsideAnimations(_ op: Operation, _ plan: inout TransitionPlan) -> Bool {
        guard let presentation = op.presentation, presentation.style == .custom else { return false }
        let sheet = spec.animator == .sheet
        let dimAlpha = profile.number(sheet ? .sheetDimmingAlpha : .presentationCustomDimmingAlpha)
        var clear = Look(world.bounds)
        clear.alpha = 0
        var dim = clear
        dim.alpha = dimAlpha
        let presenterKey = World.viewKey(op.kind == .present ? op.from : op.to)
        let presenterBase = world.stage.look(presenterKey)
        var scaled = presenterBase
        if sheet {
            scaled?.sx = profile.number(.sheetPresenterScale)
            scaled?.sy = profile.number(.sheetPresenterScale)
        }
        if op.kind == .present {
            world.stage.insert("dimming", clear, owner: presentation.presented, below: op.context.toKey)
            plan.animate("dimming", from: clear, to: dim)
            if sheet, let base = presenterBase, let end = scaled { plan.animate(presenterKey, from: base, to: end) }
        } else {
            plan.animate("dimming", from: world.stage.look("dimming") ?? dim, to: clear)
            if sheet, let current = presenterBase {
                var identity = current
                identity.sx = 1
                identity.sy = 1
                plan.animate(presenterKey, from: current, to: identity)
            }
        }
        return true
    }
}
