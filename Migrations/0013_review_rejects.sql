-- Reel archive schema v13: the sessions a review rejected, remembered.
--
-- `reel review` stores each answer as it is given: an accept changes the session's baseline (with
-- its `baseline_history` row, as `reel accept` does); a reject writes one row here, so the next
-- review of the replay leaves the session out (`reel review --include-rejected` asks again) and
-- `reel info` counts it. A skip writes nothing. One row per replay and session: answering the
-- same session again replaces it, and accepting it later deletes it. A pruned replay takes its
-- rows along (ON DELETE CASCADE). New table only: no existing row changes.

CREATE TABLE review_rejects (
    replay_id   INTEGER NOT NULL REFERENCES replays(id) ON DELETE CASCADE,
    session_id  INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    rejected_by TEXT NOT NULL,
    rejected_at TEXT NOT NULL,
    PRIMARY KEY (replay_id, session_id)
) STRICT, WITHOUT ROWID;
