-- Reel archive schema v12: the kept traces found by their replay.
--
-- `reel prune` deletes a replay's kept traces (`traces.replay_id`) and then the replay, whose
-- foreign key SQLite checks against every trace that names it. Without an index each of those,
-- and the count and the baseline check before them, read the whole `traces` table once per
-- pruned replay: a million recorded traces read four or five times for each replay removed.
-- The index holds only the traces that name a replay (kept and accepted candidates' traces), so a
-- recorded archive's size does not change, and `replay_id = ?` finds them directly (SQLite uses a
-- partial index for a term that implies its WHERE: a comparison implies IS NOT NULL).

CREATE INDEX traces_by_replay ON traces(replay_id) WHERE replay_id IS NOT NULL;
