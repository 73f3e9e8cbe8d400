import ReelEngine
import ReelSynth

extension BenchRunner {
    /// The engine's reference cases (with their goals) and the mean time per synthesized
    /// session of every scenario family of the catalog (the part of the name before the dot).
    func engineFigures() throws {
        note("engine: reference cases, then \(sizes.familySessions) synthesized sessions per catalog scenario")
        let reference = try EngineBenchmark.run(iterations: sizes.engineIterations, now: threadCPUSeconds)
        let goals: [(id: String, label: String, limit: Double)] = [
            ("engine.animated", "engine: animated transition, 4 views, 0.5 s at 60 Hz", 50),
            ("engine.interactive_pop", "engine: interactive pop, 40 touches", 100),
            ("engine.sheet_detents", "engine: sheet detents, medium to large, 40 touches", 100),
            ("engine.zoom_dismiss", "engine: iOS 18 zoom dismissal by drag, 40 touches", 100),
        ]
        for (goal, result) in zip(goals, reference) {
            add(
                BenchFigure(
                    id: goal.id, label: goal.label + " (\(result.frames) frames)", value: result.secondsPerRun * 1e6,
                    unit: "us/session", goal: .below(goal.limit)))
        }

        var families: [String] = []
        var casesByFamily: [String: [EngineBenchmark.Case]] = [:]
        for (offset, spec) in ScenarioCatalog.all.enumerated() {
            let family = String(spec.name.prefix { $0 != "." })
            if casesByFamily[family] == nil { families.append(family) }
            // The seeds `reel synth --scenario all --seed 1` gives each scenario.
            let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 1 &+ UInt64(offset))
            casesByFamily[family, default: []] += (0..<sizes.familySessions).map { index in
                EngineBenchmark.Case(label: spec.name, scenario: spec, touches: synthesizer.session(index: index).touches)
            }
        }
        for family in families {
            let cases = casesByFamily[family] ?? []
            let results = try EngineBenchmark.run(cases, iterations: sizes.familyIterations, now: threadCPUSeconds)
            let mean = results.reduce(0) { $0 + $1.secondsPerRun } / Double(max(results.count, 1))
            let scenarios = Set(cases.map(\.label)).count
            add(
                BenchFigure(
                    id: "engine.family.\(family)",
                    label: "engine: \(family).* (\(scenarios) scenario\(scenarios == 1 ? "" : "s"), synthesized)",
                    value: mean * 1e6, unit: "us/session"))
        }
        try ios26NavigationFigures()
    }

    /// Issue 20: the iOS 26 navigation scenarios, synthesized as above, under `uikit-ios26` (which
    /// turns their content pop and catch on).
    private func ios26NavigationFigures() throws {
        let ios26 = Engine(profile: EngineProfile.preset(named: "uikit-ios26")!)
        for (offset, spec) in ScenarioCatalog.all.enumerated() where ["nav.content-swipe-pop", "nav.interrupt-push"].contains(spec.name) {
            let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 1 &+ UInt64(offset))
            let cases = (0..<sizes.familySessions).map { index in
                EngineBenchmark.Case(label: spec.name, scenario: spec, touches: synthesizer.session(index: index).touches)
            }
            let results = try EngineBenchmark.run(cases, iterations: sizes.familyIterations, engine: ios26, now: threadCPUSeconds)
            let mean = results.reduce(0) { $0 + $1.secondsPerRun } / Double(max(results.count, 1))
            add(
                BenchFigure(
                    id: "engine.ios26.\(spec.name)", label: "engine: \(spec.name) with uikit-ios26 (synthesized)",
                    value: mean * 1e6, unit: "us/session"))
        }
    }
}
