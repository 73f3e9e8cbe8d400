import ReelTrace

/// The prepared statements of the session insert path, prepared once per archive and reused for
/// every row: no SQL text is built or looked up per row.
final class SessionWriter {
    let session: Statement
    let touch: Statement
    let touchPack: Statement
    let trace: Statement
    let framePack: Statement
    let viewRun: Statement
    let viewExtension: Statement
    let viewChangePack: Statement
    let eventPack: Statement
    let eventTime: Statement
    let baseline: Statement

    init(database: Database) throws {
        session = try database.prepare(
            """
            INSERT INTO sessions (scenario_id, engine_id, content_hash, external_id, device_width, device_height,
                device_scale, size_class, refresh_hz, tags, source_file, source_line, recorded_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            """)
        touch = try database.prepare(
            "INSERT INTO touch_rows (session_id, seq, t, finger, phase, x, y) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
        touchPack = try database.prepare(
            "INSERT INTO touch_packs (session_id, t, finger, phase, x, y) VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
        trace = try database.prepare(
            """
            INSERT INTO traces (session_id, engine_id, replay_id, frame_count, first_tick, decision, completed_at,
                hierarchy_json, created_at)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            """)
        framePack = try database.prepare(Self.framePackInsertSQL)
        viewRun = try database.prepare(Self.viewRunInsertSQL)
        viewExtension = try database.prepare(
            "INSERT INTO trace_view_extensions (trace_id, view_id, first_frame, property, value) VALUES (?1, ?2, ?3, ?4, ?5)")
        viewChangePack = try database.prepare(Self.viewChangePackInsertSQL)
        eventPack = try database.prepare(
            "INSERT INTO trace_event_packs (trace_id, detail_width, time_width, events) VALUES (?1, ?2, ?3, ?4)")
        eventTime = try database.prepare("INSERT INTO trace_event_times (trace_id, seq, t) VALUES (?1, ?2, ?3)")
        baseline = try database.prepare(
            """
            INSERT INTO baselines (session_id, trace_id, since) VALUES (?1, ?2, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
            """)
    }

    static let viewRunInsertSQL = """
        INSERT INTO trace_views (trace_id, view_id, first_frame, last_frame, changing, x, y, w, h, alpha, a, b, c, d,
            tx, ty, rotation_x, rotation_y, m34, z, hidden)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
        """

    /// Binds the key, the count, `p0` ... `p15` (?4 ... ?19) and `t0` ... `t15` (?20 ... ?35).
    static let framePackInsertSQL =
        "INSERT INTO trace_frame_packs (trace_id, first_frame, frame_count, "
        + (0..<FramePack.width).map { "p\($0), " }.joined() + (0..<FramePack.width).map { "t\($0)" }.joined(separator: ", ")
        + ") VALUES (" + (1...3 + 2 * FramePack.width).map { "?\($0)" }.joined(separator: ", ") + ")"

    /// Binds the key, the count and `v0` ... `v15` (?6 ... ?21); value columns past the count stay NULL.
    static let viewChangePackInsertSQL = """
        INSERT INTO view_change_packs (trace_id, view_id, property, first_frame, change_count, v0, v1, v2, v3, v4, v5, v6,
            v7, v8, v9, v10, v11, v12, v13, v14, v15)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21)
        """

    /// Writes the touches of session `sessionID`: one `touch_packs` row when every value packs
    /// exactly (`pack`, their `TouchPack`), else one `touch_rows` row per touch; nothing for no touches.
    func insertTouches(_ touches: [Touch], pack: TouchPack?, sessionID: Int64) throws {
        guard !touches.isEmpty else { return }
        if let pack {
            let p = touchPack
            try p.bind(sessionID, at: 1)
            try p.bind(pack.t, at: 2)
            try p.bind(pack.finger, at: 3)
            try p.bind(pack.phase, at: 4)
            try p.bind(pack.x, at: 5)
            try p.bind(pack.y, at: 6)
            try p.run()
            return
        }
        let t = touch
        for (seq, touch) in touches.enumerated() {
            try t.bind(sessionID, at: 1)
            try t.bind(Int64(seq), at: 2)
            try t.bind(touch.t, at: 3)
            try t.bind(Int64(touch.id), at: 4)
            try t.bind(touch.phase.rawValue, at: 5)
            try t.bind(touch.x, at: 6)
            try t.bind(touch.y, at: 7)
            try t.run()
        }
    }

    /// Writes the frames of `trace` as `trace_frame_packs` rows (`FramePack`), in frame index
    /// order: a pack ends after `FramePack.width` frames or before a gap in the indexes. `times`
    /// holds, per frame of `trace`, its time when it is not the frame clock's tick.
    func insertFramePacks(of trace: Trace, times: [Double?], traceID: Int64) throws {
        let f = framePack
        try trace.frames.withUnsafeBufferPointer { frames in
            let order = try FramePack.order(of: frames)
            var start = 0
            while start < frames.count {
                let firstFrame = frames[order?[start] ?? start].index
                var end = start + 1
                while end < frames.count, end - start < FramePack.width,
                    frames[order?[end] ?? end].index == firstFrame &+ (end - start)
                {
                    end += 1
                }
                try f.bind(traceID, at: 1)
                try f.bind(Int64(firstFrame), at: 2)
                try f.bind(Int64(end - start), at: 3)
                for column in 0..<FramePack.width {
                    let progressIndex = Int32(4 + column)
                    let timeIndex = Int32(4 + FramePack.width + column)
                    if start + column < end {
                        let position = order?[start + column] ?? start + column
                        try f.bind(frames[position].progress, at: progressIndex)
                        try f.bind(times[position], at: timeIndex)
                    } else {
                        try f.bindNull(at: progressIndex)
                        try f.bindNull(at: timeIndex)
                    }
                }
                try f.run()
                start = end
            }
        }
    }

    /// Writes the rows of `trace` (frames, view runs and changes, events) under the new `traces` row
    /// the caller inserted as `traceID`. The events are one `trace_event_packs` row (`EventPack`):
    /// an event at the time of one of `touches` refers to the first such touch instead of storing
    /// the time, one at a frame clock tick to the tick; `eventDetailID` interns each event's name
    /// and argument, `eventSlots(n)` makes sure `event_slots` counts to n.
    ///
    /// `names` are the event names earlier traces used (`ArchiveCaches.traceEventNames`): traces of
    /// one scenario use the same dozen names in the same order, so a name is found by comparing it
    /// with the next one or few, and learning them again for every trace (building and hashing keys,
    /// growing a dictionary) would cost about a tenth of the writer's own instructions.
    func insertRows(
        of layout: TraceLayout, trace: Trace, traceID: Int64, touches: [Touch], names: inout TraceEventNames,
        eventNameID: (EventName) throws -> Int64, eventDetailID: (Int64, UnsafeBufferPointer<UInt8>?) throws -> Int64,
        eventSlots: (Int) throws -> Void
    ) throws {
        try insertFramePacks(of: trace, times: layout.explicitTimes, traceID: traceID)
        let r = viewRun
        for run in layout.runs {
            try r.bind(traceID, at: 1)
            try r.bind(run.viewID, at: 2)
            try r.bind(Int64(run.firstFrame), at: 3)
            try r.bind(Int64(run.lastFrame), at: 4)
            try r.bind(run.changing, at: 5)
            for property in 0..<ViewValues.zProperty { try r.bind(run.first[property], at: Int32(6 + property)) }
            try r.bind(Int64(run.first[ViewValues.zProperty]), at: 20)
            try r.bind(Int64(run.first[ViewValues.hiddenProperty]), at: 21)
            try r.run()
            // An extension's first value only where it is not +0 (its changes are packs like any).
            for property in ViewProperty.fixedCount..<ViewValues.count where run.first[property].bitPattern != 0 {
                let e = viewExtension
                try e.bind(traceID, at: 1)
                try e.bind(run.viewID, at: 2)
                try e.bind(Int64(run.firstFrame), at: 3)
                try e.bind(Int64(property), at: 4)
                try e.bind(run.first[property], at: 5)
                try e.run()
            }
        }
        let c = viewChangePack
        for pack in layout.changePacks {
            try c.bind(traceID, at: 1)
            try c.bind(pack.viewID, at: 2)
            try c.bind(Int64(pack.property), at: 3)
            try c.bind(Int64(pack.firstFrame), at: 4)
            try c.bind(Int64(pack.values.count), at: 5)
            for column in 0..<ViewChangePack.width {
                try c.bind(column < pack.values.count ? pack.values[column] : nil, at: Int32(6 + column))
            }
            try c.run()
        }
        guard !trace.events.isEmpty else { return }
        let touchTimes = TouchTimes(touches)
        var details: [Int64] = []
        var times: [Int64] = []
        details.reserveCapacity(trace.events.count)
        times.reserveCapacity(trace.events.count)
        for event in trace.events {
            var detail = event.detail
            try detail.withUTF8 { bytes in
                let split = DetailSplit(bytes)
                let nameID = try names.id(kind: event.kind, subject: event.subject, detail: bytes, split: split, intern: eventNameID)
                details.append(try eventDetailID(nameID, split.argument(of: bytes)))
            }
            times.append(EventPack.timeCode(t: event.t, touchSeq: touchTimes.firstTouch(at: event.t), refreshHz: layout.refreshHz))
        }
        try eventSlots(trace.events.count)
        let pack = EventPack(details: details, times: times)
        let p = eventPack
        try p.bind(traceID, at: 1)
        try p.bind(pack.detailWidth, at: 2)
        try p.bind(pack.timeWidth, at: 3)
        try pack.text.withUnsafeBufferPointer { try p.bindText($0, at: 4) }
        try p.run()
        let x = eventTime
        for (seq, time) in times.enumerated() where time == EventPack.explicitTime {
            try x.bind(traceID, at: 1)
            try x.bind(Int64(seq), at: 2)
            try x.bind(trace.events[seq].t, at: 3)
            try x.run()
        }
    }
}

extension Archive {
    /// Writes `session` as `insert` does unless a session with its content hash is already stored;
    /// returns its new id, or nil for such a duplicate. The check and the insert run in one
    /// savepoint, so inside `write { }` (which holds the write lock) no other connection can store
    /// the same session between them: two recorders of overlapping input both finish.
    public func insertIfNew(_ session: RecordedSession, engineID: Int64) throws -> Int64? {
        try insertIfNew(PreparedSession(session), engineID: engineID)
    }

    /// `insertIfNew` of a session whose storage was prepared ahead (on another thread, say).
    package func insertIfNew(_ prepared: PreparedSession, engineID: Int64) throws -> Int64? {
        try database.savepoint {
            if try sessionID(contentHash: prepared.session.header.contentHash) != nil { return nil }
            return try insert(prepared, engineID: engineID)
        }
    }

    /// Writes `session` (header, touches, and its trace as the session's baseline) recorded by the
    /// engine `engineID`, and returns its new id. `session.id` is ignored.
    ///
    /// The session is written whole or not at all (a savepoint); call it inside `write { }` to batch
    /// several sessions in one transaction. A session whose content hash is already stored fails with
    /// a UNIQUE constraint error: check `sessionID(contentHash:)` first, or use `insertIfNew`.
    @discardableResult
    public func insert(_ session: RecordedSession, engineID: Int64) throws -> Int64 {
        try insert(PreparedSession(session), engineID: engineID)
    }

    /// `insert` of a session whose storage was prepared ahead.
    @discardableResult
    package func insert(_ prepared: PreparedSession, engineID: Int64) throws -> Int64 {
        let writer = try preparedSessionWriter()
        let session = prepared.session
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

            try writer.insertTouches(session.touches, pack: prepared.touchPack, sessionID: sessionID)

            let traceID = try insertTrace(
                session.trace, layout: prepared.layout, sessionID: sessionID, engineID: engineID, touches: session.touches,
                writer: writer)
            let b = writer.baseline
            try b.bind(sessionID, at: 1)
            try b.bind(traceID, at: 2)
            try b.run()
            if let decision = prepared.decision { try insertDecision(decision, sessionID: sessionID, engineID: engineID) }
            return sessionID
        }
    }
}

extension Archive {
    /// The session insert statements, prepared on first use.
    func preparedSessionWriter() throws -> SessionWriter {
        if let existing = sessionWriter { return existing }
        let writer = try SessionWriter(database: database)
        sessionWriter = writer
        return writer
    }

    /// Writes `trace`, made by engine `engineID` for session `sessionID` and laid out as `layout`
    /// (against the session's refresh rate), as a new trace (not a baseline) and returns its id.
    /// `replayID` names the replay whose candidate made it.
    func insertTrace(
        _ trace: Trace, layout: UnresolvedTraceLayout, sessionID: Int64, engineID: Int64, replayID: Int64? = nil, touches: [Touch],
        writer: SessionWriter
    ) throws -> Int64 {
        let layout = try layout.resolved(viewID: viewKeyID)
        let outcome = trace.outcome
        let t = writer.trace
        try t.bind(sessionID, at: 1)
        try t.bind(engineID, at: 2)
        try t.bind(replayID, at: 3)
        try t.bind(Int64(trace.frames.count), at: 4)
        try t.bind(layout.firstTick, at: 5)
        try t.bind(Decision(completed: outcome.completed).rawValue, at: 6)
        try t.bind(outcome.t, at: 7)
        try t.bind(outcome.hierarchy, at: 8)
        try t.run()
        let traceID = database.lastInsertRowID
        // Taken out of the caches while the rows are written: `eventNameID` writes to the caches too.
        var names = caches.traceEventNames
        caches.traceEventNames = TraceEventNames()
        defer { caches.traceEventNames = names }
        try writer.insertRows(
            of: layout, trace: trace, traceID: traceID, touches: touches, names: &names, eventNameID: eventNameID,
            eventDetailID: eventDetailID, eventSlots: ensureEventSlots)
        return traceID
    }
}
