/// How closely a replay's candidate followed a device's recorded traces, per scenario
/// (`Archive.fidelity(replayID:)`, the report's fidelity section).
package struct Fidelity: Sendable, Hashable {
    /// One scenario's sessions and how many of them the candidate decided as the device did, and matched.
    package struct Scenario: Sendable, Hashable {
        package var name: String
        package var sessions: Int
        package var decisionsAgreeing: Int
        package var matched: Int
    }

    /// One view property's frame divergences in a scenario: sessions it diverged in and the largest |delta|.
    package struct FrameError: Sendable, Hashable {
        package var scenario: String
        package var view: String
        package var property: String
        package var sessions: Int
        package var largest: Double
    }

    /// A session that departs from the device: its decisions and its largest frame error.
    package struct Session: Sendable, Hashable {
        package var scenario: String
        package var sessionID: Int64
        package var deviceDecision: String?
        package var candidateDecision: String?
        package var maxError: Double?
    }

    package var scenarios: [Scenario]
    package var frameErrors: [FrameError]
    /// Per scenario, at most `nearestPerScenario` unmatched sessions: those whose decision differs
    /// first, then the largest frame errors.
    package var nearest: [Session]
    package static let nearestPerScenario = 5
}

extension Archive {
    /// The fidelity of replay `replayID` to its baselines, read from its verdicts and divergences.
    ///
    /// ```swift
    /// let fidelity = try archive.fidelity(replayID: 1)
    /// fidelity.scenarios.first?.decisionsAgreeing  // sessions decided as the device decided
    /// ```
    package func fidelity(replayID: Int64) throws -> Fidelity {
        var scenarios: [Fidelity.Scenario] = []
        try database.withCachedStatement(
            """
            SELECT sc.name, COUNT(*), SUM(rr.decision_expected IS rr.decision_actual), SUM(rr.status = 'matched')
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 GROUP BY sc.name ORDER BY sc.name
            """
        ) { statement in
            try statement.bind(replayID, at: 1)
            while try statement.step() {
                scenarios.append(
                    Fidelity.Scenario(
                        name: statement.string(at: 0), sessions: Int(statement.int64(at: 1)),
                        decisionsAgreeing: Int(statement.int64(at: 2)), matched: Int(statement.int64(at: 3))))
            }
        }
        var errors: [Fidelity.FrameError] = []
        try database.withCachedStatement(
            """
            SELECT sc.name, d.view_key, d.property, COUNT(DISTINCT d.session_id), MAX(ABS(d.delta))
            FROM divergences AS d JOIN sessions AS s ON s.id = d.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE d.replay_id = ?1 AND d.kind = 'frame' AND d.delta IS NOT NULL AND d.view_key IS NOT NULL
            GROUP BY sc.name, d.view_key, d.property ORDER BY sc.name, MAX(ABS(d.delta)) DESC, d.view_key, d.property
            """
        ) { statement in
            try statement.bind(replayID, at: 1)
            while try statement.step() {
                errors.append(
                    Fidelity.FrameError(
                        scenario: statement.string(at: 0), view: statement.string(at: 1), property: statement.string(at: 2),
                        sessions: Int(statement.int64(at: 3)), largest: statement.double(at: 4)))
            }
        }
        var nearest: [Fidelity.Session] = []
        try database.withCachedStatement(
            """
            SELECT sc.name, rr.session_id, rr.decision_expected, rr.decision_actual, rr.max_error
            FROM replay_results AS rr JOIN sessions AS s ON s.id = rr.session_id JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE rr.replay_id = ?1 AND rr.status <> 'matched'
            ORDER BY sc.name, rr.decision_expected IS rr.decision_actual, rr.max_error DESC, rr.session_id
            """
        ) { statement in
            try statement.bind(replayID, at: 1)
            while try statement.step() {
                let scenario = statement.string(at: 0)
                guard nearest.lazy.filter({ $0.scenario == scenario }).count < Fidelity.nearestPerScenario else { continue }
                nearest.append(
                    Fidelity.Session(
                        scenario: scenario, sessionID: statement.int64(at: 1), deviceDecision: statement.optionalString(at: 2),
                        candidateDecision: statement.optionalString(at: 3), maxError: statement.optionalDouble(at: 4)))
            }
        }
        return Fidelity(scenarios: scenarios, frameErrors: errors, nearest: nearest)
    }
}
