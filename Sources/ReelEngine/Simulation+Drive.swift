import ReelTiming
import ReelGestures
import ReelTrace

extension Simulation {
    /// Feeds the touches in order, interleaved with display ticks while a transition runs. A
    /// stream that ends with a finger still driving the transition cancels it (as UIKit does
    /// when touches are cancelled) at the last touch's time.
    mutating func drive(_ touches: [Touch]) throws {
        var tap = TapRecognizer(parameters: .init(maximumMovement: profile.number("tap.max_movement"),
                                                  maximumDuration: profile.number("tap.max_duration")))
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
                emit(t, "gesture", driver!.recognizer.name, GestureState.cancelled.name)
                try apply(driver!.cancelHeldGesture(at: t), driver: driver!)
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
                let running = isAnimating ? transition?.clock.fraction(at: touch.t) : nil
                let (command, states) = driver!.handle(touch, runningProgress: running)
                for state in states { emit(touch.t, "gesture", driver!.recognizer.name, state.name) }
                guard let command else { continue }
                if case .began(let t) = command, !started {
                    started = try startTransition(at: t, interactive: true)
                    if let duration = transition?.plan.duration { driver!.transitionDuration = duration }
                    continue
                }
                try apply(command, driver: driver!)
            } else if spec.trigger.kind == .tap, !started, tap.handle(touch).contains(.recognized) {
                emit(touch.t, "gesture", "tap", "recognized")
                started = try startTransition(at: touch.t, interactive: false)
            }
        }
    }

    /// Applies an interaction command to the running transition (UIPercentDrivenInteractiveTransition
    /// over the transition's property animator).
    mutating func apply(_ command: InteractionCommand, driver: borrowing InteractionDriver) throws {
        guard var clock = transition?.clock, let duration = transition?.plan.duration else { return }
        let subject = transitionSubject(transition!.operation)
        switch command {
        case .began(let t):
            // A finger took a finishing or cancelling animation back: continue from where it is.
            guard clock.isRunning else { return }
            try clock.pause(at: t)
            transition!.tau = (clock.fractionComplete ?? 0) * duration
            emit(t, "transition", subject, "pauseInteractiveTransition")
        case .changed(let t, let percent):
            guard !clock.isRunning else { return }
            let capped = PercentDriven.interactiveProgress(percent, parameters: driver.percentDriven)
            try clock.setFractionComplete(capped)
            transition!.tau = capped * duration
            emit(t, "transition", subject, "updateInteractiveTransition(" + Simulation.format4(capped) + ")")
        case .ended(let t, let finish, let velocity):
            guard !clock.isRunning else { return }
            let p = clock.fractionComplete ?? 0
            let timing: ReelTiming.TimingFunction
            let completionSpeed: Double
            if driver.kind == "backSwipe" {
                timing = profile.timing("backswipe.completion_curve")
                completionSpeed = profile.bool("backswipe.velocity_handoff")
                    ? PercentDriven.backSwipeCompletionSpeed(progress: p, velocity: velocity, width: driver.extent,
                                                             duration: duration, cancelling: !finish)
                    : 1
            } else {
                timing = profile.timing("interactive.completion_curve")
                // Seed 000: completionSpeed = 1 - percentComplete.
                completionSpeed = driver.kind == "swipeDismiss" ? 1 - p : profile.number("interactive.completion_speed")
            }
            emit(t, "transition", subject, finish ? "finishInteractiveTransition" : "cancelInteractiveTransition")
            // D26 animator path: isReversed = !complete; continueAnimation(completion curve, duration factor).
            let factor = PercentDriven.durationFactor(progress: p, completionSpeed: completionSpeed, cancelling: !finish)
            try clock.setReversed(!finish, at: t)
            try clock.continueAnimation(timing: timing, durationFactor: factor, at: t)
            scheduleTicks(from: t)
        }
        transition!.clock = clock
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
