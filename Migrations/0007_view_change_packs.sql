-- Reel archive schema v7: a view property's changes packed, up to 16 consecutive frames a row.
--
-- A view_changes row (one property of one view in one frame) took about 21 bytes for its 8-byte
-- value: its key, a header and a cell each. In a back-swipe the properties that move change in
-- almost every frame (x of both views, the dimming view's alpha: 94% of their frames), so the
-- changes of one property in consecutive frames are stored as one view_change_packs row: the
-- first frame, how many frames, and the values as REAL columns v0 ... v15 (v_i the value at frame
-- first_frame + i; the columns past change_count are NULL). Every value stays a plain REAL, so it
-- keeps every bit (SQLite's JSON would not). An unchanged frame ends a pack, so the changes stored
-- are exactly the v4 view_changes rows. engine_frame_views finds a property's value at frame f as
-- before with one indexed lookup, of the latest pack starting at or before f, and reads column
-- min(f - first_frame, change_count - 1) of it. frame_views is recreated unchanged.

DROP VIEW frame_views;
DROP VIEW engine_frame_views;

CREATE TABLE view_change_packs (
    trace_id     INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    view_id      INTEGER NOT NULL,
    property     INTEGER NOT NULL CHECK (property BETWEEN 0 AND 15),
    first_frame  INTEGER NOT NULL,
    change_count INTEGER NOT NULL CHECK (change_count BETWEEN 1 AND 16),
    v0  REAL NOT NULL,
    v1  REAL,
    v2  REAL,
    v3  REAL,
    v4  REAL,
    v5  REAL,
    v6  REAL,
    v7  REAL,
    v8  REAL,
    v9  REAL,
    v10 REAL,
    v11 REAL,
    v12 REAL,
    v13 REAL,
    v14 REAL,
    v15 REAL,
    PRIMARY KEY (trace_id, view_id, property, first_frame)
) STRICT, WITHOUT ROWID;

-- The changes of each (trace, view, property) in consecutive frames (frame_index - its rank is
-- constant along them), cut into packs of 16, in key order.
INSERT INTO view_change_packs (trace_id, view_id, property, first_frame, change_count,
    v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15)
SELECT trace_id, view_id, property, min(frame_index), count(*),
    max(CASE position % 16 WHEN 0 THEN value END),
    max(CASE position % 16 WHEN 1 THEN value END),
    max(CASE position % 16 WHEN 2 THEN value END),
    max(CASE position % 16 WHEN 3 THEN value END),
    max(CASE position % 16 WHEN 4 THEN value END),
    max(CASE position % 16 WHEN 5 THEN value END),
    max(CASE position % 16 WHEN 6 THEN value END),
    max(CASE position % 16 WHEN 7 THEN value END),
    max(CASE position % 16 WHEN 8 THEN value END),
    max(CASE position % 16 WHEN 9 THEN value END),
    max(CASE position % 16 WHEN 10 THEN value END),
    max(CASE position % 16 WHEN 11 THEN value END),
    max(CASE position % 16 WHEN 12 THEN value END),
    max(CASE position % 16 WHEN 13 THEN value END),
    max(CASE position % 16 WHEN 14 THEN value END),
    max(CASE position % 16 WHEN 15 THEN value END)
FROM (
    SELECT trace_id, view_id, property, frame_index, value, island,
        row_number() OVER (PARTITION BY trace_id, view_id, property, island ORDER BY frame_index) - 1 AS position
    FROM (
        SELECT trace_id, view_id, property, frame_index, value,
            frame_index - row_number() OVER (PARTITION BY trace_id, view_id, property ORDER BY frame_index) AS island
        FROM view_changes
    )
)
GROUP BY trace_id, view_id, property, island, position / 16
ORDER BY trace_id, view_id, property, min(frame_index);

DROP TABLE view_changes;

CREATE VIEW engine_frame_views AS
SELECT v.trace_id AS trace_id, tr.session_id AS session_id, tr.engine_id AS engine_id, f.frame_index AS frame_index,
    v.view_id AS view_id,
    CASE WHEN v.changing & 16384 = 0 THEN v.z ELSE CAST(coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 14
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.z) AS INTEGER) END AS z,
    CASE WHEN v.changing & 1 = 0 THEN v.x ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 0
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.x) END AS x,
    CASE WHEN v.changing & 2 = 0 THEN v.y ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 1
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.y) END AS y,
    CASE WHEN v.changing & 4 = 0 THEN v.w ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 2
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.w) END AS w,
    CASE WHEN v.changing & 8 = 0 THEN v.h ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 3
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.h) END AS h,
    CASE WHEN v.changing & 16 = 0 THEN v.alpha ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 4
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.alpha) END AS alpha,
    CASE WHEN v.changing & 32 = 0 THEN v.a ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 5
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.a) END AS a,
    CASE WHEN v.changing & 64 = 0 THEN v.b ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 6
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.b) END AS b,
    CASE WHEN v.changing & 128 = 0 THEN v.c ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 7
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.c) END AS c,
    CASE WHEN v.changing & 256 = 0 THEN v.d ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 8
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.d) END AS d,
    CASE WHEN v.changing & 512 = 0 THEN v.tx ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 9
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.tx) END AS tx,
    CASE WHEN v.changing & 1024 = 0 THEN v.ty ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 10
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.ty) END AS ty,
    CASE WHEN v.changing & 2048 = 0 THEN v.rotation_x ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 11
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.rotation_x) END AS rotation_x,
    CASE WHEN v.changing & 4096 = 0 THEN v.rotation_y ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 12
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.rotation_y) END AS rotation_y,
    CASE WHEN v.changing & 8192 = 0 THEN v.m34 ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 13
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.m34) END AS m34,
    CASE WHEN v.changing & 32768 = 0 THEN v.hidden ELSE CAST(coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 15
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), v.hidden) AS INTEGER) END AS hidden
FROM trace_views AS v
JOIN traces AS tr ON tr.id = v.trace_id
JOIN trace_frames AS f ON f.trace_id = v.trace_id AND f.frame_index BETWEEN v.first_frame AND v.last_frame;

CREATE VIEW frame_views AS
SELECT fv.session_id, fv.frame_index, fv.view_id, fv.z, fv.x, fv.y, fv.w, fv.h, fv.alpha, fv.a, fv.b, fv.c, fv.d,
    fv.tx, fv.ty, fv.rotation_x, fv.rotation_y, fv.m34, fv.hidden
FROM baselines AS bl JOIN engine_frame_views AS fv ON fv.session_id = bl.session_id AND fv.trace_id = bl.trace_id;
