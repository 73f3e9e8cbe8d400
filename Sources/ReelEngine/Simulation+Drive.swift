import ReelTrace

extension Simulation {
    /// Feeds the touches in order, interleaved with display ticks while a transition runs. A
    /// stream that ends with a finger still driving the transition cancels it (as UIKit does
    /// when touches are cancelled) at the last touch's time.
    mutating func drive(_ touches: [Touch]) throws {
        var tap = TapRecognizer(maxMovement: profile.number("tap.max_movement"), maxDuration: profile.number("tap.max_duration"))
        var driver: InteractionDriver?
        if spec.interaction != nil {
            driver = try InteractionDriver(spec: spec, profile: profile, device: device,
                                           presentedHeight: world.presentations.last?.frame.h ?? device.height)
        }
        var started = false
        var index = 0
        while true {
            if index >= touches.count, isInteractive, driver != nil {
                let t = touches.last?.t ?? 0
                emit(t, "gesture", driver!.recognizer.rawValue, "cancelled")
                apply(.ended(t: t, finish: false, velocity: 0), driver: &driver!)
                continue
            }
            let touchTime = index < touches.count ? touches[index].t : Double.infinity
            if transition != nil, nextTickTime < touchTime {
                renderTick()
                continue
            }
            guard index < touches.count else { break }
            let touch = touches[index]
            index += 1
            if started, transition == nil { break }
            if driver != nil {
                var running: Double?
                if case .animating? = transition?.mode, let duration = transition?.plan.duration, duration > 0 {
                    running = tau(at: touch.t) / duration
                }
                let (command, gesture) = driver!.handle(touch, runningProgress: running)
                if let gesture { emit(touch.t, "gesture", driver!.recognizer.rawValue, gesture) }
                guard let command else { continue }
                if case .began(let t) = command, !started {
                    started = try startTransition(at: t, interactive: true)
                    if let duration = transition?.plan.duration { driver!.transitionDuration = duration }
                    continue
                }
                apply(command, driver: &driver!)
            } else if spec.trigger.kind == .tap, !started, tap.handle(touch) {
                emit(touch.t, "gesture", "tap", "recognized")
                started = try startTransition(at: touch.t, interactive: false)
            }
        }
    }

    var isInteractive: Bool {
        if case .interactive? = transition?.mode { return true }
        return false
    }

    /// Applies an interaction command to the running transition.
    mutating func apply(_ command: InteractionCommand, driver: inout InteractionDriver) {
        guard transition != nil else { return }
        let duration = transition!.plan.duration
        let subject = transitionSubject(transition!.operation)
        switch command {
        case .began(let t):
            // A finger took a finishing or cancelling animation back: continue from where it is.
            transition!.tau = tau(at: t)
            transition!.mode = .interactive
            emit(t, "transition", subject, "pauseInteractiveTransition")
        case .changed(let t, let percent):
            guard isInteractive else { return }
            let capped = min(percent, driver.maxProgress)
            transition!.tau = capped * duration
            emit(t, "transition", subject, "updateInteractiveTransition(" + Simulation.format4(capped) + ")")
        case .ended(let t, let finish, let velocity):
            guard isInteractive else { return }
            let tauNow = transition!.tau
            let p = duration > 0 ? tauNow / duration : 1
            let remaining = finish ? 1 - p : p
            var speed: Double
            var easing: Easing
            if driver.kind == "backSwipe" {
                easing = .named(profile.string("backswipe.completion_curve"))
                speed = profile.bool("backswipe.velocity_handoff") ? max(remaining, duration * abs(velocity)) : 1
            } else {
                easing = .named(profile.string("interactive.completion_curve"))
                speed = driver.kind == "swipeDismiss" ? 1 - p : profile.number("interactive.completion_speed")
            }
            if speed <= 0 { speed = 1 }
            let length = remaining * duration / speed
            emit(t, "transition", subject, finish ? "finishInteractiveTransition" : "cancelInteractiveTransition")
            transition!.mode = .animating(start: t, fromTau: tauNow, toTau: finish ? duration : 0, length: length,
                                          easing: easing, finishing: finish)
            nextTick = max(nextTick, Int((t * refreshHz - 1e-9).rounded(.up)))
        }
    }

    /// A fraction with four decimals ("0.1234"), without Foundation formatting.
    static func format4(_ value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        let sign = scaled < 0 ? "-" : ""
        let magnitude = abs(scaled)
        let fraction = String(magnitude % 10_000)
        return sign + String(magnitude / 10_000) + "." + String(repeating: "0", count: 4 - fraction.count) + fraction
    }
}
