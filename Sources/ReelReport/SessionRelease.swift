import ReelEngine
import ReelStore
import ReelTrace

/// Where one recorded session's gesture let go, read from an archive as the report's decision
/// maps read it (`ReleasePoint`): for summaries that list sessions one by one.
package enum SessionRelease {
    /// The release progress and velocity (points per second along the direction that finishes)
    /// of session `sessionID`, nil when the archive cannot place it: a tap scenario, a gesture that
    /// never drove the transition, or a results archive (session headers only, no touches or events).
    package static func read(sessionID: Int64, in archive: Archive) throws -> (progress: Double, velocity: Double)? {
        let row = try archive.database.withCachedStatement(
            """
            SELECT sc.spec_json,
                   (SELECT e.detail FROM events AS e
                     WHERE e.session_id = s.id AND e.kind = 'transition'
                       AND e.detail LIKE 'updateInteractiveTransition(%' ORDER BY e.seq DESC LIMIT 1)
            FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id WHERE s.id = ?1
            """
        ) { statement -> (spec: String, detail: String?)? in
            try statement.bind(sessionID, at: 1)
            guard try statement.step() else { return nil }
            return (statement.string(at: 0), statement.optionalString(at: 1))
        }
        guard let row, let spec = try? ScenarioSpec.decode(json: row.spec),
            let progress = ReleasePoint.progress(lastUpdateDetail: row.detail),
            let velocity = ReleasePoint.velocity(touches: try touches(sessionID: sessionID, in: archive), trigger: spec.trigger)
        else { return nil }
        return (progress, velocity)
    }

    /// The session's touches in recorded order (touches with an unknown phase left out).
    static func touches(sessionID: Int64, in archive: Archive) throws -> [Touch] {
        try archive.database.withCachedStatement(
            "SELECT t, finger, phase, x, y FROM touches WHERE session_id = ?1 ORDER BY seq"
        ) { statement in
            try statement.bind(sessionID, at: 1)
            var touches: [Touch] = []
            while try statement.step() {
                guard let phase = TouchPhase(rawValue: statement.string(at: 2)) else { continue }
                touches.append(
                    Touch(
                        t: statement.double(at: 0), id: statement.int(at: 1), phase: phase, x: statement.double(at: 3),
                        y: statement.double(at: 4)))
            }
            return touches
        }
    }
}
