import ReelTrace

extension Simulation {
    /// Feeds the touches in order, interleaved with display ticks while a transition runs.
    mutating func drive(_ touches: [Touch]) throws {
        var tap = TapRecognizer(maxMovement: profile.number("tap.max_movement"), maxDuration: profile.number("tap.max_duration"))
        var started = false
        var index = 0
        while true {
            let touchTime = index < touches.count ? touches[index].t : Double.infinity
            if transition != nil, nextTickTime < touchTime {
                renderTick()
                continue
            }
            guard index < touches.count else { break }
            let touch = touches[index]
            index += 1
            if spec.trigger.kind == .tap, !started, tap.handle(touch) {
                emit(touch.t, "gesture", "tap", "recognized")
                started = true
                _ = try startTransition(at: touch.t, interactive: false)
            }
        }
    }
}
