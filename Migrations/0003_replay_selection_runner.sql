-- Reel archive schema v3: a replay records which sessions it selected and which process writes it,
-- so `reel replay --resume ID` can continue it with the same selection and refuse to become a
-- second writer of a replay whose process still runs.
--
-- selection_json: the --session ids and --scenario name the replay was begun with, as
--   {"sessions": [ids ascending], "scenario": "name"}, each key only when given; {} selects every
--   session. NULL only in replays begun before this migration, whose selection is unknown.
-- runner: the process that last began or resumed the replay, as {"host": ..., "boot_id": ...,
--   "pid": ..., "start_ticks": ...} (hostname, /proc/sys/kernel/random/boot_id, process id, and
--   the process's start time in clock ticks after boot, field 22 of /proc/PID/stat); NULL when
--   unknown (replays begun before this migration, or a system without /proc).
--
-- Both columns are added in place (ALTER TABLE ... ADD COLUMN): no table is rebuilt, existing rows
-- get NULL, and the CHECKs hold no IN list (see 0002).

ALTER TABLE replays ADD COLUMN selection_json TEXT
    CHECK (selection_json IS NULL OR (json_valid(selection_json) AND json_type(selection_json) = 'object'));
ALTER TABLE replays ADD COLUMN runner TEXT
    CHECK (runner IS NULL OR (json_valid(runner) AND json_type(runner) = 'object'));
