-- Reel archive schema v4: traces per engine, one baseline per session, frames stored by change.
--
-- A session's touches are recorded once (sessions, touches: unchanged). What an engine made of
-- them is a trace: its frames, frame views, events and outcome, one trace per (session, engine).
-- One trace of each session is its baseline (baselines); replays compare against it, and
-- `reel accept` replaces it, keeping the replaced one and who replaced it when by which replay
-- (baseline_history).
--
-- Frames are stored by what changes (docs/SCHEMA.md has the measurements):
--   trace_frames   one row per frame: progress, and the time only when it is not the frame
--                  clock's tick (traces.first_tick + frame_index) / sessions.refresh_hz;
--   trace_views    one row per (trace, view, run of consecutive frames the view is in): every
--                  property's value at the run's first frame, and a bit per property that changes;
--   view_changes   one row per (trace, view, property, frame) where the property's value differs
--                  from the frame before in the same run.
--   trace_events   events with their kind, subject and the fixed part of their detail interned
--                  in event_names (a detail "name(argument)" keeps only the argument), and their
--                  time as the touch they answer (touch_seq) when it is a touch's time.
-- Every value stays a plain SQLite value: the views below expand the layout back into the v3
-- tables' rows (frames, frame_views, events, outcomes: the baselines), or into every trace's rows
-- (engine_frames, engine_frame_views, engine_events, engine_outcomes).
--
-- The v3 rows convert value for value: the recorded trace of session N becomes trace N, its
-- baseline. Foreign keys are off while a migration runs, and checked before it commits (Migrator).

CREATE TABLE traces (
    id             INTEGER PRIMARY KEY,
    session_id     INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    engine_id      INTEGER NOT NULL REFERENCES engines(id),
    replay_id      INTEGER REFERENCES replays(id),
    frame_count    INTEGER NOT NULL CHECK (frame_count >= 0),
    first_tick     INTEGER NOT NULL,
    decision       TEXT NOT NULL CHECK (decision = 'finished' OR decision = 'cancelled'),
    completed_at   REAL NOT NULL,
    hierarchy_json TEXT NOT NULL CHECK (json_valid(hierarchy_json)),
    created_at     TEXT NOT NULL,
    UNIQUE (session_id, engine_id)
) STRICT;

CREATE TABLE trace_frames (
    trace_id    INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    frame_index INTEGER NOT NULL,
    progress    REAL NOT NULL,
    t           REAL,
    PRIMARY KEY (trace_id, frame_index)
) STRICT, WITHOUT ROWID;

-- The properties of a view state, in the order of ReelTrace.ViewProperty; view_changes names them by id.
CREATE TABLE view_properties (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
) STRICT;
INSERT INTO view_properties (id, name) VALUES
    (0, 'x'), (1, 'y'), (2, 'w'), (3, 'h'), (4, 'alpha'), (5, 'a'), (6, 'b'), (7, 'c'), (8, 'd'),
    (9, 'tx'), (10, 'ty'), (11, 'rotation_x'), (12, 'rotation_y'), (13, 'm34'), (14, 'z'), (15, 'hidden');

CREATE TABLE trace_views (
    trace_id    INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    view_id     INTEGER NOT NULL REFERENCES view_keys(id),
    first_frame INTEGER NOT NULL,
    last_frame  INTEGER NOT NULL,
    changing    INTEGER NOT NULL,
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
    z           INTEGER NOT NULL,
    hidden      INTEGER NOT NULL CHECK (hidden = 0 OR hidden = 1),
    PRIMARY KEY (trace_id, view_id, first_frame)
) STRICT, WITHOUT ROWID;

CREATE TABLE view_changes (
    trace_id    INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    view_id     INTEGER NOT NULL,
    property    INTEGER NOT NULL,
    frame_index INTEGER NOT NULL,
    value       REAL NOT NULL,
    PRIMARY KEY (trace_id, view_id, property, frame_index)
) STRICT, WITHOUT ROWID;

CREATE TABLE event_names (
    id          INTEGER PRIMARY KEY,
    kind        TEXT NOT NULL,
    subject     TEXT NOT NULL,
    detail_head TEXT NOT NULL,
    detail_tail TEXT NOT NULL,
    UNIQUE (kind, subject, detail_head, detail_tail)
) STRICT;

CREATE TABLE trace_events (
    trace_id  INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    seq       INTEGER NOT NULL,
    t         REAL,
    touch_seq INTEGER,
    name_id   INTEGER NOT NULL REFERENCES event_names(id),
    argument  TEXT,
    PRIMARY KEY (trace_id, seq),
    CHECK ((t IS NULL) <> (touch_seq IS NULL))
) STRICT, WITHOUT ROWID;

CREATE TABLE baselines (
    session_id INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    trace_id   INTEGER NOT NULL REFERENCES traces(id),
    since      TEXT NOT NULL
) STRICT;

CREATE TABLE baseline_history (
    id          INTEGER PRIMARY KEY,
    session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    trace_id    INTEGER NOT NULL REFERENCES traces(id),
    replaced_by INTEGER NOT NULL REFERENCES traces(id),
    replay_id   INTEGER REFERENCES replays(id),
    accepted_by TEXT NOT NULL,
    replaced_at TEXT NOT NULL
) STRICT;
CREATE INDEX baseline_history_by_session ON baseline_history(session_id);

-- Conversion of the v3 rows. A session without an outcome fails the NOT NULL of traces.decision,
-- so the migration rolls back rather than dropping that session's frames.
INSERT INTO traces (id, session_id, engine_id, replay_id, frame_count, first_tick, decision, completed_at,
    hierarchy_json, created_at)
SELECT s.id, s.id, s.engine_id, NULL,
    (SELECT count(*) FROM frames AS f WHERE f.session_id = s.id),
    coalesce((SELECT CAST(round(f.t * s.refresh_hz) AS INTEGER) FROM frames AS f
              WHERE f.session_id = s.id ORDER BY f.frame_index LIMIT 1), 0),
    o.decision, o.completed_at, o.hierarchy_json, s.recorded_at
FROM sessions AS s LEFT JOIN outcomes AS o ON o.session_id = s.id
ORDER BY s.id;

INSERT INTO baselines (session_id, trace_id, since) SELECT id, id, recorded_at FROM sessions ORDER BY id;

INSERT INTO trace_frames (trace_id, frame_index, progress, t)
SELECT f.session_id, f.frame_index, f.progress,
    CASE WHEN f.t = (tr.first_tick + f.frame_index) / s.refresh_hz THEN NULL ELSE f.t END
FROM frames AS f JOIN traces AS tr ON tr.id = f.session_id JOIN sessions AS s ON s.id = f.session_id
ORDER BY f.session_id, f.frame_index;

-- Runs: frame_index minus the row's rank within (session, view) is the same for consecutive frames.
INSERT INTO trace_views (trace_id, view_id, first_frame, last_frame, changing,
    x, y, w, h, alpha, a, b, c, d, tx, ty, rotation_x, rotation_y, m34, z, hidden)
SELECT session_id, view_id, first_frame, first_frame + frames - 1, 0,
    x, y, w, h, alpha, a, b, c, d, tx, ty, rotation_x, rotation_y, m34, z, hidden
FROM (
    SELECT session_id, view_id, min(frame_index) AS first_frame, count(*) AS frames,
        x, y, w, h, alpha, a, b, c, d, tx, ty, rotation_x, rotation_y, m34, z, hidden
    FROM (
        SELECT *, frame_index - row_number() OVER (PARTITION BY session_id, view_id ORDER BY frame_index) AS run
        FROM frame_views)
    GROUP BY session_id, view_id, run)
ORDER BY session_id, view_id, first_frame;

-- A change: the value differs from the same view's value at the frame before (same run).
INSERT INTO view_changes (trace_id, view_id, property, frame_index, value)
SELECT session_id, view_id, p.id, frame_index,
    CASE p.id WHEN 0 THEN x WHEN 1 THEN y WHEN 2 THEN w WHEN 3 THEN h WHEN 4 THEN alpha WHEN 5 THEN a
        WHEN 6 THEN b WHEN 7 THEN c WHEN 8 THEN d WHEN 9 THEN tx WHEN 10 THEN ty WHEN 11 THEN rotation_x
        WHEN 12 THEN rotation_y WHEN 13 THEN m34 WHEN 14 THEN z ELSE hidden END
FROM (
    SELECT *,
        lag(frame_index) OVER w AS p_frame, lag(x) OVER w AS p_x, lag(y) OVER w AS p_y, lag(w) OVER w AS p_w,
        lag(h) OVER w AS p_h, lag(alpha) OVER w AS p_alpha, lag(a) OVER w AS p_a, lag(b) OVER w AS p_b,
        lag(c) OVER w AS p_c, lag(d) OVER w AS p_d, lag(tx) OVER w AS p_tx, lag(ty) OVER w AS p_ty,
        lag(rotation_x) OVER w AS p_rotation_x, lag(rotation_y) OVER w AS p_rotation_y, lag(m34) OVER w AS p_m34,
        lag(z) OVER w AS p_z, lag(hidden) OVER w AS p_hidden
    FROM frame_views
    WINDOW w AS (PARTITION BY session_id, view_id ORDER BY frame_index)
) JOIN view_properties AS p
WHERE p_frame = frame_index - 1
  AND CASE p.id WHEN 0 THEN x <> p_x WHEN 1 THEN y <> p_y WHEN 2 THEN w <> p_w WHEN 3 THEN h <> p_h
        WHEN 4 THEN alpha <> p_alpha WHEN 5 THEN a <> p_a WHEN 6 THEN b <> p_b WHEN 7 THEN c <> p_c
        WHEN 8 THEN d <> p_d WHEN 9 THEN tx <> p_tx WHEN 10 THEN ty <> p_ty WHEN 11 THEN rotation_x <> p_rotation_x
        WHEN 12 THEN rotation_y <> p_rotation_y WHEN 13 THEN m34 <> p_m34 WHEN 14 THEN z <> p_z
        ELSE hidden <> p_hidden END
ORDER BY session_id, view_id, p.id, frame_index;

UPDATE trace_views SET changing = coalesce((
    SELECT sum(DISTINCT 1 << c.property) FROM view_changes AS c
    WHERE c.trace_id = trace_views.trace_id AND c.view_id = trace_views.view_id
      AND c.frame_index > trace_views.first_frame AND c.frame_index <= trace_views.last_frame), 0)
WHERE EXISTS (
    SELECT 1 FROM view_changes AS c
    WHERE c.trace_id = trace_views.trace_id AND c.view_id = trace_views.view_id
      AND c.frame_index > trace_views.first_frame AND c.frame_index <= trace_views.last_frame);

-- A detail "head(argument)" (a "(" and a final ")") is split into the interned head "head(" and tail
-- ")" and the argument; any other detail is all head, with a NULL argument and an empty tail.
CREATE TABLE migration_0004_events AS
SELECT session_id, seq, t, kind, subject,
    CASE WHEN instr(detail, '(') > 0 AND substr(detail, -1) = ')' THEN substr(detail, 1, instr(detail, '(')) ELSE detail END AS head,
    CASE WHEN instr(detail, '(') > 0 AND substr(detail, -1) = ')' THEN ')' ELSE '' END AS tail,
    CASE WHEN instr(detail, '(') > 0 AND substr(detail, -1) = ')'
         THEN substr(detail, instr(detail, '(') + 1, length(detail) - instr(detail, '(') - 1) END AS argument
FROM events;

INSERT INTO event_names (kind, subject, detail_head, detail_tail)
SELECT DISTINCT kind, subject, head, tail FROM migration_0004_events ORDER BY kind, subject, head, tail;

CREATE INDEX migration_0004_touch_times ON touches(session_id, t);
INSERT INTO trace_events (trace_id, seq, t, touch_seq, name_id, argument)
SELECT session_id, seq, CASE WHEN touch_seq IS NULL THEN t END, touch_seq, name_id, argument
FROM (
    SELECT e.session_id, e.seq, e.t, n.id AS name_id, e.argument,
        (SELECT min(tt.seq) FROM touches AS tt WHERE tt.session_id = e.session_id AND tt.t = e.t) AS touch_seq
    FROM migration_0004_events AS e
    JOIN event_names AS n ON n.kind = e.kind AND n.subject = e.subject AND n.detail_head = e.head AND n.detail_tail = e.tail)
ORDER BY session_id, seq;
DROP INDEX migration_0004_touch_times;
DROP TABLE migration_0004_events;

DROP TABLE frame_views;
DROP TABLE frames;
DROP TABLE events;
DROP TABLE outcomes;

-- Every trace's rows, in the v3 tables' columns plus trace_id and engine_id.

CREATE VIEW engine_frames AS
SELECT f.trace_id AS trace_id, tr.session_id AS session_id, tr.engine_id AS engine_id, f.frame_index AS frame_index,
    coalesce(f.t, (tr.first_tick + f.frame_index) / s.refresh_hz) AS t, f.progress AS progress
FROM trace_frames AS f
JOIN traces AS tr ON tr.id = f.trace_id
JOIN sessions AS s ON s.id = tr.session_id;

CREATE VIEW engine_frame_views AS
SELECT v.trace_id AS trace_id, tr.session_id AS session_id, tr.engine_id AS engine_id, f.frame_index AS frame_index,
    v.view_id AS view_id,
    CASE WHEN v.changing & 16384 = 0 THEN v.z ELSE CAST(coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 14
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.z) AS INTEGER) END AS z,
    CASE WHEN v.changing & 1 = 0 THEN v.x ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 0
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.x) END AS x,
    CASE WHEN v.changing & 2 = 0 THEN v.y ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 1
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.y) END AS y,
    CASE WHEN v.changing & 4 = 0 THEN v.w ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 2
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.w) END AS w,
    CASE WHEN v.changing & 8 = 0 THEN v.h ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 3
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.h) END AS h,
    CASE WHEN v.changing & 16 = 0 THEN v.alpha ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 4
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.alpha) END AS alpha,
    CASE WHEN v.changing & 32 = 0 THEN v.a ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 5
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.a) END AS a,
    CASE WHEN v.changing & 64 = 0 THEN v.b ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 6
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.b) END AS b,
    CASE WHEN v.changing & 128 = 0 THEN v.c ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 7
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.c) END AS c,
    CASE WHEN v.changing & 256 = 0 THEN v.d ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 8
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.d) END AS d,
    CASE WHEN v.changing & 512 = 0 THEN v.tx ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 9
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.tx) END AS tx,
    CASE WHEN v.changing & 1024 = 0 THEN v.ty ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 10
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.ty) END AS ty,
    CASE WHEN v.changing & 2048 = 0 THEN v.rotation_x ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 11
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.rotation_x) END AS rotation_x,
    CASE WHEN v.changing & 4096 = 0 THEN v.rotation_y ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 12
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.rotation_y) END AS rotation_y,
    CASE WHEN v.changing & 8192 = 0 THEN v.m34 ELSE coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 13
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.m34) END AS m34,
    CASE WHEN v.changing & 32768 = 0 THEN v.hidden ELSE CAST(coalesce((SELECT c.value FROM view_changes AS c
        WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 15
          AND c.frame_index > v.first_frame AND c.frame_index <= f.frame_index
        ORDER BY c.frame_index DESC LIMIT 1), v.hidden) AS INTEGER) END AS hidden
FROM trace_views AS v
JOIN traces AS tr ON tr.id = v.trace_id
JOIN trace_frames AS f ON f.trace_id = v.trace_id AND f.frame_index BETWEEN v.first_frame AND v.last_frame;

CREATE VIEW engine_events AS
SELECT e.trace_id AS trace_id, tr.session_id AS session_id, tr.engine_id AS engine_id, e.seq AS seq,
    coalesce(e.t, (SELECT tt.t FROM touches AS tt WHERE tt.session_id = tr.session_id AND tt.seq = e.touch_seq)) AS t,
    n.kind AS kind, n.subject AS subject, n.detail_head || coalesce(e.argument, '') || n.detail_tail AS detail
FROM trace_events AS e
JOIN traces AS tr ON tr.id = e.trace_id
JOIN event_names AS n ON n.id = e.name_id;

CREATE VIEW engine_outcomes AS
SELECT id AS trace_id, session_id, engine_id, decision, completed_at, hierarchy_json
FROM traces;

-- The baselines' rows under the v3 tables' names and columns. Each joins baselines on the session
-- too, so SQLite finds a trace's baseline row by its key (an index on trace_id would only add bytes).

CREATE VIEW frames AS
SELECT f.session_id, f.frame_index, f.t, f.progress
FROM baselines AS bl JOIN engine_frames AS f ON f.session_id = bl.session_id AND f.trace_id = bl.trace_id;

CREATE VIEW frame_views AS
SELECT fv.session_id, fv.frame_index, fv.view_id, fv.z, fv.x, fv.y, fv.w, fv.h, fv.alpha, fv.a, fv.b, fv.c, fv.d,
    fv.tx, fv.ty, fv.rotation_x, fv.rotation_y, fv.m34, fv.hidden
FROM baselines AS bl JOIN engine_frame_views AS fv ON fv.session_id = bl.session_id AND fv.trace_id = bl.trace_id;

CREATE VIEW events AS
SELECT e.session_id, e.seq, e.t, e.kind, e.subject, e.detail
FROM baselines AS bl JOIN engine_events AS e ON e.session_id = bl.session_id AND e.trace_id = bl.trace_id;

CREATE VIEW outcomes AS
SELECT tr.session_id, tr.decision, tr.completed_at, tr.hierarchy_json
FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id;

-- The outcomes of two engines' traces of the same session: filter by engine_a and engine_b.
CREATE VIEW engine_outcome_pairs AS
SELECT a.session_id AS session_id, a.engine_id AS engine_a, b.engine_id AS engine_b,
    a.decision AS decision_a, b.decision AS decision_b, a.completed_at AS completed_at_a, b.completed_at AS completed_at_b,
    a.decision <> b.decision AS decision_differs
FROM traces AS a JOIN traces AS b ON b.session_id = a.session_id AND b.engine_id <> a.engine_id;

-- Each replaced baseline with the trace that replaced it: engines and outcomes of both.
CREATE VIEW baseline_changes AS
SELECT h.session_id AS session_id, h.replaced_at AS replaced_at, h.accepted_by AS accepted_by, h.replay_id AS replay_id,
    old.id AS previous_trace_id, old.engine_id AS previous_engine_id, old.decision AS previous_decision,
    old.completed_at AS previous_completed_at,
    new.id AS trace_id, new.engine_id AS engine_id, new.decision AS decision, new.completed_at AS completed_at
FROM baseline_history AS h
JOIN traces AS old ON old.id = h.trace_id
JOIN traces AS new ON new.id = h.replaced_by;
