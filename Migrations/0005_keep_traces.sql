-- Reel archive schema v5: regressions name the baseline a replay compared against.
--
-- Since v4 a session's baseline can be another engine's trace (`reel accept`, and the traces that
-- `reel replay --keep-traces` stores for it to take). The `regressions` view named the engine that
-- recorded the session; it now names the engine of the session's baseline when the replay began:
-- the trace the first later acceptance replaced, or the current baseline when none came later, or
-- (in a results archive, which holds no traces) the recording engine. The columns keep their names
-- and order: `recorded_engine` is the engine of the recorded side of the comparison.

DROP VIEW regressions;

CREATE VIEW regressions AS
SELECT
    r.id                 AS replay_id,
    s.id                 AS session_id,
    sc.name              AS scenario,
    s.external_id        AS external_id,
    rec.name             AS recorded_engine,
    rec.version          AS recorded_engine_version,
    cand.name            AS candidate_engine,
    cand.version         AS candidate_engine_version,
    rr.decision_expected AS decision_expected,
    rr.decision_actual   AS decision_actual
FROM replay_results AS rr
JOIN replays   AS r    ON r.id = rr.replay_id
JOIN sessions  AS s    ON s.id = rr.session_id
JOIN scenarios AS sc   ON sc.id = s.scenario_id
JOIN engines   AS rec  ON rec.id = coalesce(
    (SELECT tr.engine_id FROM baseline_history AS h JOIN traces AS tr ON tr.id = h.trace_id
     WHERE h.session_id = s.id AND h.replaced_at > r.started_at ORDER BY h.id LIMIT 1),
    (SELECT tr.engine_id FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id WHERE bl.session_id = s.id),
    s.engine_id)
JOIN engines   AS cand ON cand.id = r.engine_id
WHERE rr.decision_expected IS NOT NULL
  AND rr.decision_actual IS NOT NULL
  AND rr.decision_expected <> rr.decision_actual;
