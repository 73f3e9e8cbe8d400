import ReelEngine
import ReelStore
import ReelTrace

/// One replay thread's own resources: a read-only connection to the recorded archive and an
/// engine instance. Used by one thread at a time.
final class ReplayWorker: @unchecked Sendable {
    // @unchecked: each worker is only ever touched by the one concurrentPerform iteration that owns it.
    private let archive: Archive
    private let engine: TransitionEngine
    private let diff: TraceDiff
    private var specs: [String: ScenarioSpec] = [:]
    /// The spec decoded last, checked before `specs`: consecutive sessions mostly share a scenario,
    /// and a read hands them the same JSON string, so the check costs no hashing of the JSON.
    private var lastSpec: (json: String, spec: ScenarioSpec)?

    init(archivePath: String, engine: TransitionEngine, tolerances: Tolerances) throws {
        archive = try Archive.open(archivePath, mode: .readOnly)
        self.engine = engine
        diff = TraceDiff(tolerances: tolerances)
    }

    var engineIdentity: EngineIdentity { engine.identity }
    var engineIdentityIsKnown: Bool { engine.identityIsKnown }

    /// Reads sessions `ids` (ascending) together and re-runs each on the candidate engine; verdicts
    /// come back in `ids` order. When the sessions cannot be read together, each is read alone, so
    /// only the sessions that cannot be read get an error verdict.
    func replay(_ ids: [Int64]) -> [SessionComparison] {
        if let sessions = try? archive.loadSessions(ids), sessions.map(\.id) == ids {
            return sessions.map(replay)
        }
        return ids.map { id in
            do {
                return replay(try archive.loadSession(id))
            } catch {
                return SessionComparison(
                    status: .error, decisionExpected: false, decisionActual: nil,
                    divergences: [Divergence(kind: .error, detail: "cannot read the session: \(error)")],
                    firstDivergentFrame: nil, maxError: 0)
            }
        }
    }

    /// Re-runs one recorded session on the candidate engine and compares the traces.
    private func replay(_ recorded: RecordedSession) -> SessionComparison {
        let header = recorded.header
        let spec: ScenarioSpec
        do {
            spec = try self.spec(header.scenarioSpecJSON)
        } catch {
            return .failed(expected: recorded.trace, message: "the stored scenario spec no longer decodes: \(error)")
        }
        do {
            let trace = try engine.run(
                scenario: spec, device: header.device, refreshHz: header.refreshHz, touches: recorded.touches)
            return diff.compare(expected: recorded.trace, actual: trace, refreshHz: header.refreshHz)
        } catch {
            return .failed(expected: recorded.trace, message: "\(error)")
        }
    }

    private func spec(_ json: String) throws -> ScenarioSpec {
        if let lastSpec, lastSpec.json == json { return lastSpec.spec }
        let spec = try specs[json] ?? ScenarioSpec.decode(json: json)
        specs[json] = spec
        lastSpec = (json, spec)
        return spec
    }
}
