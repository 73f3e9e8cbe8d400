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
        try sessionIDs(scenarios: scenario.map { [$0] }, ids: ids)
    }

    /// Ids of stored sessions in ascending order: all of them, or those of any of `scenarios`,
    /// and/or those among `ids` (ids that are not stored are left out).
    ///
    /// ```swift
    /// let ids = try archive.sessionIDs(scenarios: ["nav.push", "nav.pop"], ids: nil)
    /// ```
    package func sessionIDs(scenarios: [String]?, ids: [Int64]?) throws -> [Int64] {
        try sessionIDs(scenarios: scenarios, ids: ids, tags: nil, notMatchedIn: nil)
    }

    /// The id of the engine whose trace is session `id`'s baseline (the recording engine until a
    /// `reel accept` replaced it).
    public func baselineEngineID(sessionID id: Int64) throws -> Int64 {
        try database.withCachedStatement(
            "SELECT tr.engine_id FROM baselines AS bl JOIN traces AS tr ON tr.id = bl.trace_id WHERE bl.session_id = ?1"
        ) { statement in
            try statement.bind(id, at: 1)
            guard try statement.step() else { throw ArchiveError.sessionNotFound(id: id) }
            return statement.int64(at: 0)
        }
    }

    /// The id of the engine that recorded session `id` (whose trace was its first baseline).
    public func recordingEngineID(sessionID id: Int64) throws -> Int64 {
        try database.withCachedStatement("SELECT engine_id FROM sessions WHERE id = ?1") { statement in
            try statement.bind(id, at: 1)
            guard try statement.step() else { throw ArchiveError.sessionNotFound(id: id) }
            return statement.int64(at: 0)
        }
    }

    /// Session `id` reassembled: header, touches, and the full trace (frames with their views in
    /// back-to-front order, events, outcome). To read many sessions, `loadSessions` is much faster.
    public func loadSession(_ id: Int64) throws -> RecordedSession {
        guard let session = try loadSessions([id]).first else { throw ArchiveError.sessionNotFound(id: id) }
        return session
    }

    /// Session `id`'s recorded input, header and touches, without the trace (what `reel export`
    /// writes back).
    public func loadInput(_ id: Int64) throws -> (header: SessionHeader, touches: [Touch]) {
        let selection = SessionSelection.of([id])
        guard let header = try loadHeaders(selection).first?.header else { throw ArchiveError.sessionNotFound(id: id) }
        var touches: [Touch] = []
        try forEachTouch(selection, [id]) { touches.append($1) }
        return (header, touches)
    }

    /// Streams frames in (session, frame index) order, each with its views back to front (by z, then
    /// view key id): of one session, or of the whole archive when `sessionID` is nil. Only one frame
    /// is in memory at a time.
    public func forEachFrame(sessionID: Int64?, _ body: (_ sessionID: Int64, _ frame: Frame) throws -> Void) throws {
        try forEachFrame(in: sessionID.map { .of([$0]) } ?? .all, body)
    }

    /// Streams every frame-view row (of one session, or of the whole archive when `sessionID` is
    /// nil) in (session, frame, z) order, one frame at a time.
    public func forEachFrameView(sessionID: Int64?, _ body: (FrameViewRow) throws -> Void) throws {
        try forEachFrame(sessionID: sessionID) { session, frame in
            for view in frame.views { try body(FrameViewRow(sessionID: session, frameIndex: frame.index, view: view)) }
        }
    }
}
