-- Per replay and scenario: sessions replayed, decisions flipped, and in which direction.
--
-- Answers: which scenarios a candidate engine changes the outcome of, and whether it finishes
-- more gestures (now_finished) or cancels more (now_cancelled). Scenarios with no flip are left
-- out unless :all is given, so a long list of zeros hides nothing.
--
-- Parameters:
--   :replay  only this replay id (default: every replay)
--   :all     1 to list the scenarios without a flip too (default: only those with one)
SELECT rr.replay_id, sc.name AS scenario, count(*) AS sessions,
       sum(rr.decision_expected <> rr.decision_actual) AS flipped,
       sum(rr.decision_expected = 'finished' AND rr.decision_actual = 'cancelled') AS now_cancelled,
       sum(rr.decision_expected = 'cancelled' AND rr.decision_actual = 'finished') AS now_finished
FROM replay_results AS rr
JOIN sessions AS s ON s.id = rr.session_id
JOIN scenarios AS sc ON sc.id = s.scenario_id
WHERE :replay IS NULL OR rr.replay_id = :replay
GROUP BY rr.replay_id, sc.name
HAVING :all IS NOT NULL OR sum(rr.decision_expected <> rr.decision_actual) > 0
ORDER BY rr.replay_id DESC, flipped DESC, sc.name;
