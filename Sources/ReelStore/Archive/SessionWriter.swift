import ReelTrace

/// The prepared statements of the session insert path, prepared once per archive and reused for
/// every row: no SQL text is built or looked up per row.
final class SessionWriter {
    let session: Statement
    let touch: Statement
    let frame: Statement
    let frameView: Statement
    let event: Statement
    let outcome: Statement

    init(database: Database) throws {
        session = try database.prepare("""
            INSERT INTO sessions (scenario_id, engine_id, content_hash, external_id, device_width, device_height,
                device_scale, size_class, refresh_hz, tags, source_file, source_line, recorded_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            """)
        touch = try database.prepare(
            "INSERT INTO touches (session_id, seq, t, finger, phase, x, y) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        frame = try database.prepare(
            "INSERT INTO frames (session_id, frame_index, t, progress) VALUES (?1, ?2, ?3, ?4)")
        frameView = try database.prepare(Self.frameViewInsertSQL)
        event = try database.prepare(
            "INSERT INTO events (session_id, seq, t, kind, subject, detail) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        outcome = try database.prepare(
            "INSERT INTO outcomes (session_id, decision, completed_at, hierarchy_json) VALUES (?1, ?2, ?3, ?4)")
    }

    /// The frame-view insert; tools/bench-src/insert.c runs the same text.
    static let frameViewInsertSQL = """
        INSERT INTO frame_views (session_id, frame_index, view_id, z, x, y, w, h, alpha, a, b, c, d, tx, ty,
            rotation_x, rotation_y, m34, hidden)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)
        """

    func insertFrameView(sessionID: Int64, frameIndex: Int64, viewID: Int64, view: ViewState) throws {
        let s = frameView
        try s.bind(sessionID, at: 1)
        try s.bind(frameIndex, at: 2)
        try s.bind(viewID, at: 3)
        try s.bind(Int64(view.z), at: 4)
        try s.bind(view.x, at: 5)
        try s.bind(view.y, at: 6)
        try s.bind(view.w, at: 7)
        try s.bind(view.h, at: 8)
        try s.bind(view.alpha, at: 9)
        try s.bind(view.transform.a, at: 10)
        try s.bind(view.transform.b, at: 11)
        try s.bind(view.transform.c, at: 12)
        try s.bind(view.transform.d, at: 13)
        try s.bind(view.transform.tx, at: 14)
        try s.bind(view.transform.ty, at: 15)
        try s.bind(view.rotationX, at: 16)
        try s.bind(view.rotationY, at: 17)
        try s.bind(view.m34, at: 18)
        try s.bind(view.hidden, at: 19)
        try s.run()
    }
}

extension Archive {
    /// Writes `session` as `insert` does unless a session with its content hash is already stored;
    /// returns its new id, or nil for such a duplicate. The check and the insert run in one
    /// savepoint, so inside `write { }` (which holds the write lock) no other connection can store
    /// the same session between them: two recorders of overlapping input both finish.
    public func insertIfNew(_ session: RecordedSession, engineID: Int64) throws -> Int64? {
        try database.savepoint {
            if try sessionID(contentHash: session.header.contentHash) != nil { return nil }
            return try insert(session, engineID: engineID)
        }
    }

    /// Writes `session` (header, touches, frames, frame views, events, outcome) recorded by the
    /// engine `engineID`, and returns its new id. `session.id` is ignored.
    ///
    /// The session is written whole or not at all (a savepoint); call it inside `write { }` to batch
    /// several sessions in one transaction. A session whose content hash is already stored fails with
    /// a UNIQUE constraint error: check `sessionID(contentHash:)` first, or use `insertIfNew`.
    @discardableResult
    public func insert(_ session: RecordedSession, engineID: Int64) throws -> Int64 {
        let writer: SessionWriter
        if let existing = sessionWriter {
            writer = existing
        } else {
            writer = try SessionWriter(database: database)
            sessionWriter = writer
        }
        return try database.savepoint {
            dropCachesAfterRollback()
            let header = session.header
            let scenario = try scenarioID(name: header.scenarioName, specJSON: header.scenarioSpecJSON)

            let s = writer.session
            try s.bind(scenario, at: 1)
            try s.bind(engineID, at: 2)
            try s.bind(header.contentHash, at: 3)
            try s.bind(header.externalID, at: 4)
            try s.bind(header.device.width, at: 5)
            try s.bind(header.device.height, at: 6)
            try s.bind(header.device.scale, at: 7)
            try s.bind(header.device.horizontalSizeClass.rawValue, at: 8)
            try s.bind(header.refreshHz, at: 9)
            try s.bind(JSONText.stringArray(header.tags), at: 10)
            try s.bind(header.sourceFile, at: 11)
            try s.bind(header.sourceLine, at: 12)
            try s.run()
            let sessionID = database.lastInsertRowID

            let t = writer.touch
            for (seq, touch) in session.touches.enumerated() {
                try t.bind(sessionID, at: 1)
                try t.bind(Int64(seq), at: 2)
                try t.bind(touch.t, at: 3)
                try t.bind(Int64(touch.id), at: 4)
                try t.bind(touch.phase.rawValue, at: 5)
                try t.bind(touch.x, at: 6)
                try t.bind(touch.y, at: 7)
                try t.run()
            }

            let f = writer.frame
            for frame in session.trace.frames {
                let frameIndex = Int64(frame.index)
                try f.bind(sessionID, at: 1)
                try f.bind(frameIndex, at: 2)
                try f.bind(frame.t, at: 3)
                try f.bind(frame.progress, at: 4)
                try f.run()
                for view in frame.views {
                    try writer.insertFrameView(
                        sessionID: sessionID, frameIndex: frameIndex, viewID: try viewKeyID(view.key), view: view)
                }
            }

            let e = writer.event
            for (seq, event) in session.trace.events.enumerated() {
                try e.bind(sessionID, at: 1)
                try e.bind(Int64(seq), at: 2)
                try e.bind(event.t, at: 3)
                try e.bind(event.kind, at: 4)
                try e.bind(event.subject, at: 5)
                try e.bind(event.detail, at: 6)
                try e.run()
            }

            let outcome = session.trace.outcome
            let o = writer.outcome
            try o.bind(sessionID, at: 1)
            try o.bind(Decision(completed: outcome.completed).rawValue, at: 2)
            try o.bind(outcome.t, at: 3)
            try o.bind(outcome.hierarchy, at: 4)
            try o.run()
            return sessionID
        }
    }
}
