-- Trend per scenario: every published run's verdicts on each scenario, in start order, with the
-- largest numeric difference found (double precision, as the archive stores it).
SELECT v.scenario,
       r.id AS run_id,
       r.started_at,
       r.commit_sha AS commit,
       r.engine_name,
       r.engine_version,
       count(*) AS sessions,
       count(*) FILTER (WHERE v.status = 'matched') AS matched,
       count(*) FILTER (WHERE v.status = 'diverged') AS diverged,
       count(*) FILTER (WHERE v.status = 'error') AS errors,
       count(*) FILTER (WHERE v.flipped) AS flips,
       max(v.max_error) AS max_error
FROM fleet_verdicts AS v
JOIN fleet_runs AS r ON r.id = v.run_id
GROUP BY v.scenario, r.id
ORDER BY v.scenario, r.started_at, r.id
