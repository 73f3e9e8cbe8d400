-- Reel archive schema v1. Every table and column is documented in docs/SCHEMA.md.
-- Units: times in seconds since the start of the session, lengths in points, angles in radians.
-- Timestamps of the archive itself (recorded_at, started_at, ...) are ISO-8601 UTC text.

-- An engine that recorded sessions or served as a replay candidate.
CREATE TABLE engines (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    version      TEXT NOT NULL,
    fingerprint  TEXT NOT NULL UNIQUE,
    profile_json TEXT NOT NULL CHECK (json_valid(profile_json))
) STRICT;

-- A scenario as it was when sessions were recorded: its name and full spec.
CREATE TABLE scenarios (
    id        INTEGER PRIMARY KEY,
    name      TEXT NOT NULL,
    spec_json TEXT NOT NULL CHECK (json_valid(spec_json)),
    UNIQUE (name, spec_json)
) STRICT;

-- One recorded gesture session.
CREATE TABLE sessions (
    id            INTEGER PRIMARY KEY,
    scenario_id   INTEGER NOT NULL REFERENCES scenarios(id),
    engine_id     INTEGER NOT NULL REFERENCES engines(id),
    content_hash  TEXT NOT NULL UNIQUE,
    external_id   TEXT,
    device_width  REAL NOT NULL,
    device_height REAL NOT NULL,
    device_scale  REAL NOT NULL,
    size_class    TEXT NOT NULL CHECK (size_class IN ('compact', 'regular')),
    refresh_hz    REAL NOT NULL CHECK (refresh_hz > 0),
    tags          TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags) AND json_type(tags) = 'array'),
    source_file   TEXT,
    source_line   INTEGER,
    recorded_at   TEXT NOT NULL
) STRICT;
CREATE INDEX sessions_by_scenario ON sessions(scenario_id);
CREATE INDEX sessions_by_engine ON sessions(engine_id);
CREATE INDEX sessions_by_external_id ON sessions(external_id) WHERE external_id IS NOT NULL;

-- The raw touch samples of a session, in input order.
CREATE TABLE touches (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    t          REAL NOT NULL,
    finger     INTEGER NOT NULL,
    phase      TEXT NOT NULL CHECK (phase IN ('began', 'moved', 'stationary', 'ended', 'cancelled')),
    x          REAL NOT NULL,
    y          REAL NOT NULL,
    PRIMARY KEY (session_id, seq)
) STRICT, WITHOUT ROWID;

-- One display tick of the recording engine's trace.
CREATE TABLE frames (
    session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    frame_index INTEGER NOT NULL,
    t           REAL NOT NULL,
    progress    REAL NOT NULL,
    PRIMARY KEY (session_id, frame_index)
) STRICT, WITHOUT ROWID;

-- View keys ("A.view", "dimming", ...) interned once; frame_views refers to them by id.
CREATE TABLE view_keys (
    id  INTEGER PRIMARY KEY,
    key TEXT NOT NULL UNIQUE
) STRICT;

-- The presentation state of one view at one frame: the bulk of an archive.
CREATE TABLE frame_views (
    session_id  INTEGER NOT NULL,
    frame_index INTEGER NOT NULL,
    view_id     INTEGER NOT NULL REFERENCES view_keys(id),
    z           INTEGER NOT NULL,
    x           REAL NOT NULL,
    y           REAL NOT NULL,
    w           REAL NOT NULL,
    h           REAL NOT NULL,
    alpha       REAL NOT NULL,
    a           REAL NOT NULL,
    b           REAL NOT NULL,
    c           REAL NOT NULL,
    d           REAL NOT NULL,
    tx          REAL NOT NULL,
    ty          REAL NOT NULL,
    rotation_x  REAL NOT NULL,
    rotation_y  REAL NOT NULL,
    m34         REAL NOT NULL,
    hidden      INTEGER NOT NULL CHECK (hidden IN (0, 1)),
    PRIMARY KEY (session_id, frame_index, view_id),
    FOREIGN KEY (session_id, frame_index) REFERENCES frames(session_id, frame_index) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Gesture states, lifecycle callbacks and transition calls, in the order they happened.
CREATE TABLE events (
    session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    seq        INTEGER NOT NULL,
    t          REAL NOT NULL,
    kind       TEXT NOT NULL,
    subject    TEXT NOT NULL,
    detail     TEXT NOT NULL,
    PRIMARY KEY (session_id, seq)
) STRICT, WITHOUT ROWID;

-- How the session's transition ended.
CREATE TABLE outcomes (
    session_id     INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    decision       TEXT NOT NULL CHECK (decision IN ('finished', 'cancelled')),
    completed_at   REAL NOT NULL,
    hierarchy_json TEXT NOT NULL CHECK (json_valid(hierarchy_json))
) STRICT;

-- One run of the replayer: archived sessions re-run on a candidate engine.
CREATE TABLE replays (
    id               INTEGER PRIMARY KEY,
    engine_id        INTEGER NOT NULL REFERENCES engines(id),
    candidate        TEXT NOT NULL,
    started_at       TEXT NOT NULL,
    finished_at      TEXT,
    tolerances_json  TEXT NOT NULL CHECK (json_valid(tolerances_json)),
    shard            TEXT,
    status           TEXT NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'finished', 'failed'))
) STRICT;

-- The verdict of one replay on one session.
CREATE TABLE replay_results (
    replay_id             INTEGER NOT NULL REFERENCES replays(id) ON DELETE CASCADE,
    session_id            INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    status                TEXT NOT NULL CHECK (status IN ('matched', 'diverged', 'error')),
    decision_expected     TEXT CHECK (decision_expected IN ('finished', 'cancelled')),
    decision_actual       TEXT CHECK (decision_actual IN ('finished', 'cancelled')),
    first_divergent_frame INTEGER,
    max_error             REAL,
    error_message         TEXT,
    kinds_json            TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(kinds_json) AND json_type(kinds_json) = 'array'),
    PRIMARY KEY (replay_id, session_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX replay_results_by_session ON replay_results(session_id);

-- One difference between the stored trace and the candidate's trace.
CREATE TABLE divergences (
    id          INTEGER PRIMARY KEY,
    replay_id   INTEGER NOT NULL,
    session_id  INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('decision', 'lifecycle', 'frame_count', 'frame', 'timing', 'missing_view', 'extra_view', 'error')),
    frame_index INTEGER,
    view_key    TEXT,
    property    TEXT,
    expected    TEXT,
    actual      TEXT,
    delta       REAL,
    detail      TEXT,
    FOREIGN KEY (replay_id, session_id) REFERENCES replay_results(replay_id, session_id) ON DELETE CASCADE
) STRICT;
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
