-- Flips per commit: for every commit the fleet published runs of, how many runs, verdicts and
-- decision flips they hold, and how many distinct sessions flipped. Oldest commit first.
SELECT r.commit_sha AS commit,
       count(DISTINCT r.id) AS runs,
       count(v.run_id) AS verdicts,
       count(*) FILTER (WHERE v.flipped) AS flips,
       count(DISTINCT v.session_hash) FILTER (WHERE v.flipped) AS flipped_sessions,
       min(r.started_at) AS first_started_at
FROM fleet_runs AS r
LEFT JOIN fleet_verdicts AS v ON v.run_id = r.id
GROUP BY r.commit_sha
ORDER BY min(r.started_at), r.commit_sha
