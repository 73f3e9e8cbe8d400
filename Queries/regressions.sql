-- Sessions whose completion decision flipped under a replay's candidate, latest replay first.
--
-- Answers: which recorded sessions now end differently (finished <-> cancelled) when re-run on
-- the candidate engine, with the scenario and both engines: the baseline's (the recording engine,
-- or the engine accepted with `reel accept` before the replay) and the candidate's. Built on the
-- `regressions` view.
--
-- Parameters:
--   :replay  only this replay id (default: every replay)
SELECT replay_id, session_id, scenario, external_id, decision_expected, decision_actual,
       recorded_engine AS baseline_engine, recorded_engine_version AS baseline_engine_version,
       candidate_engine, candidate_engine_version
FROM regressions
WHERE :replay IS NULL OR replay_id = :replay
ORDER BY replay_id DESC, session_id;
