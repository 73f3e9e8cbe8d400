import ReelTrace

/// One row of `frame_views` with its view key resolved, as `forEachFrameView` streams it.
public struct FrameViewRow: Sendable, Hashable {
    public var sessionID: Int64
    public var frameIndex: Int
    public var view: ViewState
}

extension Archive {
    /// Ids of stored sessions in ascending order: all of them, those of scenario `scenario`, and/or
    /// those among `ids` (ids that are not stored are left out).
    public func sessionIDs(scenario: String? = nil, ids: [Int64]? = nil) throws -> [Int64] {
        let statement = try database.prepare("""
            SELECT s.id FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id
            WHERE ?1 IS NULL OR sc.name = ?1 ORDER BY s.id
            """)
        try statement.bind(scenario, at: 1)
        let wanted = ids.map(Set.init)
        var result: [Int64] = []
        while try statement.step() {
            let id = statement.int64(at: 0)
            if wanted?.contains(id) ?? true { result.append(id) }
        }
        return result
    }

    /// The id of the engine that recorded session `id`.
    public func recordingEngineID(sessionID id: Int64) throws -> Int64 {
        try database.withCachedStatement("SELECT engine_id FROM sessions WHERE id = ?1") { statement in
            try statement.bind(id, at: 1)
            guard try statement.step() else { throw ArchiveError.sessionNotFound(id: id) }
            return statement.int64(at: 0)
        }
    }

    /// Session `id` reassembled: header, touches, and the full trace (frames with their views in
    /// back-to-front order, events, outcome).
    public func loadSession(_ id: Int64) throws -> RecordedSession {
        let header = try loadHeader(id)
        var frames: [Frame] = []
        try forEachFrame(sessionID: id) { _, frame in frames.append(frame) }
        return RecordedSession(
            id: id, header: header, touches: try loadTouches(id),
            trace: Trace(frames: frames, events: try loadEvents(id), outcome: try loadOutcome(id)))
    }

    /// Session `id`'s recorded input, header and touches, without the trace (what `reel export`
    /// writes back).
    public func loadInput(_ id: Int64) throws -> (header: SessionHeader, touches: [Touch]) {
        (header: try loadHeader(id), touches: try loadTouches(id))
    }

    private func loadHeader(_ id: Int64) throws -> SessionHeader {
        let fields = try database.withCachedStatement("""
            SELECT sc.name, sc.spec_json, s.device_width, s.device_height, s.device_scale, s.refresh_hz,
                s.external_id, s.tags, s.source_file, s.source_line, s.content_hash
            FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id WHERE s.id = ?1
            """) { s -> (SessionHeader, String)? in
            try s.bind(id, at: 1)
            guard try s.step() else { return nil }
            let header = SessionHeader(
                scenarioName: s.string(at: 0), scenarioSpecJSON: s.string(at: 1),
                device: Device(width: s.double(at: 2), height: s.double(at: 3), scale: s.double(at: 4)),
                refreshHz: s.double(at: 5), externalID: s.optionalString(at: 6), tags: [],
                sourceFile: s.optionalString(at: 8), sourceLine: s.optionalInt(at: 9), contentHash: s.string(at: 10))
            return (header, s.string(at: 7))
        }
        guard let fields else { throw ArchiveError.sessionNotFound(id: id) }
        var header = fields.0
        header.tags = try jsonStrings(fields.1)
        return header
    }

    private func loadTouches(_ id: Int64) throws -> [Touch] {
        try database.withCachedStatement(
            "SELECT t, finger, phase, x, y FROM touches WHERE session_id = ?1 ORDER BY seq"
        ) { s in
            try s.bind(id, at: 1)
            var touches: [Touch] = []
            while try s.step() {
                touches.append(Touch(
                    t: s.double(at: 0), id: s.int(at: 1),
                    phase: try decode(TouchPhase.self, s.string(at: 2), "touches", "phase"),
                    x: s.double(at: 3), y: s.double(at: 4)))
            }
            return touches
        }
    }

    private func loadEvents(_ id: Int64) throws -> [TraceEvent] {
        try database.withCachedStatement(
            "SELECT t, kind, subject, detail FROM events WHERE session_id = ?1 ORDER BY seq"
        ) { s in
            try s.bind(id, at: 1)
            var events: [TraceEvent] = []
            while try s.step() {
                events.append(TraceEvent(t: s.double(at: 0), kind: s.string(at: 1), subject: s.string(at: 2), detail: s.string(at: 3)))
            }
            return events
        }
    }

    private func loadOutcome(_ id: Int64) throws -> Outcome {
        try database.withCachedStatement(
            "SELECT decision, completed_at, hierarchy_json FROM outcomes WHERE session_id = ?1"
        ) { s in
            try s.bind(id, at: 1)
            guard try s.step() else {
                throw ArchiveError.invalidStoredValue(table: "outcomes", column: "session_id", value: "\(id) (missing)")
            }
            let decision = try decode(Decision.self, s.string(at: 0), "outcomes", "decision")
            return Outcome(completed: decision.completed, t: s.double(at: 1), hierarchy: s.string(at: 2))
        }
    }

    /// Streams frames in (session, frame index) order, each with its views back to front (by z, then
    /// view key id): of one session, or of the whole archive when `sessionID` is nil. Only one frame
    /// is in memory at a time.
    public func forEachFrame(sessionID: Int64?, _ body: (_ sessionID: Int64, _ frame: Frame) throws -> Void) throws {
        let framesSQL = "SELECT session_id, frame_index, t, progress FROM frames \(sessionFilter(sessionID)) ORDER BY session_id, frame_index"
        try database.withCachedStatement(framesSQL) { frames in
            if let sessionID { try frames.bind(sessionID, at: 1) }
            try withFrameViewCursor(sessionID: sessionID) { views in
                var hasView = try views.step()
                while try frames.step() {
                    let session = frames.int64(at: 0)
                    let index = frames.int64(at: 1)
                    var frame = Frame(index: Int(index), t: frames.double(at: 2), progress: frames.double(at: 3), views: [])
                    // Views of frames that precede this one cannot exist (foreign key), so only skip-free matching is needed.
                    while hasView, views.int64(at: 0) == session, views.int64(at: 1) == index {
                        frame.views.append(try viewState(views))
                        hasView = try views.step()
                    }
                    try body(session, frame)
                }
            }
        }
    }

    /// Streams every frame-view row (of one session, or of the whole archive when `sessionID` is
    /// nil) in (session, frame, z) order, one row at a time.
    public func forEachFrameView(sessionID: Int64?, _ body: (FrameViewRow) throws -> Void) throws {
        try withFrameViewCursor(sessionID: sessionID) { views in
            while try views.step() {
                try body(FrameViewRow(sessionID: views.int64(at: 0), frameIndex: views.int(at: 1), view: try viewState(views)))
            }
        }
    }

    /// Lends the (cached) frame-view cursor of one session, or of the whole archive, to `body`.
    private func withFrameViewCursor(sessionID: Int64?, _ body: (Statement) throws -> Void) throws {
        let sql = """
            SELECT session_id, frame_index, view_id, z, x, y, w, h, alpha, a, b, c, d, tx, ty,
                rotation_x, rotation_y, m34, hidden
            FROM frame_views \(sessionFilter(sessionID))
            ORDER BY session_id, frame_index, z, view_id
            """
        try database.withCachedStatement(sql) { statement in
            if let sessionID { try statement.bind(sessionID, at: 1) }
            try body(statement)
        }
    }

    /// A WHERE clause on ?1 for one session, or none for the whole archive (two texts rather than
    /// `?1 IS NULL OR ...`, which would keep SQLite from using the primary key).
    private func sessionFilter(_ sessionID: Int64?) -> String {
        sessionID == nil ? "" : "WHERE session_id = ?1"
    }

    private func viewState(_ s: Statement) throws -> ViewState {
        ViewState(
            key: try viewKey(id: s.int64(at: 2)), x: s.double(at: 4), y: s.double(at: 5), w: s.double(at: 6),
            h: s.double(at: 7), alpha: s.double(at: 8),
            transform: AffineTransform(
                a: s.double(at: 9), b: s.double(at: 10), c: s.double(at: 11), d: s.double(at: 12),
                tx: s.double(at: 13), ty: s.double(at: 14)),
            rotationX: s.double(at: 15), rotationY: s.double(at: 16), m34: s.double(at: 17),
            z: s.int(at: 3), hidden: s.bool(at: 18))
    }
}
