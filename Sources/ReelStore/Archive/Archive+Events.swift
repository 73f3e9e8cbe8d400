import ReelTrace

/// Reading the traces' events from their packs (`trace_event_packs`, `EventPack`), decoded here
/// rather than through the view `trace_events`: one row a trace instead of one a event, and a
/// damaged pack is an invalid row of `trace_event_packs` naming its trace (bad data, exit 65).
extension Archive {
    /// Hands `body` each event of the traces `traces` chooses for `selection`, in (session, seq)
    /// order, with its session's index in `positions`. `refreshHz[i]` and `touches[i]` are session
    /// `positions[i]`'s: an event at a touch's time reads that touch's time, one at a frame clock
    /// tick `tick / refreshHz`.
    func forEachPackedEvent(
        _ selection: SessionSelection, _ positions: [Int64], traces: TraceChoice, refreshHz: [Double], touches: [[Touch]],
        _ body: (Int, TraceEvent) throws -> Void
    ) throws {
        var details = EventDetailTexts()
        try database.withCachedStatement(
            """
            SELECT bl.session_id, p.trace_id, p.detail_width, p.time_width, p.events
            FROM \(traces.table) AS bl CROSS JOIN trace_event_packs AS p ON p.trace_id = bl.trace_id
            \(selection.filter("bl.session_id")) ORDER BY bl.session_id
            """
        ) { s in
            try selection.bind(to: s)
            var cursor = SessionCursor(ids: positions)
            while try s.step() {
                guard let index = cursor.position(of: s.int64(at: 0)) else { continue }
                let traceID = s.int64(at: 1)
                let codes = try Self.eventCodes(s, traceID: traceID)
                var explicit: [Int64: Double] = [:]
                if codes.contains(where: { $0.time == EventPack.explicitTime }) { explicit = try explicitEventTimes(traceID: traceID) }
                for (seq, code) in codes.enumerated() {
                    let t: Double
                    switch EventPack.time(of: code.time) {
                    case .touch(let touchSeq):
                        guard touchSeq < touches[index].count else {
                            throw ArchiveError.invalidStoredValue(
                                table: "trace_event_packs", column: "events", value: "(a touch the session does not have)")
                        }
                        t = touches[index][Int(touchSeq)].t
                    case .tick(let tick): t = Double(tick) / refreshHz[index]
                    case .explicit:
                        guard let time = explicit[Int64(seq)] else {
                            throw ArchiveError.invalidStoredRow(
                                table: "trace_event_packs", rowID: traceID, column: "events",
                                reason: "has event \(seq) at a time trace_event_times does not hold")
                        }
                        t = time
                    }
                    let detail = try details.text(of: code.detail, traceID: traceID, in: database)
                    try body(index, TraceEvent(t: t, kind: detail.kind, subject: detail.subject, detail: detail.detail))
                }
            }
        }
    }

    /// The codes of the pack at statement `s`'s columns 2 ... 4 (detail_width, time_width, events).
    static func eventCodes(_ s: Statement, traceID: Int64) throws -> [(detail: Int64, time: Int64)] {
        let widths = (s.int64(at: 2), s.int64(at: 3))
        switch s.withText(at: 4, { EventPack.codes(detailWidth: widths.0, timeWidth: widths.1, text: $0) }) {
        case .success(let codes): return codes
        case .failure(let damage):
            throw ArchiveError.invalidStoredRow(table: "trace_event_packs", rowID: traceID, column: damage.column, reason: damage.reason)
        }
    }

    /// The `trace_event_times` of trace `traceID`, by seq.
    private func explicitEventTimes(traceID: Int64) throws -> [Int64: Double] {
        try database.withCachedStatement("SELECT seq, t FROM trace_event_times WHERE trace_id = ?1") { s in
            try s.bind(traceID, at: 1)
            var times: [Int64: Double] = [:]
            while try s.step() { times[s.int64(at: 0)] = s.double(at: 1) }
            return times
        }
    }

    /// The name id of `event_details` row `detail`, nil when there is none.
    func eventDetailNameID(_ detail: Int64) throws -> Int64? {
        try database.withCachedStatement("SELECT name_id FROM event_details WHERE id = ?1") { s in
            try s.bind(detail, at: 1)
            return try s.step() ? s.int64(at: 0) : nil
        }
    }

    /// The name id of `event_details` row `detail`, nil when there is none: from the archive's
    /// caches, which read every row's name id on first use (one scan of a few thousand rows costs
    /// less than a lookup per detail, and a replay reads its sessions part by part) and look up a
    /// detail added since.
    func cachedEventDetailNameID(_ detail: Int64) throws -> Int64? {
        dropCachesAfterRollback()
        if caches.eventDetailNames == nil {
            caches.eventDetailNames = try database.withCachedStatement("SELECT id, name_id FROM event_details") { s in
                var names: [Int64: Int64] = [:]
                while try s.step() { names[s.int64(at: 0)] = s.int64(at: 1) }
                return names
            }
        }
        if let name = caches.eventDetailNames?[detail] { return name }
        guard let name = try eventDetailNameID(detail) else { return nil }
        caches.eventDetailNames?[detail] = name
        return name
    }

    /// Each `trace_event_packs` row that does not decode or names a detail `event_details` lacks.
    func eventPackProblems() throws -> [String] {
        var problems: [String] = []
        var known: [Int64: Bool] = [:]
        let packs = try database.prepare("SELECT trace_id, NULL, detail_width, time_width, events FROM trace_event_packs ORDER BY trace_id")
        while try packs.step() {
            let traceID = packs.int64(at: 0)
            do {
                for code in try Self.eventCodes(packs, traceID: traceID) {
                    if known[code.detail] == nil { known[code.detail] = try eventDetailNameID(code.detail) != nil }
                    if known[code.detail] == false {
                        problems.append(
                            "trace_event_packs row of trace \(traceID): events names detail \(code.detail), which event_details lacks")
                        break
                    }
                }
            } catch let error as ArchiveError {
                guard case .invalidStoredRow(_, _, let column, let reason) = error else { throw error }
                problems.append("trace_event_packs row of trace \(traceID): \(column) \(reason)")
            }
        }
        return problems
    }
}

/// The kind, subject and detail text of the `event_details` read so far, by id.
private struct EventDetailTexts {
    struct Text {
        var kind: String
        var subject: String
        var detail: String
    }

    private var known: [Int64: Text] = [:]

    mutating func text(of id: Int64, traceID: Int64, in database: Database) throws -> Text {
        if let text = known[id] { return text }
        let text = try database.withCachedStatement(
            """
            SELECT n.kind, n.subject, n.detail_head || coalesce(d.argument, '') || n.detail_tail
            FROM event_details AS d CROSS JOIN event_names AS n ON n.id = d.name_id WHERE d.id = ?1
            """
        ) { s in
            try s.bind(id, at: 1)
            guard try s.step() else {
                throw ArchiveError.invalidStoredRow(
                    table: "trace_event_packs", rowID: traceID, column: "events", reason: "names detail \(id), which event_details lacks")
            }
            return Text(kind: s.string(at: 0), subject: s.string(at: 1), detail: s.string(at: 2))
        }
        known[id] = text
        return text
    }
}
