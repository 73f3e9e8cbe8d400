-- Interactive sessions released nearest their scenario's decision threshold.
--
-- Answers: which sessions sit on the edge between finishing and cancelling, so a small change of
-- rule or parameters flips them. release_progress is the last progress the gesture fed the
-- transition (the value of its last updateInteractiveTransition event); threshold is the
-- scenario's progress threshold (trigger.threshold of its spec), or 0.5 for rules without one
-- (the back-swipe also weighs velocity, so treat its rows as approximate). candidate_decision is
-- the decision of the latest replay of the session, when it was replayed.
--
-- Parameters:
--   :scenario  only this scenario name (default: every interactive scenario)
--   :limit     how many rows (default: 20)
WITH releases AS (
    SELECT s.id AS session_id, sc.name AS scenario, o.decision,
           coalesce(json_extract(sc.spec_json, '$.trigger.threshold'), 0.5) AS threshold,
           (SELECT CAST(substr(e.detail, 29, length(e.detail) - 29) AS REAL)
              FROM events AS e
             WHERE e.session_id = s.id AND e.kind = 'transition'
               AND e.detail LIKE 'updateInteractiveTransition(%'
             ORDER BY e.seq DESC LIMIT 1) AS release_progress
    FROM sessions AS s
    JOIN scenarios AS sc ON sc.id = s.scenario_id
    JOIN outcomes AS o ON o.session_id = s.id
    WHERE :scenario IS NULL OR sc.name = :scenario
)
SELECT r.session_id, r.scenario, r.release_progress, r.threshold,
       round(abs(r.release_progress - r.threshold), 4) AS distance, r.decision,
       (SELECT rr.decision_actual FROM replay_results AS rr
         WHERE rr.session_id = r.session_id ORDER BY rr.replay_id DESC LIMIT 1) AS candidate_decision
FROM releases AS r
WHERE r.release_progress IS NOT NULL
ORDER BY abs(r.release_progress - r.threshold), r.session_id
LIMIT coalesce(:limit, 20);
