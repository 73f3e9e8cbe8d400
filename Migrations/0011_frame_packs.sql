-- Reel archive schema v11: a trace's frames packed, up to 16 consecutive frames a row.
--
-- A trace_frames row (one frame: its progress, its time when it is not the frame clock's tick)
-- cost about 20 bytes and one INSERT: 36 a nav.interactive-pop session, more than half of the
-- statements the recorder runs. The frames of a trace are now stored as trace_frame_packs rows:
-- the first frame, how many consecutive frames (1 ... 16), the progress of each as REAL columns
-- p0 ... p15 (p_i the progress of frame first_frame + i) and its time as t0 ... t15, NULL where
-- the v10 row's t was NULL (the time is the clock's tick) and past frame_count. Every value stays
-- a plain REAL and keeps every bit. A gap in a trace's frame indexes (none in a recorded trace)
-- starts a new pack. The view trace_frames gives the v10 table's rows (same columns, same values,
-- same types), so engine_frames, engine_frame_views and every query that read the table read the
-- same rows; it uses no function, so it runs with trusted_schema=OFF.

CREATE TABLE trace_frame_packs (
    trace_id    INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    first_frame INTEGER NOT NULL,
    frame_count INTEGER NOT NULL CHECK (frame_count BETWEEN 1 AND 16),
    p0  REAL NOT NULL,
    p1  REAL,
    p2  REAL,
    p3  REAL,
    p4  REAL,
    p5  REAL,
    p6  REAL,
    p7  REAL,
    p8  REAL,
    p9  REAL,
    p10 REAL,
    p11 REAL,
    p12 REAL,
    p13 REAL,
    p14 REAL,
    p15 REAL,
    t0  REAL,
    t1  REAL,
    t2  REAL,
    t3  REAL,
    t4  REAL,
    t5  REAL,
    t6  REAL,
    t7  REAL,
    t8  REAL,
    t9  REAL,
    t10 REAL,
    t11 REAL,
    t12 REAL,
    t13 REAL,
    t14 REAL,
    t15 REAL,
    PRIMARY KEY (trace_id, first_frame)
) STRICT, WITHOUT ROWID;

-- Conversion of the v10 rows: frame_index minus its rank within the trace is the same for
-- consecutive frames (an island); an island is cut into packs of 16.
INSERT INTO trace_frame_packs (trace_id, first_frame, frame_count,
    p0, p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15,
    t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, t12, t13, t14, t15)
SELECT trace_id, min(frame_index), count(*),
    max(CASE position % 16 WHEN 0 THEN progress END),
    max(CASE position % 16 WHEN 1 THEN progress END),
    max(CASE position % 16 WHEN 2 THEN progress END),
    max(CASE position % 16 WHEN 3 THEN progress END),
    max(CASE position % 16 WHEN 4 THEN progress END),
    max(CASE position % 16 WHEN 5 THEN progress END),
    max(CASE position % 16 WHEN 6 THEN progress END),
    max(CASE position % 16 WHEN 7 THEN progress END),
    max(CASE position % 16 WHEN 8 THEN progress END),
    max(CASE position % 16 WHEN 9 THEN progress END),
    max(CASE position % 16 WHEN 10 THEN progress END),
    max(CASE position % 16 WHEN 11 THEN progress END),
    max(CASE position % 16 WHEN 12 THEN progress END),
    max(CASE position % 16 WHEN 13 THEN progress END),
    max(CASE position % 16 WHEN 14 THEN progress END),
    max(CASE position % 16 WHEN 15 THEN progress END),
    max(CASE position % 16 WHEN 0 THEN t END),
    max(CASE position % 16 WHEN 1 THEN t END),
    max(CASE position % 16 WHEN 2 THEN t END),
    max(CASE position % 16 WHEN 3 THEN t END),
    max(CASE position % 16 WHEN 4 THEN t END),
    max(CASE position % 16 WHEN 5 THEN t END),
    max(CASE position % 16 WHEN 6 THEN t END),
    max(CASE position % 16 WHEN 7 THEN t END),
    max(CASE position % 16 WHEN 8 THEN t END),
    max(CASE position % 16 WHEN 9 THEN t END),
    max(CASE position % 16 WHEN 10 THEN t END),
    max(CASE position % 16 WHEN 11 THEN t END),
    max(CASE position % 16 WHEN 12 THEN t END),
    max(CASE position % 16 WHEN 13 THEN t END),
    max(CASE position % 16 WHEN 14 THEN t END),
    max(CASE position % 16 WHEN 15 THEN t END)
FROM (
    SELECT trace_id, frame_index, progress, t, island,
        row_number() OVER (PARTITION BY trace_id, island ORDER BY frame_index) - 1 AS position
    FROM (
        SELECT trace_id, frame_index, progress, t,
            frame_index - row_number() OVER (PARTITION BY trace_id ORDER BY frame_index) AS island
        FROM trace_frames
    )
)
GROUP BY trace_id, island, position / 16
ORDER BY trace_id, min(frame_index);

DROP TABLE trace_frames;

-- The v10 rows, in (trace_id, frame_index) order. Filter by trace_id: SQLite reads that trace's packs only.
CREATE VIEW trace_frames AS
SELECT p.trace_id AS trace_id, p.first_frame + k.column1 AS frame_index,
    CASE k.column1 WHEN 0 THEN p.p0 WHEN 1 THEN p.p1 WHEN 2 THEN p.p2 WHEN 3 THEN p.p3 WHEN 4 THEN p.p4 WHEN 5 THEN p.p5 WHEN 6 THEN p.p6 WHEN 7 THEN p.p7 WHEN 8 THEN p.p8 WHEN 9 THEN p.p9 WHEN 10 THEN p.p10 WHEN 11 THEN p.p11 WHEN 12 THEN p.p12 WHEN 13 THEN p.p13 WHEN 14 THEN p.p14 WHEN 15 THEN p.p15 END AS progress,
    CASE k.column1 WHEN 0 THEN p.t0 WHEN 1 THEN p.t1 WHEN 2 THEN p.t2 WHEN 3 THEN p.t3 WHEN 4 THEN p.t4 WHEN 5 THEN p.t5 WHEN 6 THEN p.t6 WHEN 7 THEN p.t7 WHEN 8 THEN p.t8 WHEN 9 THEN p.t9 WHEN 10 THEN p.t10 WHEN 11 THEN p.t11 WHEN 12 THEN p.t12 WHEN 13 THEN p.t13 WHEN 14 THEN p.t14 WHEN 15 THEN p.t15 END AS t
FROM trace_frame_packs AS p CROSS JOIN (VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9), (10), (11), (12), (13), (14), (15)) AS k
WHERE k.column1 < p.frame_count;
