import ReelGestures
import ReelTiming
import ReelTrace

extension Simulation {
    /// Feeds the touches in order, interleaved with display ticks while a transition runs. An
    /// interactive scenario takes them as touch events (lines with the same time together, with
    /// `gesture.event_model` = uikit; one line at a time with per-touch). A stream that ends with a
    /// finger still driving the transition cancels it (as UIKit does when touches are cancelled)
    /// at the last touch's time.
    mutating func drive(_ touches: [Touch]) throws {
        var tap = TapRecognizer(
            parameters: .init(
                maximumMovement: profile.number(.tapMaxMovement),
                maximumDuration: profile.number(.tapMaxDuration)))
        var driver: InteractionDriver?
        if spec.interaction != nil {
            driver = try InteractionDriver(
                spec: spec, profile: profile, device: device,
                presentedHeight: world.presentations.last?.frame.h ?? device.height)
        }
        // Whether an interaction controller drives the scenario (asked once: testing the optional
        // copied the whole driver every time).
        let interactive = driver != nil
        // A tap starts the transition even when a controller is attached (nav.interrupt-push: a back
        // swipe may catch the animated push, with `nav.interruptible`; without it the swipe is ignored).
        let tapStarts = spec.trigger.kind == .tap
        let catchesAnimation = profile.bool(.navInterruptible)
        let events = interactive && driver!.touchModel == .uikit ? TouchEvent.group(touches) : touches.map(TouchEvent.init)
        var started = false
        var index = 0
        while true {
            if index >= events.count, interactive, isInteractive || driver!.holdsWithoutTransition {
                let t = touches.last?.t ?? 0
                emit(t, "gesture", driver!.recognizerName, GestureState.cancelled.name)
                try perform(driver!.cancelHeldGesture(at: t), driver: &driver!, started: &started)
                continue
            }
            let eventTime = index < events.count ? events[index].t : Double.infinity
            if transition != nil, nextTickTime < eventTime {
                renderTick()
                guard frameViews <= Engine.maximumFrameViews else {
                    throw EngineError(
                        "the session's frames hold more than \(Engine.maximumFrameViews) views in all (Engine.maximumFrameViews) "
                            + "after \(frames.count) frames: fewer views or a shorter session")
                }
                continue
            }
            guard index < events.count else { break }
            let event = events[index]
            index += 1
            if started, transition == nil { break }
            if interactive, !tapStarts || started {
                if tapStarts, !catchesAnimation { continue }
                try feed(event, to: &driver!, started: &started)
            } else if tapStarts, !started, tap.handle(event.touches[event.touches.startIndex]).contains(.recognized) {
                emit(event.t, "gesture", "tap", "recognized")
                started = try startTransition(at: event.t, interactive: false)
                if let duration = transition?.plan.duration, interactive { driver!.transitionDuration = duration }
            }
        }
    }

    /// One touch event through the interaction controller: its recognizer's state changes as
    /// events, then the command. The driver is borrowed in place (`&driver!`), not copied per event.
    private mutating func feed(_ event: TouchEvent, to driver: inout InteractionDriver, started: inout Bool) throws {
        let running = isAnimating ? transition?.shownFraction(at: event.t) : nil
        let (command, states) = driver.handle(event, runningProgress: running)
        for state in states { emit(event.t, "gesture", driver.recognizerName, state.name) }
        try perform(command, driver: &driver, started: &started)
    }

    /// Starts the transition for a command that begins it, else applies the command to the running one.
    private mutating func perform(_ command: InteractionCommand?, driver: inout InteractionDriver, started: inout Bool) throws {
        guard let command else { return }
        switch command {
        case .began(let t) where !started:
            started = try startTransition(at: t, interactive: true)
            if let duration = transition?.plan.duration { driver.transitionDuration = duration }
        case .startAnimated(let t):
            guard !started else { return }
            started = try startTransition(at: t, interactive: false)
        default:
            try apply(command, driver: &driver)
        }
    }

    /// Applies an interaction command to the running transition (UIPercentDrivenInteractiveTransition
    /// over the transition's property animator).
    mutating func apply(_ command: InteractionCommand, driver: inout InteractionDriver) throws {
        guard var clock = transition?.clock, let duration = transition?.plan.duration else { return }
        let subject = transition!.subject
        switch command {
        case .began(let t):
            // A finger took a finishing or cancelling animation back: continue from where it is.
            guard clock.isRunning else { return }
            let shown = transition!.shownFraction(at: t)
            try clock.pause(at: t)
            transition!.tau = (clock.fractionComplete ?? 0) * duration
            if transition!.overshoot != nil {
                // Taken back while retracing an overshoot: the views stay where they are on screen.
                try clock.setFractionComplete(min(max(shown, 0), 1))
                transition!.tau = shown * duration
                transition!.overshoot = nil
            }
            emit(t, "transition", subject, "pauseInteractiveTransition")
        case .changed(let t, let percent):
            guard !clock.isRunning else { return }
            // UIPercentDrivenInteractiveTransition clamps percentComplete to 0...1 unless its
            // `_clampsPercentComplete` is off (the fluid back swipe); a NaN, from a pinch that began
            // with its fingers together, reads as 0. The clock keeps the clamped fraction.
            let value = percent.isNaN ? 0 : percent
            let clamped = min(max(value, 0), 1)
            let shown = driver.clampsPercentComplete ? clamped : value
            try clock.setFractionComplete(clamped)
            transition!.tau = shown * duration
            transition!.extendsPastEnds = !driver.clampsPercentComplete
            emit(t, "transition", subject, Simulation.call("updateInteractiveTransition", fraction: shown))
        case .follow(let t, let percent, let follow):
            guard !clock.isRunning else { return }
            moveZoomMorph(follow)
            try apply(.changed(t: t, percent: percent), driver: &driver)
            return
        case .ended(let t, let finish, let velocity):
            guard !clock.isRunning else { return }
            let p = clock.fractionComplete ?? 0
            let timing: ReelTiming.TimingFunction
            let completionSpeed: Double
            // The zoom dismissal's release runs its own spring, whatever the progress.
            var releaseFactor: Double?
            if driver.kind == .zoomDismiss {
                let release = releaseZoomMorph(dismissing: finish, at: t)
                (timing, completionSpeed, releaseFactor) = (release.timing, 1, release.duration / duration)
            } else if driver.isBackSwipe {
                timing = profile.timing(.backswipeCompletionCurve)
                completionSpeed =
                    profile.bool(.backswipeVelocityHandoff)
                    ? PercentDriven.backSwipeCompletionSpeed(
                        progress: p, velocity: velocity, width: driver.extent,
                        duration: duration, cancelling: !finish)
                    : 1
            } else {
                timing = profile.timing(.interactiveCompletionCurve)
                // Seed 000 and CEPinch: completionSpeed = 1 - percentComplete.
                completionSpeed = driver.completesAtOneMinusPercent ? 1 - p : profile.number(.interactiveCompletionSpeed)
            }
            let shown = transition!.tau / duration
            if transition!.extendsPastEnds, shown < 0 || shown > 1 {
                // Released in the rubber band: the views run from there, the remaining distance
                // |shown - end| taking min(T, distance / |v|) with the hand-off (distance x T without).
                let overshoot = ProgressOvershoot(releasedAt: shown, finishing: finish)
                try clock.setFractionComplete(overshoot.clockStart)
                transition!.overshoot = overshoot
                let distance = overshoot.remaining
                releaseFactor =
                    profile.bool(.backswipeVelocityHandoff)
                    ? distance / max(distance, duration * abs(velocity) / driver.extent) : distance
            }
            emit(t, "transition", subject, finish ? "finishInteractiveTransition" : "cancelInteractiveTransition")
            // D26 animator path: isReversed = !complete; continueAnimation(completion curve, duration factor).
            let factor =
                releaseFactor ?? PercentDriven.durationFactor(progress: p, completionSpeed: completionSpeed, cancelling: !finish)
            try clock.setReversed(!finish, at: t)
            try clock.continueAnimation(timing: timing, durationFactor: factor, at: t)
            scheduleTicks(from: t)
        case .startAnimated:
            return
        }
        transition!.clock = clock
    }

    /// `name(0.1234)`: a call whose argument is a fraction with four decimals (rounded, "-" only when
    /// the rounded value is negative), written into the string's own buffer without Foundation.
    static func call(_ name: StaticString, fraction value: Double) -> String {
        let scaled = Int((value * 10_000).rounded())
        var integerDigits = 1
        var integer = scaled.magnitude / 10_000
        while integer >= 10 {
            integerDigits += 1
            integer /= 10
        }
        let sign = scaled < 0 ? 1 : 0
        let count = name.utf8CodeUnitCount + 1 + sign + integerDigits + 5 + 1
        return String(unsafeUninitializedCapacity: count) { buffer in
            var end = buffer.initialize(fromContentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            buffer[end] = UInt8(ascii: "(")
            end += 1
            if sign == 1 { buffer[end] = UInt8(ascii: "-") }
            // Digits from the last one leftwards: four decimals, the point, the whole part.
            var rest = scaled.magnitude
            var position = count - 2
            for digit in 0..<(4 + integerDigits) {
                if digit == 4 {
                    buffer[position] = UInt8(ascii: ".")
                    position -= 1
                }
                buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                position -= 1
            }
            buffer[count - 1] = UInt8(ascii: ")")
            return count
        }
    }
}
