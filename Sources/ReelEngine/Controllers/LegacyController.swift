import ReelGestures

/// Engine 0.3's handler, shared by every controller (`interaction.handlers` = reel-0.3):
/// progress = base + travel / extent clamped to 0...1 (travel along the finishing direction, or
/// 1 - scale), updates capped at `backswipe.max_progress`, and at release the controller's
/// policy decides from the release progress (seed 000 with `swipe.decision_sample` =
/// last-change: the last began/changed progress), the finger's velocity and, for the
/// back-swipe rule, `BackSwipeSampler`'s means; a cancelled gesture always cancels.
struct LegacyController: InteractionController {
    let setup: ControllerSetup
    /// `backswipe.max_progress`, applied to every controller's updates.
    let updateCap: Double
    let decidesOnLastChange: Bool
    let samplerParameters: BackSwipeSampler.Parameters
    private var sampler: BackSwipeSampler
    private var baseProgress = 0.0
    private var percent = 0.0
    private var lastChangedPercent = 0.0

    init(setup: ControllerSetup, updateCap: Double, decidesOnLastChange: Bool, samplerParameters: BackSwipeSampler.Parameters) {
        self.setup = setup
        self.updateCap = updateCap
        self.decidesOnLastChange = decidesOnLastChange
        self.samplerParameters = samplerParameters
        sampler = BackSwipeSampler(width: setup.extent, parameters: samplerParameters)
    }

    mutating func began(_ reading: GestureReading, base: Double, resumed: Bool, at t: Double) -> InteractionCommand? {
        if resumed { return changed(reading, at: t) }
        baseProgress = base
        sampler = BackSwipeSampler(width: setup.extent, parameters: samplerParameters)
        track(reading, at: t)
        lastChangedPercent = percent
        return .began(t: t)
    }

    mutating func changed(_ reading: GestureReading, at t: Double) -> InteractionCommand? {
        track(reading, at: t)
        lastChangedPercent = percent
        return .changed(t: t, percent: PercentDriven.interactiveProgress(percent, parameters: .init(interactiveCap: updateCap)))
    }

    mutating func ended(_ reading: GestureReading, state: GestureState, duration: Double, at t: Double) -> InteractionCommand? {
        if state != .cancelled { track(reading, at: t) }
        let velocity = setup.velocity(reading)
        let input = DecisionInput(
            progress: decidesOnLastChange ? lastChangedPercent : percent, velocity: velocity,
            extent: setup.extent, sampler: sampler, transitionDuration: duration,
            gestureCancelled: state == .cancelled)
        return .ended(t: t, finish: setup.policy.decide(input), velocity: velocity)
    }

    private mutating func track(_ reading: GestureReading, at t: Double) {
        let travel = setup.isPinch ? 1 - reading.scale : reading.translation.dot(setup.direction)
        percent = min(max(baseProgress + travel / setup.extent, 0), 1)
        sampler.add(position: percent * setup.extent, at: t)
    }
}
