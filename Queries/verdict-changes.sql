-- Sessions whose verdict changed between two replays: new and fixed flips, newly diverged or matched.
--
-- Answers: what a new build changed compared with an earlier one, session by session. A verdict is
-- `matched`, `diverged`, `flipped` (diverged with the completion decision changed) or `error`; a
-- session is listed when its verdicts in the two replays differ, with the change: `new_flip`
-- (flipped in :later, not in :earlier), `fixed_flip` (flipped in :earlier, matched or diverged in :later),
-- `newly_error` (an engine error in :later only), `newly_matched`, `newly_diverged` (matched in :earlier,
-- diverged without a flip in :later) and `no_longer_error` (an error in :earlier, diverged in :later).
-- Sessions only one of the two replays judged are not listed. `reel compare` runs this query.
--
-- Parameters:
--   :earlier  the earlier replay id (default: the replay before :later)
--   :later  the later replay id (default: the latest replay)
WITH second AS (SELECT coalesce(:later, (SELECT max(id) FROM replays)) AS id),
pair AS (
    SELECT coalesce(:earlier, (SELECT max(id) FROM replays WHERE id < second.id)) AS r1, second.id AS r2 FROM second
),
verdicts AS (
    SELECT replay_id, session_id, decision_actual,
           CASE WHEN status = 'diverged' AND decision_expected <> decision_actual THEN 'flipped' ELSE status END AS verdict
    FROM replay_results
    WHERE replay_id IN (SELECT r1 FROM pair UNION ALL SELECT r2 FROM pair)
)
SELECT a.session_id, sc.name AS scenario,
       CASE
           WHEN b.verdict = 'flipped' THEN 'new_flip'
           WHEN b.verdict = 'error' THEN 'newly_error'
           WHEN a.verdict = 'flipped' THEN 'fixed_flip'
           WHEN b.verdict = 'matched' THEN 'newly_matched'
           WHEN a.verdict = 'matched' THEN 'newly_diverged'
           ELSE 'no_longer_error'
       END AS change,
       a.verdict AS r1_verdict, b.verdict AS r2_verdict,
       a.decision_actual AS r1_decision, b.decision_actual AS r2_decision
FROM pair
JOIN verdicts AS a ON a.replay_id = pair.r1
JOIN verdicts AS b ON b.replay_id = pair.r2 AND b.session_id = a.session_id
JOIN sessions AS s ON s.id = a.session_id
JOIN scenarios AS sc ON sc.id = s.scenario_id
WHERE a.verdict <> b.verdict
ORDER BY a.session_id;
