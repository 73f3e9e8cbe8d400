-- Reel archive schema v14: the seconds the candidate engine took on each session.
--
-- replay_results.engine_seconds: the wall time the candidate engine took to run the session in the
-- replay that judged it (running it, not reading or comparing), in seconds; 0 when it did not run
-- (a session whose engine could not start). JUnit's test case `time` comes from it, so a resumed
-- replay's earlier sessions and the sessions of shards `reel merge` combined keep theirs. NULL for
-- verdicts written before this migration. Added in place: nothing is rebuilt or copied.

ALTER TABLE replay_results ADD COLUMN engine_seconds REAL CHECK (engine_seconds IS NULL OR engine_seconds >= 0);
