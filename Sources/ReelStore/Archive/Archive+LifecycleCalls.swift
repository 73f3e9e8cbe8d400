import ReelTrace

extension Archive {
    /// Streams the baseline lifecycle calls (`LifecycleCall`: the events of a kind in
    /// `LifecycleCall.eventKinds`) of the stored sessions among `ids` (ascending), in (session, seq)
    /// order: one query for all of them.
    ///
    /// A call is its event name's subject and detail head, so the calls are made once per name
    /// (`event_names` holds a few dozen) before the events are read; each event is then only its
    /// name's id, and every event of a name hands out the same values (no text read, no `String`
    /// made per event).
    ///
    /// ```swift
    /// try archive.forEachLifecycleCall(of: [1, 2]) { sessionID, call in print(sessionID, call.text) }
    /// ```
    package func forEachLifecycleCall(of ids: [Int64], _ body: (_ sessionID: Int64, _ call: LifecycleCall) throws -> Void) throws {
        let calls = try lifecycleCallsByName()
        guard !calls.isEmpty else { return }
        let selection = SessionSelection.of(ids)
        try database.withCachedStatement(
            """
            SELECT bl.session_id, e.name_id
            FROM baselines AS bl CROSS JOIN trace_events AS e ON e.trace_id = bl.trace_id
            \(selection.filter("bl.session_id")) ORDER BY bl.session_id, e.seq
            """
        ) { s in
            try selection.bind(to: s)
            while try s.step() {
                guard let call = calls[s.int64(at: 1)] else { continue }
                try body(s.int64(at: 0), call)
            }
        }
    }

    /// The call each `event_names` row of a lifecycle kind makes, by the row's id. A name's call is
    /// its subject and the detail head up to its "(" (the argument, after it, is not part of a call).
    private func lifecycleCallsByName() throws -> [Int64: LifecycleCall] {
        // The kinds are constants, written into the statement as comparisons (SQLite's binary
        // comparison of text, as the events' filter always was).
        let kindFilter = LifecycleCall.eventKinds.map { "kind = " + sqlStringLiteral($0) }.joined(separator: " OR ")
        return try database.withCachedStatement("SELECT id, subject, detail_head FROM event_names WHERE \(kindFilter)") { s in
            var calls: [Int64: LifecycleCall] = [:]
            while try s.step() {
                calls[s.int64(at: 0)] = LifecycleCall(subject: s.string(at: 1), detail: s.string(at: 2))
            }
            return calls
        }
    }
}
