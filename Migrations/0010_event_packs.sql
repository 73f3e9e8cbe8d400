-- Reel archive schema v10: a trace's events packed into one row.
--
-- An event row of trace_events cost about 22 bytes (its key, a header, a touch number, a name id,
-- an argument such as a progress '0.0252'): 54 events, a quarter of a nav.interactive-pop session.
-- An event is now two numbers in its trace's `trace_event_packs` row:
--   its detail: an `event_details` row, the event's name and argument interned together (the
--     arguments repeat: a progress has four decimals, a completion is 'true' or 'false');
--   its time: 3 * touch_seq when it happened at a touch's time (as touch_seq was), 3 * tick + 1
--     when its time t is tick / sessions.refresh_hz for an integer tick >= 0 (a frame's time, as
--     every time that is not a touch's is when an engine made it), else 2, t then being in
--     `trace_event_times` (every bit kept).
-- Each number is written in base 95 with the printable ASCII characters (' ' is 0, '~' is 94),
-- the detail in detail_width characters, the time in time_width, event after event in seq order.
-- `event_slots` holds the numbers 0 ... n - 1 for the longest packed trace: the row generator of
-- the view `trace_events`, which gives the v9 table's rows (same columns, same values), so queries
-- and the views built on it read what they read before.
-- The views use only functions SQLite 3.40 marks innocuous (substr, length, unicode, CAST), so they
-- also run with trusted_schema=OFF.

DROP VIEW events;
DROP VIEW engine_events;

CREATE TABLE event_details (
    id       INTEGER PRIMARY KEY,
    name_id  INTEGER NOT NULL REFERENCES event_names(id),
    argument TEXT
) STRICT;
CREATE INDEX event_details_by_name ON event_details(name_id, argument);

CREATE TABLE event_slots (seq INTEGER PRIMARY KEY) STRICT;

CREATE TABLE trace_event_packs (
    trace_id     INTEGER PRIMARY KEY REFERENCES traces(id) ON DELETE CASCADE,
    detail_width INTEGER NOT NULL CHECK (detail_width BETWEEN 1 AND 4),
    time_width   INTEGER NOT NULL CHECK (time_width BETWEEN 1 AND 4),
    events       TEXT NOT NULL CHECK (events NOT GLOB '*[^ -~]*' AND length(events) % (detail_width + time_width) = 0)
) STRICT;

CREATE TABLE trace_event_times (
    trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,
    t        REAL NOT NULL,
    PRIMARY KEY (trace_id, seq)
) STRICT, WITHOUT ROWID;

-- Conversion of the v9 rows. A detail id or time past 95^4 fails the CHECK of the widths: the
-- migration then rolls back and the archive stays at v9.
INSERT INTO event_details (name_id, argument)
SELECT DISTINCT name_id, argument FROM trace_events ORDER BY name_id, argument;

CREATE TABLE migration_0010_codes (
    trace_id INTEGER NOT NULL,
    seq      INTEGER NOT NULL,
    detail   INTEGER NOT NULL,
    time     INTEGER NOT NULL,
    PRIMARY KEY (trace_id, seq)
) STRICT, WITHOUT ROWID;
INSERT INTO migration_0010_codes (trace_id, seq, detail, time)
SELECT e.trace_id, e.seq, d.id,
    CASE WHEN e.touch_seq IS NOT NULL THEN 3 * e.touch_seq
         WHEN e.t >= 0 AND e.t * s.refresh_hz < 27000000 AND CAST(round(e.t * s.refresh_hz) AS INTEGER) / s.refresh_hz = e.t
         THEN 3 * CAST(round(e.t * s.refresh_hz) AS INTEGER) + 1
         ELSE 2 END
FROM trace_events AS e
JOIN event_details AS d ON d.name_id = e.name_id AND d.argument IS e.argument
JOIN traces AS tr ON tr.id = e.trace_id
JOIN sessions AS s ON s.id = tr.session_id
ORDER BY e.trace_id, e.seq;

INSERT INTO trace_event_times (trace_id, seq, t)
SELECT e.trace_id, e.seq, e.t FROM trace_events AS e
JOIN migration_0010_codes AS c ON c.trace_id = e.trace_id AND c.seq = e.seq
WHERE c.time = 2 ORDER BY e.trace_id, e.seq;

CREATE TABLE migration_0010_widths (trace_id INTEGER PRIMARY KEY, detail INTEGER NOT NULL, time INTEGER NOT NULL) STRICT;
INSERT INTO migration_0010_widths (trace_id, detail, time)
SELECT trace_id,
    CASE WHEN max(detail) < 95 THEN 1 WHEN max(detail) < 9025 THEN 2 WHEN max(detail) < 857375 THEN 3
         WHEN max(detail) < 81450625 THEN 4 ELSE 0 END,
    CASE WHEN max(time) < 95 THEN 1 WHEN max(time) < 9025 THEN 2 WHEN max(time) < 857375 THEN 3
         WHEN max(time) < 81450625 THEN 4 ELSE 0 END
FROM migration_0010_codes GROUP BY trace_id ORDER BY trace_id;

-- A number x in w characters: the last w of its four base-95 digits (the groups below are
-- aggregated in seq order, the order of migration_0010_codes' key).
INSERT INTO trace_event_packs (trace_id, detail_width, time_width, events)
SELECT c.trace_id, w.detail, w.time,
    group_concat(
        substr(char(32 + c.detail / 857375 % 95, 32 + c.detail / 9025 % 95, 32 + c.detail / 95 % 95, 32 + c.detail % 95), 5 - w.detail)
        || substr(char(32 + c.time / 857375 % 95, 32 + c.time / 9025 % 95, 32 + c.time / 95 % 95, 32 + c.time % 95), 5 - w.time), '')
FROM migration_0010_codes AS c JOIN migration_0010_widths AS w ON w.trace_id = c.trace_id
GROUP BY c.trace_id ORDER BY c.trace_id;

INSERT INTO event_slots (seq)
WITH RECURSIVE n(seq) AS (
    SELECT 0 WHERE EXISTS (SELECT 1 FROM migration_0010_codes)
    UNION ALL
    SELECT seq + 1 FROM n WHERE seq < (SELECT max(seq) FROM migration_0010_codes))
SELECT seq FROM n;

DROP TABLE migration_0010_widths;
DROP TABLE migration_0010_codes;
DROP TABLE trace_events;

-- The v9 rows. Filter by trace_id: SQLite reads that trace's pack and its slots only. An event's
-- number x of width w at character i (from 1) of the pack is the base-95 value of substr(events, i, w).
CREATE VIEW trace_events AS
SELECT q.trace_id AS trace_id, q.seq AS seq,
    CASE q.time % 3 WHEN 1 THEN (q.time / 3) / (SELECT s.refresh_hz FROM traces AS tr JOIN sessions AS s ON s.id = tr.session_id
                                                 WHERE tr.id = q.trace_id)
        WHEN 2 THEN (SELECT x.t FROM trace_event_times AS x WHERE x.trace_id = q.trace_id AND x.seq = q.seq) END AS t,
    CASE q.time % 3 WHEN 0 THEN q.time / 3 END AS touch_seq,
    d.name_id AS name_id, d.argument AS argument
FROM (
    SELECT p.trace_id AS trace_id, k.seq AS seq,
        CASE p.detail_width
            WHEN 1 THEN unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 1, 1)) - 32
            WHEN 2 THEN (unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 1, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 2, 1)) - 32
            WHEN 3 THEN ((unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 1, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 2, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 3, 1)) - 32
            ELSE (((unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 1, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 2, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 3, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + 4, 1)) - 32 END AS detail,
        CASE p.time_width
            WHEN 1 THEN unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 1, 1)) - 32
            WHEN 2 THEN (unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 1, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 2, 1)) - 32
            WHEN 3 THEN ((unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 1, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 2, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 3, 1)) - 32
            ELSE (((unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 1, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 2, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 3, 1)) - 32) * 95
                + unicode(substr(CAST(p.events AS BLOB), k.seq * (p.detail_width + p.time_width) + p.detail_width + 4, 1)) - 32 END AS time
    FROM trace_event_packs AS p
    JOIN event_slots AS k ON k.seq < length(CAST(p.events AS BLOB)) / (p.detail_width + p.time_width)
) AS q
JOIN event_details AS d ON d.id = q.detail;

-- As in v9 (0006), over the view.
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
