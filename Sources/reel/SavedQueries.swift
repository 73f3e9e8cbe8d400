/// The documented queries of `reel query --saved NAME` (also in docs/QUERIES.md, for any client).
enum SavedQueries {
    struct Query {
        let name: String
        let summary: String
        let sql: String
    }

    static let all: [Query] = [
        Query(
            name: "regressions", summary: "Sessions whose completion decision flipped, latest replay first",
            sql: "SELECT * FROM regressions ORDER BY replay_id DESC, session_id"),
        Query(
            name: "decision-changes-by-scenario", summary: "Per replay and scenario: sessions replayed and decisions flipped",
            sql: """
                SELECT rr.replay_id, sc.name AS scenario, count(*) AS sessions,
                       sum(rr.decision_expected <> rr.decision_actual) AS flipped,
                       sum(rr.decision_expected = 'finished' AND rr.decision_actual = 'cancelled') AS now_cancelled,
                       sum(rr.decision_expected = 'cancelled' AND rr.decision_actual = 'finished') AS now_finished
                FROM replay_results rr JOIN sessions s ON s.id = rr.session_id JOIN scenarios sc ON sc.id = s.scenario_id
                GROUP BY rr.replay_id, sc.name ORDER BY rr.replay_id DESC, flipped DESC, sc.name
                """),
        Query(
            name: "divergence-by-view", summary: "Frame divergences per replay, view and property, with the largest delta",
            sql: """
                SELECT replay_id, view_key, property, count(*) AS sessions, max(delta) AS max_delta
                FROM divergences WHERE kind = 'frame'
                GROUP BY replay_id, view_key, property ORDER BY replay_id DESC, sessions DESC, view_key, property
                """),
        Query(
            name: "slowest-completions", summary: "The 20 sessions that took longest to complete, with scenario and outcome",
            sql: """
                SELECT s.id AS session_id, sc.name AS scenario, o.decision, o.completed_at
                FROM outcomes o JOIN sessions s ON s.id = o.session_id JOIN scenarios sc ON sc.id = s.scenario_id
                ORDER BY o.completed_at DESC, s.id LIMIT 20
                """),
        Query(
            name: "near-boundary", summary: "Interactive sessions whose last progress before release was nearest 0.5",
            sql: """
                SELECT s.id AS session_id, sc.name AS scenario, o.decision,
                       (SELECT f.progress FROM frames f WHERE f.session_id = s.id AND f.t <= (SELECT max(t) FROM touches t WHERE t.session_id = s.id)
                        ORDER BY f.frame_index DESC LIMIT 1) AS release_progress
                FROM sessions s JOIN scenarios sc ON sc.id = s.scenario_id JOIN outcomes o ON o.session_id = s.id
                WHERE release_progress IS NOT NULL AND release_progress > 0
                ORDER BY abs(release_progress - 0.5), s.id LIMIT 20
                """),
    ]

    static func named(_ name: String) -> Query? { all.first { $0.name == name } }
}
