import Foundation
import ReelEngine
import ReelTrace
import Testing

/// The oracle against the built-in engine: for every family (scenario and profile) and both rates,
/// 3,000 sessions from the oracle's own generator, compared three ways (no transition, cancelled,
/// finished; the zoom's dismissal); every session must come out the same. The census of sessions
/// near the rule's boundary is printed and must reach 1% of each family and rate.
@Suite("Decision oracle vs engine")
struct DifferentialTests {
    static let sessionsPerRate = 3_000
    static let seed: UInt64 = 31
    static let rates = [60.0, 120.0]
    static let screen = OracleScreen(width: 390, height: 844)

    /// What one family and rate came to.
    struct Census {
        var outcomes: [OracleOutcome: Int] = [:]
        var near = 0
        var aimed = 0
        /// Sessions whose outcome the oracle's own reading of an open point decides (counted, then
        /// compared with the engine's reading).
        var decidedByReading = 0
        /// Zoom: sessions within 10 pt of the unpublished `dismissThreshold` (its value decides them).
        var decidedByThreshold = 0
        /// Interrupted push: sessions whose swipe would start a second transition (a pop of B) in UIKit.
        var secondTransitions = 0
        var disagreements: [String] = []

        mutating func merge(_ other: Census) {
            for (key, value) in other.outcomes { outcomes[key, default: 0] += value }
            near += other.near
            aimed += other.aimed
            decidedByReading += other.decidedByReading
            decidedByThreshold += other.decidedByThreshold
            secondTransitions += other.secondTransitions
            disagreements += other.disagreements
        }
    }

    static func profile(_ family: OracleFamily) -> EngineProfile {
        switch family.profile {
        case .classic: EngineProfile.builtin
        case .ios26: EngineProfile.preset(named: "uikit-ios26")!
        }
    }

    /// The engine's three-way outcome: a transition started (`startInteractiveTransition` or, for a
    /// dismissal started at release, `animateTransition`), and whether it completed.
    static func outcome(_ trace: Trace, family: OracleFamily) -> OracleOutcome {
        if family.restsAtDetents {
            // The detent sheet: no frames before its pan begins; dismissed, or resting where its last frame has it.
            // A scroll pan that only scrolled the content and ended before a frame: the sheet rests at medium.
            guard let last = trace.frames.last else {
                return trace.events.contains { $0.kind == "gesture" && $0.detail == "began" } ? .medium : .none
            }
            if trace.outcome.completed { return .finished }
            let y = last.views.first { $0.key == "B.view" }?.y ?? .nan
            let value = screen.height - 34 - y
            return abs(value - OracleSheetDetents.medium) <= abs(value - OracleSheetDetents.large) ? .medium : .large
        }
        if trace.outcome.completed { return .finished }
        let started = trace.events.contains {
            $0.kind == "transition" && ($0.detail == "startInteractiveTransition" || $0.detail == "animateTransition")
        }
        return started ? .cancelled : .none
    }

    @Test(arguments: OracleFamily.all)
    func oracleAndEngineAgree(_ family: OracleFamily) async throws {
        let spec = try #require(ScenarioCatalog.named(family.scenario))
        for rate in Self.rates {
            let clock = ContinuousClock()
            let started = clock.now
            let census = try await Self.compare(spec: spec, family: family, rate: rate)
            let elapsed = clock.now - started
            let kinds: [OracleOutcome] =
                family.restsAtDetents ? [.none, .finished, .medium, .large] : [.none, .cancelled, .finished]
            let outcomes = kinds.map { "\($0.rawValue) \(census.outcomes[$0, default: 0])" }.joined(separator: ", ")
            var line =
                "oracle vs engine: \(family) at \(Int(rate)) Hz: \(census.disagreements.count) of \(Self.sessionsPerRate) disagree; "
                + "\(outcomes); near the boundary \(census.near) (\(census.aimed) aimed)"
            if family.profile == .ios26 && family.scenario == "nav.content-swipe-pop" {
                line += "; decided by where the content pop's 30 pt come off \(census.decidedByReading)"
            }
            if family.profile == .ios26 && family.scenario == "nav.interrupt-push" {
                line += "; decided by the catch's readings (paced fraction, until the animation's end) \(census.decidedByReading)"
            }
            if family.scenario == "nav.interrupt-push" {
                line += "; swipes beginning after the push (a second transition, not recorded) \(census.secondTransitions)"
            }
            if family.scenario == "sheet.scroll-handoff" {
                line += "; decided by the hand-off's travel-from-start reading instead of the step-by-step one \(census.decidedByReading)"
            }
            if family.scenario.hasPrefix("zoom.") && family.scenario != "zoom.dismiss-pinch" {
                line += "; within 10 pt of the unpublished dismissThreshold \(census.decidedByThreshold)"
            }
            line += String(format: "; %.1f s", Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
            print(line)
            for disagreement in census.disagreements.prefix(8) { print(disagreement) }
            let disagreements = census.disagreements.count
            #expect(disagreements == 0, "\(family) at \(Int(rate)) Hz")
            #expect(census.near * 100 >= Self.sessionsPerRate, "\(family) at \(Int(rate)) Hz: \(census.near) sessions near the boundary")
            if family.hasOneOutcome {
                #expect(census.outcomes[.finished, default: 0] == Self.sessionsPerRate, "\(family): a running push ignores the swipe")
            } else {
                #expect(OracleOutcome.allCases.filter { census.outcomes[$0, default: 0] > 0 }.count >= 2, "\(family): one outcome only")
            }
        }
    }

    /// The sessions of one rate, compared in parallel chunks (deterministic: the census does not
    /// depend on the order chunks finish in, and the listed disagreements are sorted).
    static func compare(spec: ScenarioSpec, family: OracleFamily, rate: Double) async throws -> Census {
        let generator = OracleGenerator(family: family, rate: rate, seed: seed, screen: screen)
        let profile = profile(family)
        let chunks = 8
        return try await withThrowingTaskGroup(of: Census.self) { group in
            for chunk in 0..<chunks {
                group.addTask {
                    var census = Census()
                    let engine = Engine(profile: profile)
                    for index in stride(from: chunk, to: sessionsPerRate, by: chunks) {
                        let session = generator.session(index)
                        let verdict = Oracle.decide(family, touches: session.touches, screen: screen, refreshHz: rate)
                        var expected = verdict.decision
                        if let engineReading = verdict.engineReading, engineReading.outcome != verdict.decision.outcome {
                            census.decidedByReading += 1
                            expected = engineReading
                        }
                        let trace = try engine.run(
                            scenario: spec, device: .phone, refreshHz: rate, touches: session.touches.map(Touch.init),
                            outcomeHierarchy: false)
                        let actual = outcome(trace, family: family)
                        census.outcomes[expected.outcome, default: 0] += 1
                        if verdict.decision.isNearBoundary { census.near += 1 }
                        if session.aimed { census.aimed += 1 }
                        if verdict.secondTransition { census.secondTransitions += 1 }
                        if verdict.decision.unit == .points, let margin = verdict.decision.margin, abs(margin) < 10 {
                            census.decidedByThreshold += 1
                        }
                        if actual != expected.outcome {
                            let lines = session.touches.map { "\($0.t) \($0.id) \($0.phase) \($0.x) \($0.y)" }.joined(separator: "; ")
                            let margin = expected.margin.map { String(format: "%.4f", $0) } ?? "-"
                            census.disagreements.append(
                                "\(family) \(Int(rate)) Hz index \(index) [\(session.ending.rawValue)]: oracle \(expected.outcome.rawValue) "
                                    + "(margin \(margin) \(expected.unit.rawValue)), engine \(actual.rawValue)\n    touches: \(lines)")
                        }
                    }
                    return census
                }
            }
            var all = Census()
            for try await census in group { all.merge(census) }
            all.disagreements.sort()
            return all
        }
    }

    /// iOS 18.2 (`uikit-ios18`) sets no parameter: its families are classic's, profile for profile.
    @Test func uikitIOS18IsTheClassicProfile() throws {
        let ios18 = try #require(EngineProfile.preset(named: "uikit-ios18"))
        #expect(ios18.canonicalJSON == EngineProfile.builtin.canonicalJSON)
    }

    /// The generator is deterministic and its own: the same index gives the same touches.
    @Test func theGeneratorIsDeterministic() {
        let family = OracleFamily(scenario: "nav.interactive-pop", profile: .classic)
        let a = OracleGenerator(family: family, rate: 60, seed: 3, screen: Self.screen)
        let b = OracleGenerator(family: family, rate: 60, seed: 3, screen: Self.screen)
        for index in 0..<20 {
            #expect(a.session(index).touches.map(\.x) == b.session(index).touches.map(\.x))
        }
    }
}

extension Touch {
    init(_ touch: OracleTouch) {
        let phase: TouchPhase
        switch touch.phase {
        case .began: phase = .began
        case .moved: phase = .moved
        case .stationary: phase = .stationary
        case .ended: phase = .ended
        case .cancelled: phase = .cancelled
        }
        self.init(t: touch.t, id: touch.id, phase: phase, x: touch.x, y: touch.y)
    }
}
