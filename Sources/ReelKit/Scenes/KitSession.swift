import ReelEngine
import ReelFormats
import ReelGestures
import ReelJSON
import ReelTiming
import ReelTrace

/// Runs one session of a scene: builds it, feeds the touches as UIKit events on the session's
/// frame clock, renders a frame at every display tick while anything moves, and returns the trace.
enum KitSession {
    /// `run`'s trace or error as a value, for `SessionIsolation.run` (no closure in between: a
    /// main-actor closure handed to a nonisolated function checks its executor when it starts).
    static func result(_ scene: ReelKitScene, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool)
        -> Result<Trace, ReelKitError>
    {
        do throws(ReelKitError) {
            return .success(try run(scene, device: device, refreshHz: refreshHz, touches: touches, outcomeHierarchy: outcomeHierarchy))
        } catch {
            return .failure(error)
        }
    }

    static func run(_ scene: ReelKitScene, device: Device, refreshHz: Double, touches: [Touch], outcomeHierarchy: Bool) throws(ReelKitError)
        -> Trace
    {
        // The rules every entry point holds a session to (`reel engine serve`, the stream reader,
        // an archive's rows), checked here for both ways into a scene: `ReelKitEngine.run` in
        // process and `ReelKitServer` over the protocol.
        if let violation = GestureLimits.violation(touches: touches, device: device, refreshHz: refreshHz) {
            throw ReelKitError("scene '\(scene.name)': the session cannot be run: \(violation)")
        }
        let runtime = KitRuntime(sceneName: scene.name, device: device, refreshHz: refreshHz)
        let result: Result<Trace, ReelKitError> = KitRuntime.$current.withValue(runtime) {
            do throws(ReelKitError) {
                return .success(try drive(scene, runtime: runtime, touches: touches, outcomeHierarchy: outcomeHierarchy))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private static func drive(_ scene: ReelKitScene, runtime: KitRuntime, touches: [Touch], outcomeHierarchy: Bool) throws(ReelKitError)
        -> Trace
    {
        let device = runtime.device
        let window = scene.makeWindow(CGRect(x: 0, y: 0, width: device.width, height: device.height))
        runtime.window = window
        scene.build(window)
        AutoLayoutPass.layoutIfNeeded(window: window)
        guard window.rootViewController != nil else {
            throw ReelKitError("scene '\(scene.name)': the scene set no rootViewController on its window")
        }
        try check(runtime, scene)
        if let transition = runtime.transition {
            throw ReelKitError(
                "scene '\(scene.name)': a transition (\(transition.subject)) is still running after the scene was built; present without animation while building"
            )
        }
        runtime.events.removeAll()
        runtime.outcome = nil
        runtime.recording = true
        let bindings = TouchDispatch.Bindings()
        runtime.touchBindings = bindings
        let events = touchEvents(touches)
        let clock = runtime.frameClock
        let lastTouch = touches.last?.t ?? 0
        var frames: [Frame] = []
        var frameViews = 0
        var nextTick = 0
        var wasActive = false
        var index = 0
        while true {
            // One run-loop turn per step: the last one's implicit transaction commits.
            CATransaction.endTurn(runtime)
            runtime.runLoopTurn += 1
            try check(runtime, scene)
            let active = runtime.isActive
            if active, !wasActive { nextTick = max(nextTick, clock.firstTick(atOrAfter: runtime.now)) }
            wasActive = active
            let eventTime = index < events.count ? events[index].t : Double.infinity
            let tickTime = clock.time(ofTick: nextTick)
            // A recognizer's timer (a long press) fires between events, before a display tick at the same time.
            let timerTime = TouchDispatch.nextDeadline(in: bindings)
            if timerTime < eventTime, !(active && tickTime < timerTime) {
                runtime.now = max(runtime.now, timerTime)
                TouchDispatch.fireTimers(at: timerTime, in: runtime, bindings: bindings)
                AutoLayoutPass.layoutIfNeeded(window: window)
                continue
            }
            if active, tickTime < eventTime {
                guard tickTime <= lastTouch + KitLimits.timeCap else { throw timeCapError(scene, runtime, lastTouch: lastTouch) }
                runtime.now = tickTime
                nextTick += 1
                let before = frames.count
                renderTick(nextTick - 1, at: tickTime, runtime: runtime, frames: &frames)
                if frames.count > before { frameViews += frames[before].views.count }
                guard frameViews <= Engine.maximumFrameViews else {
                    throw ReelKitError(
                        "scene '\(scene.name)': the session's frames hold more than \(Engine.maximumFrameViews) views in all "
                            + "(Engine.maximumFrameViews) after \(frames.count) frames")
                }
                continue
            }
            guard index < events.count else { break }
            runtime.now = events[index].t
            // Through the window, as UIKit delivers: a subclass's `sendEvent(_:)` sees every event.
            window.sendEvent(TouchDispatch.windowEvent(events[index], in: runtime, bindings: bindings))
            AutoLayoutPass.layoutIfNeeded(window: window)
            index += 1
        }
        let outcome = runtime.outcome ?? (false, 0)
        let hierarchy = outcomeHierarchy ? HierarchyDescription.json(of: window) : ""
        return Trace(
            frames: frames, events: runtime.events, outcome: Outcome(completed: outcome.completed, t: outcome.t, hierarchy: hierarchy))
    }

    /// UIKit's events: lines with the same time together; fingers still down when the stream ends
    /// are cancelled at the last touch's time (UIKit cancels touches it loses).
    nonisolated static func touchEvents(_ touches: [Touch]) -> [TouchEvent] {
        var events = TouchEvent.group(touches)
        let down = fingersStillDown(touches)
        if let t = touches.last?.t, !down.isEmpty {
            events.append(TouchEvent(t: t, touches: down.map { Touch(t: t, id: $0.id, phase: .cancelled, x: $0.x, y: $0.y) }))
        }
        return events
    }

    /// The last line of each finger whose last phase is neither ended nor cancelled, by finger id.
    /// Sessions use a handful of fingers: their last lines are found from the end with a short list
    /// of the fingers seen, and with a dictionary only when a stream uses more than 16.
    nonisolated static func fingersStillDown(_ touches: [Touch]) -> [Touch] {
        var seen: [Int] = []
        var down: [Touch] = []
        for touch in touches.reversed() where !seen.contains(touch.id) {
            guard seen.count < 16 else {
                var last: [Int: Touch] = [:]
                for touch in touches { last[touch.id] = touch }
                return last.values.filter { $0.phase != .ended && $0.phase != .cancelled }.sorted { $0.id < $1.id }
            }
            seen.append(touch.id)
            if touch.phase != .ended && touch.phase != .cancelled { down.append(touch) }
        }
        return down.sorted { $0.id < $1.id }
    }

    /// A display tick: clocks that reach their ends end, the frame is sampled (showing the end
    /// states), the display links are called, then completions run (which may complete the transition).
    private static func renderTick(_ tick: Int, at t: Double, runtime: KitRuntime, frames: inout [Frame]) {
        // Scroll views decelerating, bouncing or animating their offset move first (their
        // delegates' scrollViewDidScroll may ask for layout).
        if !runtime.movingScrollViews.isEmpty { ScrollMotion.advance(runtime.movingScrollViews, at: t) }
        AutoLayoutPass.layoutIfNeeded(window: runtime.window)
        var endedTimeline: (KitTransition, Bool)?
        if let transition = runtime.transition, let timeline = transition.timeline, timeline.endIfReached(at: t) {
            endedTimeline = (transition, timeline.fractionComplete >= 1)
        }
        var endedAnimators: [(UIViewPropertyAnimator, UIViewAnimatingPosition)] = []
        for animator in runtime.propertyAnimators {
            if let position = animator.endIfReached(at: t) { endedAnimators.append((animator, position)) }
        }
        let progress = runtime.transition?.progress(at: t) ?? 0
        let frame = FrameSampler.frame(index: frames.count, t: t, progress: progress, window: runtime.window)
        if let bad = FrameSampler.firstNonFinite(in: frame) {
            // A timing made of non-finite numbers (a NaN damping, an infinite duration) shows here.
            runtime.fail(KitFailure(message: "\(bad) at t = \(t) s (not a finite number: an animation's timing produced it)"))
            return
        }
        frames.append(frame)
        for observer in runtime.frameObservers { observer(t) }
        runtime.fireDisplayLinks(tick: tick)
        if let (transition, atEnd) = endedTimeline { transition.timelineEnded(atEnd: atEnd, in: runtime) }
        let ended = runtime.groups.isEmpty ? [] : runtime.groups.filter { $0.hasEnded(at: t) }
        if !ended.isEmpty { runtime.groups.removeAll { $0.hasEnded(at: t) } }
        for group in ended {
            for view in group.views { view.finishAnimations(of: group, atStart: false) }
        }
        for group in ended {
            group.completed = true
            for completion in group.completions { completion(true) }
        }
        for (animator, position) in endedAnimators { animator.complete(at: position) }
        LayerAnimationClock.tick(at: t, runtime: runtime)
    }

    private static func check(_ runtime: KitRuntime, _ scene: ReelKitScene) throws(ReelKitError) {
        if let failure = runtime.failure { throw ReelKitError("scene '\(scene.name)': \(failure.message)") }
    }

    /// Why the session was still moving at the time cap.
    private static func timeCapError(_ scene: ReelKitScene, _ runtime: KitRuntime, lastTouch: Double) -> ReelKitError {
        let cap = KitLimits.timeCap
        let reason: String
        if let transition = runtime.transition {
            reason =
                "the transition \(transition.subject) begun at \(transition.start) s never completed: does the animator call completeTransition?"
        } else if let group = runtime.groups.first, let view = group.views.first {
            reason = "view '\(view.traceKey)' is still animating (an animation that restarts itself?)"
        } else if !runtime.groups.isEmpty {
            reason = "an animation block is still pending (an animation that restarts itself?)"
        } else if let layerReason = LayerAnimationClock.timeCapReason(in: runtime) {
            reason = layerReason
        } else if runtime.propertyAnimators.contains(where: { $0.isRunning }) {
            reason = "a property animator is still running"
        } else if let scrollView = runtime.movingScrollViews.first {
            reason = "scroll view '\(scrollView.traceKey)' is still moving its content (\(scrollView.motionDescription))"
        } else {
            reason = "a gesture is still in progress"
        }
        return ReelKitError("scene '\(scene.name)': still moving \(cap) s after the last touch (time cap): \(reason)")
    }
}

/// A frame of the window: every non-structural view, back to front, with its on-screen values.
enum FrameSampler {
    static func frame(index: Int, t: Double, progress: Double, window: UIView) -> Frame {
        var views: [ViewState] = []
        views.reserveCapacity(8)
        var keys = FrameKeys()
        walk(window, x: 0, y: 0, hidden: false, t: t, views: &views, keys: &keys)
        return Frame(index: index, t: t, progress: progress, views: views)
    }

    /// The first non-finite number of a frame, described ("view 'card' shows frame.y = nan").
    static func firstNonFinite(in frame: Frame) -> String? {
        if !frame.progress.isFinite { return "the transition's progress is \(frame.progress)" }
        for view in frame.views {
            let m = view.transform
            // The common case without building the named list (a frame is checked at every tick).
            if view.setsAnExtension, let property = ViewProperty.extensions.first(where: { !$0.value(of: view).isFinite }) {
                return "view '\(view.key)' shows \(property.rawValue) = \(property.value(of: view))"
            }
            if view.x.isFinite, view.y.isFinite, view.w.isFinite, view.h.isFinite, view.alpha.isFinite, m.a.isFinite, m.b.isFinite,
                m.c.isFinite, m.d.isFinite, m.tx.isFinite, m.ty.isFinite
            {
                continue
            }
            let values: [(String, Double)] = [
                ("frame.x", view.x), ("frame.y", view.y), ("frame.width", view.w), ("frame.height", view.h), ("alpha", view.alpha),
                ("transform.a", view.transform.a), ("transform.b", view.transform.b), ("transform.c", view.transform.c),
                ("transform.d", view.transform.d), ("transform.tx", view.transform.tx), ("transform.ty", view.transform.ty),
            ]
            if let (name, value) = values.first(where: { !$0.1.isFinite }) { return "view '\(view.key)' shows \(name) = \(value)" }
        }
        return nil
    }

    private static func walk(
        _ view: UIView, x: Double, y: Double, hidden: Bool, t: Double, views: inout [ViewState], keys: inout FrameKeys
    ) {
        for subview in view.subviews {
            // Most views animate nothing at a given tick: their model values are on screen.
            let animated = subview.isAnimating
            let frame = animated ? subview.presentation(.frame, at: t) : subview.modelFrame
            let left = x == 0 ? frame.v0 : x + frame.v0
            let top = y == 0 ? frame.v1 : y + frame.v1
            let isHidden = hidden || subview.isHidden
            if subview.structuralName == nil {
                var key = subview.traceKey
                if keys.contains(key, in: views) {
                    var number = 2
                    while keys.contains(key + "#\(number)", in: views) { number += 1 }
                    key += "#\(number)"
                }
                let alpha = animated ? subview.presentation(.alpha, at: t).v0 : subview.modelAlpha.v0
                let m = animated ? subview.presentation(.transform, at: t) : subview.modelTransform
                var state = ViewState(
                    key: key, x: left, y: top, w: frame.v2, h: frame.v3, alpha: min(max(alpha, 0), 1),
                    transform: AffineTransform(a: m.v0, b: m.v1, c: m.v2, d: m.v3, tx: m.v4, ty: m.v5), z: views.count, hidden: isHidden,
                    contentOffsetX: Double(subview.traceContentOffset.x), contentOffsetY: Double(subview.traceContentOffset.y))
                // Only a view whose code touched its layer has one (`loadedLayer`); the others show
                // no corners, border or shadow.
                if let layer = subview.loadedLayer { state.setLayerValues(layer.traceValues(at: t)) }
                // A visual effect view's effect (0 for every other view).
                state.effectFraction = animated ? subview.presentation(.effect, at: t).v0 : subview.modelEffect.v0
                views.append(state)
                keys.added(key, views: views)
            }
            if !subview.subviews.isEmpty {
                // Its subviews' frames start at its bounds' origin (a scroll view's content offset).
                let origin = subview.boundsOrigin
                walk(subview, x: left - origin.x, y: top - origin.y, hidden: isHidden, t: t, views: &views, keys: &keys)
            }
        }
    }
}

/// The view keys of one frame so far: while the frame is small (most hold a handful of views,
/// where hashing every key costs more) its views' keys are searched from the start, with no list
/// of their own; a set once it grows.
struct FrameKeys {
    private static let listLimit = 16
    private var set: Set<String>?

    init() {}

    /// Whether a view of the frame (`views`, the frame's views so far) has `key`.
    func contains(_ key: String, in views: [ViewState]) -> Bool {
        if let set { return set.contains(key) }
        return views.contains { $0.key == key }
    }

    /// `key` was given to the last view of `views`.
    mutating func added(_ key: String, views: [ViewState]) {
        if set != nil {
            set!.insert(key)
            return
        }
        if views.count > Self.listLimit { set = Set(views.map(\.key)) }
    }
}

/// The final hierarchy, in the built-in engine's shape: root (name, kind, children), the presented
/// chain and the window's views back to front.
enum HierarchyDescription {
    static func json(of window: UIWindow) -> String {
        guard let root = window.rootViewController else { return "{}" }
        var rootFields: [JSONMember] = [JSONMember("name", .string(root.reelName))]
        if let navigation = root as? UINavigationController {
            rootFields.append(JSONMember("kind", .string("navigation")))
            rootFields.append(JSONMember("children", .array(navigation.viewControllers.map { .string($0.reelName) })))
        } else {
            rootFields.append(JSONMember("kind", .string("none")))
        }
        var presented: [JSONValue] = []
        var current = root
        while let next = current.presentedViewController {
            presented.append(
                .object([
                    JSONMember("presented", .string(next.reelName)), JSONMember("presenter", .string(current.reelName)),
                    JSONMember("style", .string(next.presentationController?.styleName ?? "fullScreen")),
                ]))
            current = next
        }
        let frame = FrameSampler.frame(index: 0, t: KitRuntime.current?.now ?? 0, progress: 0, window: window)
        let fields: [JSONMember] = [
            JSONMember("root", .object(rootFields)),
            JSONMember("presented", .array(presented)),
            JSONMember("views", .array(frame.views.map { .string($0.key) })),
        ]
        return JSONWriter.text(of: .object(fields), sortedKeys: true, numberStyle: .fingerprint)
    }
}
