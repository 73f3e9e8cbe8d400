import ReelTrace

/// The baseline a replay compared one session against, and the acceptance that has replaced it
/// since, if one has.
///
/// ```swift
/// if let judged = try archive.judgedBaseline(sessionID: 17, replayID: 2), let later = judged.replacement {
///     print("replaced by \(later.acceptedBy) at \(later.replacedAt)")
/// }
/// ```
package struct JudgedBaseline: Sendable, Hashable {
    /// The trace the replay compared against, and its engine.
    package var traceID: Int64
    package var engineID: Int64
    /// The first acceptance after the replay began that replaced that trace; nil when it is still
    /// the session's baseline.
    package var replacement: BaselineReplacement?
}

/// One row of `baseline_history`: who replaced a baseline, when, by which replay, with which trace.
package struct BaselineReplacement: Sendable, Hashable {
    package var acceptedBy: String
    /// ISO-8601 UTC.
    package var replacedAt: String
    /// The replay whose candidate was accepted; nil when none was named.
    package var replayID: Int64?
    /// The trace that became the baseline, and its engine.
    package var traceID: Int64
    package var engineID: Int64
}

extension Archive {
    /// The baseline replay `replayID` compared session `sessionID` against: the trace the first
    /// acceptance after the replay began replaced (an acceptance of this replay or of a later one
    /// always counts as after), else the session's current baseline, with that acceptance. The
    /// rule of the `regressions` view (docs/SCHEMA.md). Nil when the archive holds no trace of the
    /// session (a results archive) or no such replay.
    package func judgedBaseline(sessionID: Int64, replayID: Int64) throws -> JudgedBaseline? {
        let replaced = try database.prepare(
            """
            SELECT h.trace_id, old.engine_id, h.accepted_by, h.replaced_at, h.replay_id, h.replaced_by, new.engine_id
            FROM baseline_history AS h JOIN replays AS r ON r.id = ?2
            JOIN traces AS old ON old.id = h.trace_id JOIN traces AS new ON new.id = h.replaced_by
            WHERE h.session_id = ?1 AND (h.replaced_at > r.started_at OR h.replay_id >= r.id)
            ORDER BY h.id LIMIT 1
            """)
        try replaced.bind(sessionID, at: 1)
        try replaced.bind(replayID, at: 2)
        return try judgedBaseline(sessionID: sessionID, replaced: replaced)
    }

    /// The baseline a replay that began at `startedAt` (ISO-8601 UTC) in another archive (a results
    /// archive of `reel replay --results` or `reel merge`) compared session `sessionID` of this,
    /// its recorded archive, against: the trace the first acceptance after that time replaced,
    /// else the session's current baseline. Nil when this archive holds no trace of the session.
    package func judgedBaseline(sessionID: Int64, replayStartedAt startedAt: String) throws -> JudgedBaseline? {
        let replaced = try database.prepare(
            """
            SELECT h.trace_id, old.engine_id, h.accepted_by, h.replaced_at, h.replay_id, h.replaced_by, new.engine_id
            FROM baseline_history AS h
            JOIN traces AS old ON old.id = h.trace_id JOIN traces AS new ON new.id = h.replaced_by
            WHERE h.session_id = ?1 AND h.replaced_at > ?2
            ORDER BY h.id LIMIT 1
            """)
        try replaced.bind(sessionID, at: 1)
        try replaced.bind(startedAt, at: 2)
        return try judgedBaseline(sessionID: sessionID, replaced: replaced)
    }

    private func judgedBaseline(sessionID: Int64, replaced: Statement) throws -> JudgedBaseline? {
        if try replaced.step() {
            return JudgedBaseline(
                traceID: replaced.int64(at: 0), engineID: replaced.int64(at: 1),
                replacement: BaselineReplacement(
                    acceptedBy: replaced.string(at: 2), replacedAt: replaced.string(at: 3), replayID: replaced.optionalInt64(at: 4),
                    traceID: replaced.int64(at: 5), engineID: replaced.int64(at: 6)))
        }
        let current = try database.prepare(
            "SELECT bl.trace_id, tr.engine_id FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id WHERE bl.session_id = ?1")
        try current.bind(sessionID, at: 1)
        guard try current.step() else { return nil }
        return JudgedBaseline(traceID: current.int64(at: 0), engineID: current.int64(at: 1), replacement: nil)
    }

    /// Session `id` reassembled as `loadSession` does, with trace `traceID` (one of the session's
    /// traces, not necessarily its baseline) in place of the baseline.
    ///
    /// - Throws: `ArchiveError.sessionNotFound` when there is no such session, and an
    ///   `ArchiveError.invalidStoredValue` when the trace is not one of the session's.
    package func loadSession(_ id: Int64, trace traceID: Int64) throws -> RecordedSession {
        guard let session = try loadSessions([id], contents: .all, traces: .trace(traceID)).first else {
            throw ArchiveError.sessionNotFound(id: id)
        }
        return session
    }
}
