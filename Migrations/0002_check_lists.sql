-- Reel archive schema v2: every CHECK that allows more than two values compares with each value
-- in turn (`x = 'a' OR x = 'b' OR x = 'c'`) instead of listing them (`x IN ('a', 'b', 'c')`).
-- The allowed values are the same; no row changes.
--
-- Why: SQLite evaluates `x IN (...)` with three or more constants by first building a temporary
-- b-tree of the list, once per run of the statement, and an INSERT statement runs once per row.
-- For touches (five phases), replay_results (three statuses) and divergences (eight kinds) that
-- was most of the cost of each insert: a replay spent about 49,000 instructions per verdict row.
-- Comparisons cost a few instructions.
--
-- The tables are rebuilt the way SQLite documents for constraint changes (create the new table,
-- copy, drop the old one, rename), with foreign key enforcement off during the migration and
-- `PRAGMA foreign_key_check` before it commits (see Migrator). The two views read these tables,
-- so they are dropped first and created again, unchanged, at the end.

DROP VIEW regressions;
DROP VIEW divergence_summary;

CREATE TABLE touches_v2 (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    t          REAL NOT NULL,
    finger     INTEGER NOT NULL,
    phase      TEXT NOT NULL CHECK (
        phase = 'began' OR phase = 'moved' OR phase = 'stationary' OR phase = 'ended' OR phase = 'cancelled'),
    x          REAL NOT NULL,
    y          REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
) STRICT, WITHOUT ROWID;
INSERT INTO touches_v2 (session_id, seq, t, finger, phase, x, y)
SELECT session_id, seq, t, finger, phase, x, y FROM touches;
DROP TABLE touches;
ALTER TABLE touches_v2 RENAME TO touches;

CREATE TABLE replays_v2 (
    id               INTEGER PRIMARY KEY,
    engine_id        INTEGER NOT NULL REFERENCES engines(id),
    candidate        TEXT NOT NULL,
    started_at       TEXT NOT NULL,
    finished_at      TEXT,
    tolerances_json  TEXT NOT NULL CHECK (json_valid(tolerances_json)),
    shard            TEXT,
    status           TEXT NOT NULL DEFAULT 'running' CHECK (
        status = 'running' OR status = 'finished' OR status = 'failed')
) STRICT;
INSERT INTO replays_v2 (id, engine_id, candidate, started_at, finished_at, tolerances_json, shard, status)
SELECT id, engine_id, candidate, started_at, finished_at, tolerances_json, shard, status FROM replays;

CREATE TABLE replay_results_v2 (
    replay_id             INTEGER NOT NULL REFERENCES replays(id) ON DELETE CASCADE,
    session_id            INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    status                TEXT NOT NULL CHECK (status = 'matched' OR status = 'diverged' OR status = 'error'),
    decision_expected     TEXT CHECK (decision_expected IN ('finished', 'cancelled')),
    decision_actual       TEXT CHECK (decision_actual IN ('finished', 'cancelled')),
    first_divergent_frame INTEGER,
    max_error             REAL,
    error_message         TEXT,
    kinds_json            TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(kinds_json) AND json_type(kinds_json) = 'array'),
    PRIMARY KEY (replay_id, session_id)
) STRICT, WITHOUT ROWID;
INSERT INTO replay_results_v2 (
    replay_id, session_id, status, decision_expected, decision_actual, first_divergent_frame, max_error,
    error_message, kinds_json)
SELECT replay_id, session_id, status, decision_expected, decision_actual, first_divergent_frame, max_error,
    error_message, kinds_json
FROM replay_results;

CREATE TABLE divergences_v2 (
    id          INTEGER PRIMARY KEY,
    replay_id   INTEGER NOT NULL,
    session_id  INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (
        kind = 'decision' OR kind = 'lifecycle' OR kind = 'frame_count' OR kind = 'frame' OR kind = 'timing'
        OR kind = 'missing_view' OR kind = 'extra_view' OR kind = 'error'),
    frame_index INTEGER,
    view_key    TEXT,
    property    TEXT,
    expected    TEXT,
    actual      TEXT,
    delta       REAL,
    detail      TEXT,
    FOREIGN KEY (replay_id, session_id) REFERENCES replay_results(replay_id, session_id) ON DELETE CASCADE
) STRICT;
INSERT INTO divergences_v2 (
    id, replay_id, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail)
SELECT id, replay_id, session_id, kind, frame_index, view_key, property, expected, actual, delta, detail
FROM divergences;

-- Children before parents, so no rename meets a reference to a table that is gone.
DROP TABLE divergences;
DROP TABLE replay_results;
DROP TABLE replays;
ALTER TABLE replays_v2 RENAME TO replays;
ALTER TABLE replay_results_v2 RENAME TO replay_results;
ALTER TABLE divergences_v2 RENAME TO divergences;
CREATE INDEX replay_results_by_session ON replay_results(session_id);
CREATE INDEX divergences_by_result ON divergences(replay_id, session_id, kind);

-- Sessions whose completion decision flipped under a replay's candidate engine.
CREATE VIEW regressions AS
SELECT
    r.id                 AS replay_id,
    s.id                 AS session_id,
    sc.name              AS scenario,
    s.external_id        AS external_id,
    rec.name             AS recorded_engine,
    rec.version          AS recorded_engine_version,
    cand.name            AS candidate_engine,
    cand.version         AS candidate_engine_version,
    rr.decision_expected AS decision_expected,
    rr.decision_actual   AS decision_actual
FROM replay_results AS rr
JOIN replays   AS r    ON r.id = rr.replay_id
JOIN sessions  AS s    ON s.id = rr.session_id
JOIN scenarios AS sc   ON sc.id = s.scenario_id
JOIN engines   AS rec  ON rec.id = s.engine_id
JOIN engines   AS cand ON cand.id = r.engine_id
WHERE rr.decision_expected IS NOT NULL
  AND rr.decision_actual IS NOT NULL
  AND rr.decision_expected <> rr.decision_actual;

-- Per replay and divergence kind: how many sessions and how many divergences.
CREATE VIEW divergence_summary AS
SELECT
    replay_id,
    kind,
    COUNT(DISTINCT session_id) AS sessions,
    COUNT(*)                   AS divergences
FROM divergences
GROUP BY replay_id, kind;
