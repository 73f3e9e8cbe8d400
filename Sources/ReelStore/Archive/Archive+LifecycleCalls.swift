import ReelTrace

extension Archive {
    /// Streams the baseline lifecycle calls (`LifecycleCall`: the events of a kind in
    /// `LifecycleCall.eventKinds`) of the stored sessions among `ids` (ascending), in (session, seq)
    /// order: one query for all of them.
    ///
    /// A call is its event name's subject and detail head, so the calls are made once per name
    /// (`event_names` holds a few dozen) before the events are read; each event is then its pack's
    /// detail id, mapped to its name's id through the archive's caches
    /// (`cachedEventDetailNameID`: no text read, no `String` made per event). A damaged pack is an invalid row of `trace_event_packs` (bad data).
    ///
    /// ```swift
    /// try archive.forEachLifecycleCall(of: [1, 2]) { sessionID, call in print(sessionID, call.text) }
    /// ```
    package func forEachLifecycleCall(of ids: [Int64], _ body: (_ sessionID: Int64, _ call: LifecycleCall) throws -> Void) throws {
        dropCachesAfterRollback()
        var calls = try cachedLifecycleCalls()
        guard !calls.byName.isEmpty else { return }
        let selection = SessionSelection.of(ids)
        // The details resolved by earlier calls stay resolved (a detail's name never changes): a
        // replay reads its sessions in parts, and resolving every part's details afresh refilled
        // the dense table up to the highest detail id each time.
        // Only the dense table is kept (at most `DetailCalls.denseLimit` slots), so what the
        // archive holds stays bounded however many details a large archive has.
        var resolved = caches.detailCalls
        caches.detailCalls = DetailCalls()
        defer {
            resolved.forgetSparse()
            caches.detailCalls = resolved
        }
        try database.withCachedStatement(
            """
            SELECT bl.session_id, p.trace_id, p.detail_width, p.time_width, p.events
            FROM baselines AS bl CROSS JOIN trace_event_packs AS p ON p.trace_id = bl.trace_id
            \(selection.filter("bl.session_id")) ORDER BY bl.session_id
            """
        ) { s in
            try selection.bind(to: s)
            while try s.step() {
                let sessionID = s.int64(at: 0)
                let traceID = s.int64(at: 1)
                for code in try Self.eventCodes(s, traceID: traceID) {
                    let call: LifecycleCall?
                    switch resolved[code.detail] {
                    case .call(let known): call = known
                    case .notACall: call = nil
                    case .unresolved:
                        guard let name = try cachedEventDetailNameID(code.detail) else {
                            throw ArchiveError.invalidStoredRow(
                                table: "trace_event_packs", rowID: traceID, column: "events",
                                reason: "names detail \(code.detail), which event_details lacks")
                        }
                        if name > calls.highestNameID {
                            // A name added since the calls were read (this archive wrote it).
                            caches.lifecycleCalls = nil
                            calls = try cachedLifecycleCalls()
                        }
                        call = calls.byName[name]
                        resolved[code.detail] = call.map(DetailCalls.Slot.call) ?? .notACall
                    }
                    if let call { try body(sessionID, call) }
                }
            }
        }
    }

    /// The lifecycle call of each event detail met so far, resolved once per detail instead of two
    /// hash lookups per event: details below `denseLimit` (the recorder numbers them from 1, a few
    /// hundred in an archive) in an array indexed by id, any other id (a hand-made archive) in a
    /// dictionary, so a huge id costs no memory.
    struct DetailCalls {
        enum Slot {
            case unresolved
            case notACall
            case call(LifecycleCall)
        }

        static let denseLimit: Int64 = 1 << 16
        private var dense: [Slot] = []
        private var sparse: [Int64: Slot] = [:]

        /// Forgets the details beyond the dense table.
        mutating func forgetSparse() { sparse = [:] }

        subscript(detail: Int64) -> Slot {
            get {
                guard detail >= 0, detail < Self.denseLimit else { return sparse[detail] ?? .unresolved }
                return detail < dense.count ? dense[Int(detail)] : .unresolved
            }
            set {
                guard detail >= 0, detail < Self.denseLimit else {
                    sparse[detail] = newValue
                    return
                }
                let index = Int(detail)
                if index >= dense.count { dense.append(contentsOf: repeatElement(.unresolved, count: index - dense.count + 1)) }
                dense[index] = newValue
            }
        }
    }

    /// The call each `event_names` row of a lifecycle kind makes, by the row's id. A name's call is
    /// its subject and the detail head up to its "(" (the argument, after it, is not part of a call).
    /// `lifecycleCallsByName()` with the highest `event_names` id when it was read (a name above
    /// it is newer than the calls), read once and kept in the archive's caches.
    private func cachedLifecycleCalls() throws -> LifecycleCallsByName {
        if let calls = caches.lifecycleCalls, !calls.byName.isEmpty { return calls }
        let highest = try database.withCachedStatement("SELECT coalesce(max(id), 0) FROM event_names") { s in
            try s.step() ? s.int64(at: 0) : 0
        }
        let calls = LifecycleCallsByName(byName: try lifecycleCallsByName(), highestNameID: highest)
        caches.lifecycleCalls = calls
        return calls
    }

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

/// The lifecycle call of each `event_names` row of a lifecycle kind, and the highest id of any
/// `event_names` row when they were read.
struct LifecycleCallsByName {
    var byName: [Int64: LifecycleCall]
    var highestNameID: Int64
}
