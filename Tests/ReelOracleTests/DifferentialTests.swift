import Foundation
import ReelEngine
import ReelSynth
import ReelTrace
import Testing

/// The oracle against the built-in engine over synthesized corpora: 3,000 sessions per family at
/// 60 and at 120 Hz; every session must be decided the same way.
@Suite("Decision oracle vs engine")
struct DifferentialTests {
    static let sessionsPerRate = 3_000
    static let seed: UInt64 = 14
    static let rates = [60.0, 120.0]

    /// One session both deciders saw differently.
    struct Disagreement: CustomStringConvertible {
        var rate: Double
        var index: Int
        var session: GestureSession
        var oracle: OracleDecision
        var engine: Bool

        var description: String {
            let progress = oracle.progress.map { String(format: "%.4f", $0) } ?? "-"
            let lines = session.touches.map { "\($0.t) \($0.id) \($0.phase.rawValue) \($0.x) \($0.y)" }.joined(separator: "; ")
            return
                "\(session.scenario) \(Int(rate)) Hz seed \(DifferentialTests.seed) index \(index) [\(session.tags.joined(separator: ","))]: "
                + "oracle \(oracle.finish ? "finish" : "cancel") (p \(progress)), engine \(engine ? "finish" : "cancel")\n    touches: \(lines)"
        }
    }

    @Test(arguments: OracleFamily.allCases)
    func oracleAndEngineAgree(_ family: OracleFamily) async throws {
        let spec = try #require(ScenarioCatalog.named(family.rawValue))
        var disagreements: [Disagreement] = []
        for rate in Self.rates {
            disagreements += try await Self.compare(spec: spec, family: family, rate: rate)
        }
        for rate in Self.rates {
            let found = disagreements.filter { $0.rate == rate }
            let styles = Dictionary(grouping: found) { $0.session.tags.last ?? "" }
                .map { "\($0.key) \($0.value.count)" }.sorted().joined(separator: ", ")
            print("oracle vs engine: \(family.rawValue) at \(Int(rate)) Hz: \(found.count) of \(Self.sessionsPerRate) disagree (\(styles))")
        }
        for disagreement in disagreements.prefix(12) { print(disagreement) }
        #expect(disagreements.count == 0, "\(family.rawValue): \(disagreements.count) disagreements")
    }

    /// The sessions of one rate, compared in parallel chunks; the result is in index order.
    static func compare(spec: ScenarioSpec, family: OracleFamily, rate: Double) async throws -> [Disagreement] {
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: rate, seed: seed)
        let chunks = 8
        return try await withThrowingTaskGroup(of: [Disagreement].self) { group in
            for chunk in 0..<chunks {
                group.addTask {
                    var found: [Disagreement] = []
                    for index in stride(from: chunk, to: sessionsPerRate, by: chunks) {
                        let session = synthesizer.session(index: index)
                        let oracle = Oracle.decide(
                            family, touches: session.touches.map(OracleTouch.init), screen: OracleScreen(session.device))
                        let trace = try Engine().run(
                            scenario: spec, device: session.device, refreshHz: rate,
                            touches: session.touches, outcomeHierarchy: false)
                        if oracle.finish != trace.outcome.completed {
                            found.append(
                                Disagreement(rate: rate, index: index, session: session, oracle: oracle, engine: trace.outcome.completed))
                        }
                    }
                    return found
                }
            }
            var all: [Disagreement] = []
            for try await found in group { all += found }
            return all.sorted { $0.index < $1.index }
        }
    }
}

extension OracleTouch {
    init(_ touch: Touch) {
        let phase: OraclePhase
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

extension OracleScreen {
    init(_ device: Device) { self.init(width: device.width, height: device.height) }
}
