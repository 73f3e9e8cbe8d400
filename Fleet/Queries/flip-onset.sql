-- The run where a session started to flip: for every session whose latest run flipped its
-- completion decision, the first run of its current streak of flips (runs of every engine, in
-- start order), with that run's commit. "Which commit broke this session?"
WITH ordered AS (
    SELECT v.session_hash, v.scenario, v.flipped, r.id AS run_id, r.started_at, r.commit_sha,
           lag(v.flipped) OVER (PARTITION BY v.session_hash ORDER BY r.started_at, r.id) AS previous_flipped,
           row_number() OVER (PARTITION BY v.session_hash ORDER BY r.started_at DESC, r.id DESC) AS recency
    FROM fleet_verdicts AS v
    JOIN fleet_runs AS r ON r.id = v.run_id
),
onsets AS (
    SELECT session_hash, run_id, commit_sha, started_at,
           row_number() OVER (PARTITION BY session_hash ORDER BY started_at DESC, run_id DESC) AS latest
    FROM ordered
    WHERE flipped AND previous_flipped IS DISTINCT FROM true
)
SELECT o.session_hash, c.scenario, o.run_id AS onset_run, o.commit_sha AS onset_commit, o.started_at AS onset_started_at
FROM ordered AS c
JOIN onsets AS o ON o.session_hash = c.session_hash AND o.latest = 1
WHERE c.recency = 1 AND c.flipped
ORDER BY o.started_at, o.session_hash
