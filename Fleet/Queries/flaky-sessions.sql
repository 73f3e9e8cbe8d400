-- Flaky sessions: sessions whose verdict (status and the candidate's decision) differs between
-- runs of the same engine fingerprint. The same engine on the same input should always give the
-- same verdict; when it does not, the baseline moved between archives or something is not
-- deterministic.
SELECT r.engine_fingerprint,
       min(r.engine_name) AS engine_name,
       v.session_hash,
       min(v.scenario) AS scenario,
       count(*) AS runs,
       count(DISTINCT v.status || '/' || coalesce(v.decision_actual, '-')) AS distinct_verdicts,
       string_agg(DISTINCT v.status || '/' || coalesce(v.decision_actual, '-'), ', '
                  ORDER BY v.status || '/' || coalesce(v.decision_actual, '-')) AS verdicts
FROM fleet_verdicts AS v
JOIN fleet_runs AS r ON r.id = v.run_id
GROUP BY r.engine_fingerprint, v.session_hash
HAVING count(DISTINCT v.status || '/' || coalesce(v.decision_actual, '-')) > 1
ORDER BY r.engine_fingerprint, v.session_hash
