-- The recorded sessions that took longest to complete, with scenario and outcome.
--
-- Answers: where completeTransition came late (long gestures, slow springs, hesitations);
-- completed_at is seconds since the session's first touch.
--
-- Parameters:
--   :scenario  only this scenario name (default: every scenario)
--   :limit     how many rows (default: 20)
SELECT s.id AS session_id, sc.name AS scenario, o.decision, o.completed_at,
       (SELECT count(*) FROM frames AS f WHERE f.session_id = s.id) AS frames
FROM outcomes AS o
JOIN sessions AS s ON s.id = o.session_id
JOIN scenarios AS sc ON sc.id = s.scenario_id
WHERE :scenario IS NULL OR sc.name = :scenario
ORDER BY o.completed_at DESC, s.id
LIMIT coalesce(:limit, 20);
