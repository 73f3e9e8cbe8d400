import ReelTrace

/// The engine's benchmark (`reel bench`): the caller supplies the clock, so the engine stays free
/// of wall-clock calls.
package enum EngineBenchmark {
    /// One benchmark case: a scenario with its touches.
    package struct Case: Sendable {
        package var label: String
        package var scenario: ScenarioSpec
        package var touches: [Touch]
        /// Profile overrides applied on top of the benchmarked engine's profile.
        package var overrides: [(ParameterName, ParameterValue)] = []

        package init(label: String, scenario: ScenarioSpec, touches: [Touch], overrides: [(ParameterName, ParameterValue)] = []) {
            self.label = label
            self.scenario = scenario
            self.touches = touches
            self.overrides = overrides
        }
    }

    /// A 0.5 s animated transition with 4 views at 60 Hz (a custom presentation over a tab
    /// child: A.view, tab.bar, dimming, B.view; modal.duration set to 0.5 s), an interactive
    /// back-swipe pop from 40 touch samples, a system sheet dragged from its medium to its large
    /// detent by 40 touch samples, then settling on its spring, and an iOS 18 zoom dismissal by a
    /// 40-sample drag.
    package static var cases: [Case] {
        let present = ScenarioSpec(
            name: "bench.animated", summary: "0.5 s custom presentation, 4 views",
            hierarchy: HierarchySpec(container: "tab", controllers: ["A", "C"]),
            action: ActionSpec(kind: .present, target: "B", source: "A", style: "custom"))
        let tap = [Touch(t: 0, id: 0, phase: .began, x: 70, y: 250), Touch(t: 0.05, id: 0, phase: .ended, x: 70, y: 250)]
        var swipe: [Touch] = [Touch(t: 0, id: 0, phase: .began, x: 4, y: 420)]
        for step in 1...38 { swipe.append(Touch(t: Double(step) / 60, id: 0, phase: .moved, x: 4 + 5 * Double(step), y: 420)) }
        swipe.append(Touch(t: 38.0 / 60, id: 0, phase: .ended, x: 4 + 190, y: 420))
        var sheetDrag: [Touch] = [Touch(t: 0, id: 0, phase: .began, x: 200, y: 500)]
        for step in 1...38 { sheetDrag.append(Touch(t: Double(step) / 60, id: 0, phase: .moved, x: 200, y: 500 - 5 * Double(step))) }
        sheetDrag.append(Touch(t: 38.0 / 60, id: 0, phase: .ended, x: 200, y: 500 - 190))
        var zoomDrag: [Touch] = [Touch(t: 0, id: 0, phase: .began, x: 200, y: 300)]
        for step in 1...38 { zoomDrag.append(Touch(t: Double(step) / 60, id: 0, phase: .moved, x: 200, y: 300 + 5 * Double(step))) }
        zoomDrag.append(Touch(t: 38.0 / 60, id: 0, phase: .ended, x: 200, y: 300 + 190))
        return [
            Case(
                label: "animated 0.5 s transition, 4 views, 60 Hz", scenario: present, touches: tap,
                overrides: [(.modalDuration, .number(0.5))]),
            Case(
                label: "interactive pop, 40 touch samples, 60 Hz", scenario: ScenarioCatalog.named("nav.interactive-pop")!, touches: swipe),
            Case(
                label: "sheet detents: medium to large, 40 touch samples and the spring, 60 Hz",
                scenario: ScenarioCatalog.named("sheet.detents")!, touches: sheetDrag),
            Case(
                label: "zoom dismissal by drag, 40 touch samples, 60 Hz", scenario: ScenarioCatalog.named("zoom.dismiss-drag")!,
                touches: zoomDrag),
        ]
    }

    /// Runs `iterations` sessions of each case (the reference cases unless `cases` is given)
    /// and returns (label, seconds per session, frames per session), timing with the caller's
    /// `now` (seconds).
    package static func run(
        _ cases: [Case] = cases, iterations: Int = 2000, engine: Engine = Engine(), now: () -> Double
    ) throws -> [(label: String, secondsPerRun: Double, frames: Int)] {
        try cases.map { item in
            var frames = 0
            let engine = Engine(profile: try engine.profile.overriding(item.overrides))
            _ = try engine.run(scenario: item.scenario, device: .phone, refreshHz: 60, touches: item.touches)
            let start = now()
            for _ in 0..<iterations {
                frames = try engine.run(scenario: item.scenario, device: .phone, refreshHz: 60, touches: item.touches).frames.count
            }
            return (item.label, (now() - start) / Double(max(iterations, 1)), frames)
        }
    }
}
