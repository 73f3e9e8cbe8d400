-- Reel archive schema v6: a session's touches packed into one row.
--
-- A touch row cost about 49 bytes (its key, a header, three 8-byte REALs): a third of a
-- nav.interactive-pop session. A session whose values are all exact (every t is k / 1000000 and
-- every x and y is k / 1000 for integers k, every finger 0-9: every synthesized session) is stored
-- as one `touch_packs` row of those integers. Any other session (captured touches are arbitrary
-- doubles) keeps one row per touch in `touch_rows`, the v5 `touches` table under a new name, so
-- every value keeps every bit. `touches` becomes a view with the v5 columns and rows; `events` and
-- `engine_events` read a touch's time from whichever form holds it. The views use only functions
-- SQLite 3.40 marks innocuous (json_each, substr, CAST), so they also run with trusted_schema=OFF.

DROP VIEW events;
DROP VIEW engine_events;

CREATE TABLE touch_rows (
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

-- Touch seq of a session, of n = length(phase) touches: x is a JSON array of n integers, x[seq] /
-- 1000.0 points; t and y hold n integers right-aligned with spaces in w = length(t) / n (or
-- length(y) / n) characters each, CAST(substr(t, seq * w + 1, w) AS INTEGER) / 1000000.0 seconds
-- and likewise y / 1000.0 points; substr(finger, seq + 1, 1) and substr(phase, seq + 1, 1) (b
-- began, m moved, s stationary, e ended, c cancelled). One IEEE division each, as the writer's.
CREATE TABLE touch_packs (
    session_id INTEGER PRIMARY KEY REFERENCES sessions(id) ON DELETE CASCADE,
    t          TEXT NOT NULL,
    finger     TEXT NOT NULL CHECK (finger NOT GLOB '*[^0-9]*'),
    phase      TEXT NOT NULL CHECK (phase NOT GLOB '*[^bmsec]*' AND length(phase) = length(finger)),
    x          TEXT NOT NULL,
    y          TEXT NOT NULL
) STRICT;

-- A session packs when every value comes back from its integer (SQLite compares -0.0 equal to 0.0,
-- and stored neither as -0.0). The bounds keep the integers below 2^53.
CREATE TABLE migration_0006_packable AS
SELECT session_id FROM touches GROUP BY session_id
HAVING min(
    abs(t) <= 1e9 AND round(t * 1000000) / 1000000.0 = t
    AND abs(x) <= 1e12 AND round(x * 1000) / 1000.0 = x
    AND abs(y) <= 1e12 AND round(y * 1000) / 1000.0 = y
    AND finger BETWEEN 0 AND 9) = 1;

-- Each packable session's integers, keyed by (session_id, seq): each group below is aggregated in
-- seq order; and the width of each fixed-width column per session.
CREATE TABLE migration_0006_integers (
    session_id INTEGER NOT NULL,
    seq        INTEGER NOT NULL,
    t          INTEGER NOT NULL,
    finger     INTEGER NOT NULL,
    phase      TEXT NOT NULL,
    x          INTEGER NOT NULL,
    y          INTEGER NOT NULL,
    PRIMARY KEY (session_id, seq)
) STRICT, WITHOUT ROWID;
INSERT INTO migration_0006_integers (session_id, seq, t, finger, phase, x, y)
SELECT session_id, seq, CAST(round(t * 1000000) AS INTEGER), finger,
    CASE phase WHEN 'began' THEN 'b' WHEN 'moved' THEN 'm' WHEN 'stationary' THEN 's' WHEN 'ended' THEN 'e' ELSE 'c' END,
    CAST(round(x * 1000) AS INTEGER), CAST(round(y * 1000) AS INTEGER)
FROM touches WHERE session_id IN (SELECT session_id FROM migration_0006_packable) ORDER BY session_id, seq;

CREATE TABLE migration_0006_widths (session_id INTEGER PRIMARY KEY, t INTEGER NOT NULL, y INTEGER NOT NULL) STRICT;
INSERT INTO migration_0006_widths (session_id, t, y)
SELECT session_id, max(length(t)), max(length(y)) FROM migration_0006_integers GROUP BY session_id ORDER BY session_id;

INSERT INTO touch_packs (session_id, t, finger, phase, x, y)
SELECT i.session_id,
    group_concat(printf('%*d', w.t, i.t), ''), group_concat(i.finger, ''), group_concat(i.phase, ''),
    json_group_array(i.x), group_concat(printf('%*d', w.y, i.y), '')
FROM migration_0006_integers AS i JOIN migration_0006_widths AS w ON w.session_id = i.session_id
GROUP BY i.session_id ORDER BY i.session_id;

INSERT INTO touch_rows (session_id, seq, t, finger, phase, x, y)
SELECT session_id, seq, t, finger, phase, x, y FROM touches
WHERE session_id NOT IN (SELECT session_id FROM migration_0006_packable)
ORDER BY session_id, seq;

DROP TABLE migration_0006_widths;
DROP TABLE migration_0006_integers;
DROP TABLE migration_0006_packable;
DROP TABLE touches;

-- The v5 rows of both forms. Filter by session_id: SQLite pushes it into both halves. The packed
-- texts are read as BLOBs (CAST ... AS BLOB): substr and length of a BLOB count bytes from its
-- start in one step, where those of a TEXT walk its characters (3.5x slower for a full scan).
CREATE VIEW touches AS
SELECT session_id, seq, t, finger, phase, x, y FROM touch_rows
UNION ALL
SELECT p.session_id AS session_id, xj.key AS seq,
    CAST(substr(CAST(p.t AS BLOB), xj.key * (length(CAST(p.t AS BLOB)) / length(CAST(p.phase AS BLOB))) + 1,
        length(CAST(p.t AS BLOB)) / length(CAST(p.phase AS BLOB))) AS INTEGER) / 1000000.0 AS t,
    CAST(substr(CAST(p.finger AS BLOB), xj.key + 1, 1) AS INTEGER) AS finger,
    CASE CAST(substr(CAST(p.phase AS BLOB), xj.key + 1, 1) AS TEXT) WHEN 'b' THEN 'began' WHEN 'm' THEN 'moved'
        WHEN 's' THEN 'stationary' WHEN 'e' THEN 'ended' WHEN 'c' THEN 'cancelled' END AS phase,
    xj.value / 1000.0 AS x,
    CAST(substr(CAST(p.y AS BLOB), xj.key * (length(CAST(p.y AS BLOB)) / length(CAST(p.phase AS BLOB))) + 1,
        length(CAST(p.y AS BLOB)) / length(CAST(p.phase AS BLOB))) AS INTEGER) / 1000.0 AS y
FROM touch_packs AS p, json_each(p.x) AS xj;

CREATE VIEW engine_events AS
SELECT e.trace_id AS trace_id, tr.session_id AS session_id, tr.engine_id AS engine_id, e.seq AS seq,
    coalesce(e.t,
        (SELECT CAST(substr(CAST(p.t AS BLOB), e.touch_seq * (length(CAST(p.t AS BLOB)) / length(CAST(p.phase AS BLOB))) + 1,
            length(CAST(p.t AS BLOB)) / length(CAST(p.phase AS BLOB))) AS INTEGER) / 1000000.0
         FROM touch_packs AS p WHERE p.session_id = tr.session_id AND e.touch_seq < length(CAST(p.phase AS BLOB))),
        (SELECT tt.t FROM touch_rows AS tt WHERE tt.session_id = tr.session_id AND tt.seq = e.touch_seq)) AS t,
    n.kind AS kind, n.subject AS subject, n.detail_head || coalesce(e.argument, '') || n.detail_tail AS detail
FROM trace_events AS e
JOIN traces AS tr ON tr.id = e.trace_id
JOIN event_names AS n ON n.id = e.name_id;

CREATE VIEW events AS
SELECT e.session_id, e.seq, e.t, e.kind, e.subject, e.detail
FROM baselines AS bl JOIN engine_events AS e ON e.session_id = bl.session_id AND e.trace_id = bl.trace_id;
