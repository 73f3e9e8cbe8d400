-- Interactive sessions whose stored decision was nearest its rule's threshold.
--
-- Answers: which sessions sit on the edge between finishing and cancelling, so a small change of
-- rule or parameters flips them. Each row is the decision of the session's baseline engine as the
-- archive stores it (the decisions view, schema v9: the numbers the engine's rule was given and
-- compared, as stored doubles): rule names the rule that decided; value is what it compared
-- (the progress, the projected progress, the velocity, the projected translation or position),
-- compared (the sign that holds) with threshold, and margin = value - threshold, in the rule's
-- own units (progress, or points for the sheet and zoom rules). Sessions a gesture cancellation
-- decided (rule gestureCancelled) are left out: no threshold decided them. Each scenario's
-- sessions are ranked by abs(margin) and the scenarios taken in turn, so rules of other units
-- are not compared with each other. candidate_decision is the decision of the latest replay of
-- the session, when it was replayed. Sessions stored before schema v9 have no decision rows.
--
-- Parameters:
--   :scenario  only this scenario name (default: every interactive scenario)
--   :limit     how many rows (default: 20)
WITH baseline_decisions AS (
    SELECT d.session_id, d.scenario, d.rule, d.progress, d.velocity, d.value, d.threshold,
           d.velocity_threshold, d.decision
    FROM baselines AS b
    JOIN traces AS t ON t.id = b.trace_id
    JOIN decisions AS d ON d.session_id = b.session_id AND d.engine_id = t.engine_id
    WHERE d.rule <> 'gestureCancelled' AND d.value IS NOT NULL AND d.threshold IS NOT NULL
      AND (:scenario IS NULL OR d.scenario = :scenario)
),
ranked AS (
    SELECT *, value - threshold AS margin,
           row_number() OVER (PARTITION BY scenario ORDER BY abs(value - threshold), session_id) AS rank
    FROM baseline_decisions
)
SELECT r.session_id, r.scenario, r.rule, r.progress, r.velocity, r.value,
       CASE WHEN r.value > r.threshold THEN '>' WHEN r.value < r.threshold THEN '<' ELSE '=' END AS sign,
       r.threshold, r.margin, r.decision,
       (SELECT rr.decision_actual FROM replay_results AS rr
         WHERE rr.session_id = r.session_id ORDER BY rr.replay_id DESC LIMIT 1) AS candidate_decision
FROM ranked AS r
ORDER BY r.rank, abs(r.margin), r.scenario, r.session_id
LIMIT coalesce(:limit, 20);
