-- Frame divergences per replay, view and property, with the largest difference.
--
-- Answers: which views and which of their properties (x, alpha, a, rotation_y, ...) move
-- differently under the candidate, in how many sessions, and by how much at worst (max_delta is
-- the largest |actual - expected| at each session's first divergent frame, in the property's unit:
-- points, 0..1 for alpha, radians). A session counts once per (view, property).
--
-- Parameters:
--   :replay  only this replay id (default: every replay)
SELECT replay_id, view_key, property, count(*) AS sessions, max(abs(delta)) AS max_delta
FROM divergences
WHERE kind = 'frame' AND (:replay IS NULL OR replay_id = :replay)
GROUP BY replay_id, view_key, property
ORDER BY replay_id DESC, sessions DESC, view_key, property;
