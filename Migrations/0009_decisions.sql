-- Reel archive schema v9: each engine's completion decision of a session, with its inputs and rule.
--
-- decision_rules interns what repeats (the rule's name, its source, the recognizer's final state),
-- so a session's decision row holds only its numbers: one row per session and engine, the numbers
-- the rule was given (progress, velocity, acceleration and horizon where the rule uses them), the
-- value it compared, its thresholds and the result. A row is written when the built-in engine
-- records or replays a session and its interaction controller's rule decided, and when an exec:
-- engine sends outcome.decision (docs/PROTOCOL.md). Sessions stored before this migration have no
-- row (reel show then re-runs the built-in engine to explain them). The view `decisions` names
-- everything.

CREATE TABLE decision_rules (
    id               INTEGER PRIMARY KEY,
    rule             TEXT NOT NULL,
    source           TEXT NOT NULL,
    recognizer_state TEXT NOT NULL,
    UNIQUE (rule, source, recognizer_state)
) STRICT;

CREATE TABLE decision_rows (
    session_id         INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    engine_id          INTEGER NOT NULL REFERENCES engines(id),
    rule_id            INTEGER NOT NULL REFERENCES decision_rules(id),
    finish             INTEGER NOT NULL CHECK (finish = 0 OR finish = 1),
    progress           REAL,
    velocity           REAL,
    acceleration       REAL,
    horizon            REAL,
    value              REAL,
    threshold          REAL,
    velocity_threshold REAL,
    scale              REAL,
    scale_threshold    REAL,
    PRIMARY KEY (session_id, engine_id)
) STRICT, WITHOUT ROWID;

CREATE VIEW decisions AS
SELECT d.session_id, sc.name AS scenario, d.engine_id, e.name AS engine, e.version AS engine_version,
    r.recognizer_state, r.rule, r.source, d.progress, d.velocity, d.acceleration, d.horizon, d.value, d.threshold,
    d.velocity_threshold, d.scale, d.scale_threshold, CASE d.finish WHEN 1 THEN 'finished' ELSE 'cancelled' END AS decision
FROM decision_rows AS d
JOIN decision_rules AS r ON r.id = d.rule_id
JOIN engines AS e ON e.id = d.engine_id
JOIN sessions AS s ON s.id = d.session_id
JOIN scenarios AS sc ON sc.id = s.scenario_id;
