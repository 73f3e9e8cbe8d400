-- Reel archive schema v15: twelve view properties of layers, scroll views and visual effects, stored
-- where a view sets them.
--
-- corner_radius, border_width, shadow_opacity, shadow_radius (CALayer's), content_offset_x,
-- content_offset_y (UIScrollView's), effect_fraction (UIVisualEffectView's) and mask_kind, mask_x,
-- mask_y, mask_w, mask_h (the layer's mask: its kind and bounds) are view properties 16 to 27
-- (view_properties). They are
-- extensions: a run's value at its first frame is a trace_view_extensions row only when it is not
-- +0 (a view that never sets one stores nothing for it, so a trace that uses none costs no byte more
-- than in v14), and their changes are view_change_packs rows like any property's. So that the next
-- property is one view_properties row, view_change_packs.property is now only checked to be >= 0
-- (the reader refuses an id this build does not know), not against 0 ... 15: the table is rebuilt
-- with the same rows. The views
-- engine_frame_views and frame_views are recreated with the twelve columns after their v14 ones (same
-- rows, same values for those).

DROP VIEW frame_views;
DROP VIEW engine_frame_views;

INSERT INTO view_properties (id, name) VALUES
    (16, 'corner_radius'), (17, 'border_width'), (18, 'shadow_opacity'), (19, 'shadow_radius'),
    (20, 'content_offset_x'), (21, 'content_offset_y'), (22, 'effect_fraction'),
    (23, 'mask_kind'), (24, 'mask_x'), (25, 'mask_y'), (26, 'mask_w'), (27, 'mask_h');

CREATE TABLE trace_view_extensions (
    trace_id    INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    view_id     INTEGER NOT NULL,
    first_frame INTEGER NOT NULL,
    property    INTEGER NOT NULL CHECK (property >= 16),
    value       REAL NOT NULL,
    PRIMARY KEY (trace_id, view_id, first_frame, property)
) STRICT, WITHOUT ROWID;

CREATE TABLE migration_0015_view_change_packs (
    trace_id     INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    view_id      INTEGER NOT NULL,
    property     INTEGER NOT NULL CHECK (property >= 0),
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
INSERT INTO migration_0015_view_change_packs SELECT * FROM view_change_packs ORDER BY trace_id, view_id, property, first_frame;
DROP TABLE view_change_packs;
ALTER TABLE migration_0015_view_change_packs RENAME TO view_change_packs;

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
            ORDER BY c.first_frame DESC LIMIT 1), v.hidden) AS INTEGER) END AS hidden,
    CASE WHEN v.changing & 65536 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 16), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 16
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 16), 0.0)) END AS corner_radius,
    CASE WHEN v.changing & 131072 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 17), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 17
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 17), 0.0)) END AS border_width,
    CASE WHEN v.changing & 262144 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 18), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 18
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 18), 0.0)) END AS shadow_opacity,
    CASE WHEN v.changing & 524288 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 19), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 19
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 19), 0.0)) END AS shadow_radius,
    CASE WHEN v.changing & 1048576 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 20), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 20
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 20), 0.0)) END AS content_offset_x,
    CASE WHEN v.changing & 2097152 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 21), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 21
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 21), 0.0)) END AS content_offset_y,
    CASE WHEN v.changing & 4194304 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 22), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 22
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 22), 0.0)) END AS effect_fraction,
    CASE WHEN v.changing & 8388608 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 23), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 23
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 23), 0.0)) END AS mask_kind,
    CASE WHEN v.changing & 16777216 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 24), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 24
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 24), 0.0)) END AS mask_x,
    CASE WHEN v.changing & 33554432 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 25), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 25
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 25), 0.0)) END AS mask_y,
    CASE WHEN v.changing & 67108864 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 26), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 26
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 26), 0.0)) END AS mask_w,
    CASE WHEN v.changing & 134217728 = 0 THEN coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 27), 0.0)
        ELSE coalesce((SELECT CASE min(f.frame_index - c.first_frame, c.change_count - 1)
                WHEN 0 THEN c.v0 WHEN 1 THEN c.v1 WHEN 2 THEN c.v2 WHEN 3 THEN c.v3 WHEN 4 THEN c.v4 WHEN 5 THEN c.v5 WHEN 6 THEN c.v6 WHEN 7 THEN c.v7
                WHEN 8 THEN c.v8 WHEN 9 THEN c.v9 WHEN 10 THEN c.v10 WHEN 11 THEN c.v11 WHEN 12 THEN c.v12 WHEN 13 THEN c.v13 WHEN 14 THEN c.v14 WHEN 15 THEN c.v15 END
            FROM view_change_packs AS c
            WHERE c.trace_id = v.trace_id AND c.view_id = v.view_id AND c.property = 27
              AND c.first_frame > v.first_frame AND c.first_frame <= f.frame_index
            ORDER BY c.first_frame DESC LIMIT 1), coalesce((SELECT e.value FROM trace_view_extensions AS e
            WHERE e.trace_id = v.trace_id AND e.view_id = v.view_id AND e.first_frame = v.first_frame AND e.property = 27), 0.0)) END AS mask_h
FROM trace_views AS v
JOIN traces AS tr ON tr.id = v.trace_id
JOIN trace_frames AS f ON f.trace_id = v.trace_id AND f.frame_index BETWEEN v.first_frame AND v.last_frame;

CREATE VIEW frame_views AS
SELECT fv.session_id, fv.frame_index, fv.view_id, fv.z, fv.x, fv.y, fv.w, fv.h, fv.alpha, fv.a, fv.b, fv.c, fv.d,
    fv.tx, fv.ty, fv.rotation_x, fv.rotation_y, fv.m34, fv.hidden, fv.corner_radius, fv.border_width, fv.shadow_opacity, fv.shadow_radius, fv.content_offset_x, fv.content_offset_y, fv.effect_fraction,
    fv.mask_kind, fv.mask_x, fv.mask_y, fv.mask_w, fv.mask_h
FROM baselines AS bl JOIN engine_frame_views AS fv ON fv.session_id = bl.session_id AND fv.trace_id = bl.trace_id;
