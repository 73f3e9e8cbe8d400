import ReelTrace

/// The sessions one read covers: the whole archive, a list of ids, or a run of consecutive ids.
///
/// A list is bound as one JSON array and matched with `session_id IN (SELECT value FROM json_each(?1))`:
/// SQLite then seeks each listed session in its primary key, in ascending id order, so one statement
/// reads any number of sessions (a chunk, a shard's ids, a single session) in key order, with no sort.
/// Consecutive ids (a replay of a whole archive reads them so) are matched with `BETWEEN ?1 AND ?2`
/// instead: one seek, then the rows in key order, as a scan of the whole archive reads them.
enum SessionSelection {
    case all
    case ids([Int64])
    case range(ClosedRange<Int64>)

    /// The selection of `ids` (ascending, no repeats): a range when they are consecutive.
    static func of(_ ids: [Int64]) -> SessionSelection {
        guard let first = ids.first, let last = ids.last, last - first + 1 == Int64(ids.count) else { return .ids(ids) }
        return .range(first...last)
    }

    /// The WHERE clause restricting `column` to the selection ("" for the whole archive).
    func filter(_ column: String) -> String {
        switch self {
        case .all: ""
        case .ids: "WHERE \(column) IN (SELECT value FROM json_each(?1))"
        case .range: "WHERE \(column) BETWEEN ?1 AND ?2"
        }
    }

    /// Binds the id list to ?1, or the range to ?1 and ?2, of a statement using `filter`.
    func bind(to statement: Statement) throws {
        switch self {
        case .all: break
        case .ids(let ids): try statement.bind(JSONText.integerArray(ids), at: 1)
        case .range(let range):
            try statement.bind(range.lowerBound, at: 1)
            try statement.bind(range.upperBound, at: 2)
        }
    }
}

/// Which trace of each session a read takes: the baseline (what every reader but a replay's
/// judged baseline wants), or one given trace.
enum TraceChoice: Hashable {
    case baselines
    case trace(Int64)

    /// A table of `(session_id, trace_id)` rows to read in place of `baselines`.
    var table: String {
        switch self {
        case .baselines: "baselines"
        case .trace(let id): "(SELECT session_id, id AS trace_id FROM traces WHERE id = \(id))"
        }
    }
}

/// What `Archive.loadSessions` reads of each session besides its header, touches and outcome.
public struct SessionContents: Sendable, Hashable {
    /// Whether each trace gets its frames. Without them, a caller streams the frames with
    /// `Archive.forEachFrame(of:)` instead of holding them.
    public var frames: Bool
    /// Whether each trace gets its events. Without them, a caller streams the lifecycle calls it
    /// compares with `Archive.forEachLifecycleCall(of:)` instead.
    public var events: Bool
    /// Whether headers carry their tags (without them, `tags` is empty).
    public var tags: Bool
    /// Whether outcomes carry the final hierarchy (without it, `hierarchy` is empty).
    public var hierarchy: Bool

    public init(frames: Bool, events: Bool, tags: Bool, hierarchy: Bool) {
        self.frames = frames
        self.events = events
        self.tags = tags
        self.hierarchy = hierarchy
    }

    /// The whole session.
    public static let all = SessionContents(frames: true, events: true, tags: true, hierarchy: true)
}

extension Archive {
    /// The stored sessions among `ids`, reassembled as `loadSession` does, in ascending id order (ids
    /// that are not stored are left out), with the parts `contents` asks for.
    ///
    /// One query per table reads all of them, each in primary-key order, so reading a chunk of
    /// sessions costs six statement runs rather than six per session. Memory is that of the sessions
    /// returned: callers bound it by how many ids they ask for at once.
    public func loadSessions(_ ids: [Int64], contents: SessionContents = .all) throws -> [RecordedSession] {
        try loadSessions(ids, contents: contents, traces: .baselines)
    }

    /// `loadSessions` with the trace `traces` chooses in place of each baseline.
    func loadSessions(_ ids: [Int64], contents: SessionContents, traces: TraceChoice) throws -> [RecordedSession] {
        let selection = SessionSelection.of(ids)
        let headers = try loadHeaders(selection, tags: contents.tags)
        let positions = headers.map(\.id)
        var touches = Array(repeating: [Touch](), count: headers.count)
        var frames = Array(repeating: [Frame](), count: headers.count)
        var events = Array(repeating: [TraceEvent](), count: headers.count)
        var outcomes = Array(repeating: Outcome?.none, count: headers.count)
        try forEachTouch(selection, positions) { touches[$0].append($1) }
        if contents.frames {
            var frameCursor = SessionCursor(ids: positions)
            try forEachFrame(in: selection, traces: traces) { sessionID, frame in
                if let index = frameCursor.position(of: sessionID) { frames[index].append(frame) }
            }
        }
        if contents.events {
            try forEachPackedEvent(
                selection, positions, traces: traces, refreshHz: headers.map(\.header.refreshHz), touches: touches
            ) { events[$0].append($1) }
        }
        try forEachOutcome(selection, positions, hierarchy: contents.hierarchy, traces: traces) { outcomes[$0] = $1 }
        return try headers.indices.map { index in
            guard let outcome = outcomes[index] else {
                throw ArchiveError.invalidStoredValue(table: "outcomes", column: "session_id", value: "\(positions[index]) (missing)")
            }
            return RecordedSession(
                id: positions[index], header: headers[index].header, touches: touches[index],
                trace: Trace(frames: frames[index], events: events[index], outcome: outcome))
        }
    }

    /// Streams the frames of the stored sessions among `ids` (ascending) in (session, frame index)
    /// order, each with its views back to front, one frame at a time: one query for all of them.
    public func forEachFrame(of ids: [Int64], _ body: (_ sessionID: Int64, _ frame: Frame) throws -> Void) throws {
        try forEachFrame(in: .of(ids), body)
    }

    /// Streams the frames of the stored sessions among `ids` (ascending) as `forEachFrame(of:)` does,
    /// but as numbers: one `FrameColumns` refilled frame after frame (valid during the call only),
    /// with no `Frame`, view array or key string made per frame. What a replay compares.
    ///
    /// ```swift
    /// try archive.forEachFrameColumns(of: [1, 2]) { sessionID, frame in print(sessionID, frame.firstIndex, frame.starts[1]) }
    /// ```
    package func forEachFrameColumns(of ids: [Int64], _ body: (_ sessionID: Int64, _ frame: FrameColumns) throws -> Void) throws {
        try forEachFrameColumns(in: .of(ids), body)
    }

    /// The headers of the stored sessions of `selection`, by ascending id, with their tags when `tags` is true.
    func loadHeaders(_ selection: SessionSelection, tags: Bool = true) throws -> [(id: Int64, header: SessionHeader)] {
        var headers = try database.withCachedStatement(
            """
            SELECT s.id, sc.name, sc.spec_json, s.device_width, s.device_height, s.device_scale, s.refresh_hz,
                s.external_id, s.source_file, s.source_line, s.content_hash, s.scenario_id
            FROM sessions AS s JOIN scenarios AS sc ON sc.id = s.scenario_id \(selection.filter("s.id")) ORDER BY s.id
            """
        ) { s -> [(id: Int64, header: SessionHeader)] in
            try selection.bind(to: s)
            var headers: [(id: Int64, header: SessionHeader)] = []
            // Sessions of one scenario share its name and spec strings, read once per scenario.
            var scenarios: [Int64: (name: String, specJSON: String)] = [:]
            while try s.step() {
                let device = Device(width: s.double(at: 3), height: s.double(at: 4), scale: s.double(at: 5))
                guard device.isWithinLimits else {
                    throw ArchiveError.invalidStoredRow(
                        table: "sessions", rowID: s.int64(at: 0), column: "device_width, device_height, device_scale",
                        reason:
                            "hold no screen Reel can run (sides up to \(Int(Device.maximumSide)) pt, scale up to \(Int(Device.maximumScale)))"
                    )
                }
                let scenarioID = s.int64(at: 11)
                let scenario = scenarios[scenarioID] ?? (s.string(at: 1), s.string(at: 2))
                scenarios[scenarioID] = scenario
                headers.append(
                    (
                        s.int64(at: 0),
                        SessionHeader(
                            scenarioName: scenario.name, scenarioSpecJSON: scenario.specJSON,
                            device: device,
                            refreshHz: s.double(at: 6), externalID: s.optionalString(at: 7), tags: [],
                            sourceFile: s.optionalString(at: 8), sourceLine: s.optionalInt(at: 9), contentHash: s.string(at: 10))
                    ))
            }
            return headers
        }
        guard tags else { return headers }
        do {
            try forEachSessionRow(
                "SELECT s.id, tag.value FROM sessions AS s, json_each(s.tags) AS tag \(selection.filter("s.id")) ORDER BY s.id, tag.key",
                selection, headers.map(\.id)
            ) { index, s in headers[index].header.tags.append(s.string(at: 1)) }
        } catch let error as SQLiteError {
            throw try invalidTags(selection) ?? error
        }
        return headers
    }

    /// The error naming the first session of `selection` whose tags are not a JSON array (an
    /// archive edited by hand, its CHECK constraint ignored), or nil when there is none.
    private func invalidTags(_ selection: SessionSelection) throws -> ArchiveError? {
        try database.withCachedStatement(
            """
            SELECT id FROM (SELECT id, tags FROM sessions \(selection.filter("id")))
            WHERE NOT (json_valid(tags) AND json_type(tags) = 'array') ORDER BY id LIMIT 1
            """
        ) { s in
            try selection.bind(to: s)
            guard try s.step() else { return nil }
            return ArchiveError.invalidStoredRow(
                table: "sessions", rowID: s.int64(at: 0), column: "tags", reason: "is not a JSON array of strings")
        }
    }

    /// Hands `body` each touch of `selection` in seq order within each session, with its session's
    /// index in `positions`: first the packed sessions' (`touch_packs`, decoded in place), then the
    /// others' (`touch_rows`); a session is in one of the two.
    func forEachTouch(_ selection: SessionSelection, _ positions: [Int64], _ body: (Int, Touch) throws -> Void) throws {
        try forEachSessionRow(
            "SELECT session_id, t, finger, phase, x, y FROM touch_packs \(selection.filter("session_id")) ORDER BY session_id",
            selection, positions
        ) { index, s in
            for touch in try Self.unpackTouches(s) { try body(index, touch) }
        }
        try forEachSessionRow(
            "SELECT session_id, t, finger, phase, x, y FROM touch_rows \(selection.filter("session_id")) ORDER BY session_id, seq",
            selection, positions
        ) { index, s in
            try body(
                index,
                Touch(
                    t: s.double(at: 1), id: s.int(at: 2), phase: try decode(TouchPhase.self, s, at: 3, "touch_rows", "phase"),
                    x: s.double(at: 4), y: s.double(at: 5)))
        }
    }

    /// The touches of the `touch_packs` row `s` is at (columns session_id, t, finger, phase, x, y);
    /// a damaged pack is an invalid row of `touch_packs` named by its session.
    static func unpackTouches(_ s: Statement) throws -> [Touch] {
        let result = s.withText(at: 1) { t in
            s.withText(at: 2) { finger in
                s.withText(at: 3) { phase in
                    s.withText(at: 4) { x in s.withText(at: 5) { y in TouchPack.touches(t: t, finger: finger, phase: phase, x: x, y: y) } }
                }
            }
        }
        switch result {
        case .success(let touches): return touches
        case .failure(let damage):
            throw ArchiveError.invalidStoredRow(table: "touch_packs", rowID: s.int64(at: 0), column: damage.column, reason: damage.reason)
        }
    }

    /// Hands `body` each baseline outcome of `selection`, with its final hierarchy when `hierarchy` is true.
    private func forEachOutcome(
        _ selection: SessionSelection, _ positions: [Int64], hierarchy: Bool, traces: TraceChoice = .baselines,
        _ body: (Int, Outcome) throws -> Void
    ) throws {
        try forEachSessionRow(
            """
            SELECT bl.session_id, tr.decision, tr.completed_at\(hierarchy ? ", tr.hierarchy_json" : "")
            FROM \(traces.table) AS bl CROSS JOIN traces AS tr ON tr.id = bl.trace_id
            \(selection.filter("bl.session_id")) ORDER BY bl.session_id
            """,
            selection, positions
        ) { index, s in
            let decision = try decode(Decision.self, s, at: 1, "traces", "decision")
            try body(index, Outcome(completed: decision.completed, t: s.double(at: 2), hierarchy: hierarchy ? s.string(at: 3) : ""))
        }
    }

    /// Runs `sql` (filtered by `selection.filter`, the session id in its first column, rows in ascending
    /// session order) and hands `body` each row of a session in `positions` with that session's index.
    private func forEachSessionRow(
        _ sql: String, _ selection: SessionSelection, _ positions: [Int64], _ body: (Int, Statement) throws -> Void
    ) throws {
        try database.withCachedStatement(sql) { s in
            try selection.bind(to: s)
            var cursor = SessionCursor(ids: positions)
            while try s.step() {
                if let index = cursor.position(of: s.int64(at: 0)) { try body(index, s) }
            }
        }
    }

    /// Streams the baseline frames of `selection` in (session, frame index) order, each with its views
    /// back to front (by z, then view key id), as `Frame` values (`forEachFrameColumns` made into one).
    func forEachFrame(
        in selection: SessionSelection, traces: TraceChoice = .baselines, _ body: (_ sessionID: Int64, _ frame: Frame) throws -> Void
    ) throws {
        try forEachFrameColumns(in: selection, traces: traces) { sessionID, columns in try body(sessionID, columns.frame(0)) }
    }

    /// Streams the baseline frames of `selection` in (session, frame index) order, each with its views
    /// back to front (by z, then view key id), in one `FrameColumns` refilled frame after frame (valid
    /// during the call only). Three cursors read the compact layout in primary-key order, session by
    /// session: a session's view runs and changes are expanded (`TraceAssembler`), then its frames are
    /// handed out one at a time. SQLite sorts nothing.
    func forEachFrameColumns(
        in selection: SessionSelection, traces: TraceChoice = .baselines,
        _ body: (_ sessionID: Int64, _ frame: FrameColumns) throws -> Void
    ) throws {
        let filter = selection.filter("bl.session_id")
        let framesSQL = """
            SELECT bl.session_id, tr.first_tick, s.refresh_hz, \(FramePack.columns("f"))
            FROM \(traces.table) AS bl CROSS JOIN traces AS tr CROSS JOIN sessions AS s CROSS JOIN trace_frame_packs AS f
            ON tr.id = bl.trace_id AND s.id = bl.session_id AND f.trace_id = bl.trace_id
            \(filter) ORDER BY bl.session_id, f.first_frame
            """
        let runsSQL = """
            SELECT bl.session_id, v.view_id, v.first_frame, v.last_frame, v.changing, v.x, v.y, v.w, v.h, v.alpha,
                v.a, v.b, v.c, v.d, v.tx, v.ty, v.rotation_x, v.rotation_y, v.m34, v.z, v.hidden
            FROM \(traces.table) AS bl CROSS JOIN trace_views AS v ON v.trace_id = bl.trace_id
            \(filter) ORDER BY bl.session_id, v.view_id, v.first_frame
            """
        let extensionsSQL = """
            SELECT bl.session_id, e.view_id, e.first_frame, e.property, e.value
            FROM \(traces.table) AS bl CROSS JOIN trace_view_extensions AS e ON e.trace_id = bl.trace_id
            \(filter) ORDER BY bl.session_id, e.view_id, e.first_frame, e.property
            """
        let changesSQL = """
            SELECT bl.session_id, \(Self.viewChangePackColumns("c"))
            FROM \(traces.table) AS bl CROSS JOIN view_change_packs AS c ON c.trace_id = bl.trace_id
            \(filter) ORDER BY bl.session_id, c.view_id, c.property, c.first_frame
            """
        try database.withCachedStatement(framesSQL) { frames in
            try selection.bind(to: frames)
            try database.withCachedStatement(runsSQL) { runs in
                try selection.bind(to: runs)
                try database.withCachedStatement(changesSQL) { changes in
                    try selection.bind(to: changes)
                    try database.withCachedStatement(extensionsSQL) { extensions in
                        try selection.bind(to: extensions)
                        var hasRun = try runs.step()
                        var hasChange = try changes.step()
                        var hasExtension = try extensions.step()
                        var assembler = TraceAssembler()
                        var columns = FrameColumns()
                        var session: Int64?
                        var nextFrame: Int?
                        while try frames.step() {
                            let frameSession = frames.int64(at: 0)
                            if frameSession != session {
                                session = frameSession
                                nextFrame = nil
                                assembler.reset()
                                // Rows of sessions without frames (none by construction) are passed over.
                                while hasRun, runs.int64(at: 0) < frameSession { hasRun = try runs.step() }
                                while hasRun, runs.int64(at: 0) == frameSession {
                                    assembler.add(try Self.viewRun(runs))
                                    hasRun = try runs.step()
                                }
                                while hasExtension, extensions.int64(at: 0) < frameSession { hasExtension = try extensions.step() }
                                while hasExtension, extensions.int64(at: 0) == frameSession {
                                    try assembler.setExtension(
                                        viewID: extensions.int64(at: 1), firstFrame: extensions.int(at: 2), property: extensions.int(at: 3),
                                        value: extensions.double(at: 4))
                                    hasExtension = try extensions.step()
                                }
                                while hasChange, changes.int64(at: 0) < frameSession { hasChange = try changes.step() }
                                while hasChange, changes.int64(at: 0) == frameSession {
                                    try Self.addViewChangePack(changes, from: 1, to: &assembler)
                                    hasChange = try changes.step()
                                }
                                try assembler.finish()
                                try assembler.resolveKeys(viewKey(id:))
                            }
                            let firstTick = frames.int64(at: 1)
                            let refreshHz = frames.double(at: 2)
                            let (firstFrame, count) = try FramePack.shape(frames, from: 3, after: nextFrame)
                            nextFrame = firstFrame + count
                            for column in 0..<Int32(count) {
                                let index = firstFrame + Int(column)
                                let progress = try FramePack.progress(frames, from: 3, column: column, count: count)
                                let t = FramePack.time(frames, from: 3, column: column) ?? Double(firstTick &+ Int64(index)) / refreshHz
                                try assembler.columns(ofFrame: index, t: t, progress: progress, into: &columns)
                                try body(frameSession, columns)
                            }
                        }
                    }
                }
            }
        }
    }

    private static func viewRun(_ s: Statement) throws -> ViewRun {
        var first = ViewValues()
        for property in 0..<ViewProperty.fixedCount { first[property] = s.double(at: Int32(5 + property)) }
        let run = ViewRun(
            viewID: s.int64(at: 1), firstFrame: s.int(at: 2), lastFrame: s.int(at: 3), changing: s.int64(at: 4), first: first)
        guard run.firstFrame <= run.lastFrame else {
            throw ArchiveError.invalidStoredValue(
                table: "trace_views", column: "last_frame", value: "\(run.lastFrame) (before first_frame \(run.firstFrame))")
        }
        return run
    }

    /// The columns of a `view_change_packs` row as `viewChangePack` reads them, of table alias `alias`.
    static func viewChangePackColumns(_ alias: String) -> String {
        (["view_id", "property", "first_frame", "change_count"] + (0..<ViewChangePack.width).map { "v\($0)" })
            .map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// Adds the changes of the `view_change_packs` row whose `viewChangePackColumns` start at column
    /// `start` of `s` to `assembler`, refused as `viewChangePack` refuses it, with no pack made.
    static func addViewChangePack(_ s: Statement, from start: Int32, to assembler: inout TraceAssembler) throws {
        let (property, count) = try viewChangePackShape(s, from: start)
        let viewID = s.int64(at: start)
        let firstFrame = s.int(at: start + 2)
        for column in 0..<Int32(count) {
            assembler.add(
                ViewChange(
                    viewID: viewID, property: property, frameIndex: firstFrame &+ Int(column),
                    value: try viewChangePackValue(s, from: start, column: column, count: count)))
        }
    }

    /// The `view_change_packs` row whose `viewChangePackColumns` start at column `start` of `s`: its
    /// first `change_count` values must be there (a damaged archive's pack is refused, not trapped on).
    static func viewChangePack(_ s: Statement, from start: Int32) throws -> ViewChangePack {
        let (property, count) = try viewChangePackShape(s, from: start)
        var values: [Double] = []
        values.reserveCapacity(count)
        for column in 0..<Int32(count) {
            values.append(try viewChangePackValue(s, from: start, column: column, count: count))
        }
        return ViewChangePack(viewID: s.int64(at: start), property: property, firstFrame: s.int(at: start + 2), values: values)
    }

    /// The pack's property and change count, each refused when out of range.
    private static func viewChangePackShape(_ s: Statement, from start: Int32) throws -> (property: Int, count: Int) {
        let property = s.int(at: start + 1)
        guard (0..<ViewValues.count).contains(property) else {
            throw ArchiveError.invalidStoredValue(table: "view_change_packs", column: "property", value: String(property))
        }
        let count = s.int(at: start + 3)
        guard (1...ViewChangePack.width).contains(count) else {
            throw ArchiveError.invalidStoredValue(table: "view_change_packs", column: "change_count", value: String(count))
        }
        return (property, count)
    }

    /// The pack's value `column` (below its `count`), refused when it is NULL.
    private static func viewChangePackValue(_ s: Statement, from start: Int32, column: Int32, count: Int) throws -> Double {
        guard !s.isNull(at: start + 4 + column) else {
            throw ArchiveError.invalidStoredValue(
                table: "view_change_packs", column: "v\(column)", value: "NULL (change_count is \(count))")
        }
        return s.double(at: start + 4 + column)
    }
}

/// `text` as an SQL string literal: in single quotes, each quote doubled.
func sqlStringLiteral(_ text: String) -> String {
    "'" + text.replacing("'", with: "''") + "'"
}

/// Finds the index of each row's session in an ascending id list, for rows that come in ascending
/// session order: a forward walk, no lookup.
struct SessionCursor {
    let ids: [Int64]
    private var next = 0

    init(ids: [Int64]) {
        self.ids = ids
    }

    /// The index of `id` in `ids`, or nil when it is not there; ids asked for must not decrease.
    mutating func position(of id: Int64) -> Int? {
        while next < ids.count, ids[next] < id { next += 1 }
        return next < ids.count && ids[next] == id ? next : nil
    }
}
