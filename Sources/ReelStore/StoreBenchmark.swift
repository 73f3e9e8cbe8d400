import ReelTrace

/// The archive's bulk-write benchmark: whole sessions through `Archive.insert`, batched in
/// transactions, the way the recorder writes them. tools/bench-src/insert.c writes the same rows with
/// plain C for comparison, so the values here follow the formulas written out in that file.
package struct StoreBenchmark: Sendable {
    package var framesPerSession = 60
    package var viewsPerFrame = 5
    package var touchesPerSession = 20
    package var eventsPerSession = 4
    package var sessionsPerTransaction = 20

    package init() {}

    /// What one run wrote and how long it took.
    package struct Result: Sendable {
        package var sessions: Int
        package var frameViewRows: Int
        package var seconds: Double
        package var frameViewRowsPerSecond: Double { Double(frameViewRows) / seconds }
    }

    /// The trace every benchmark session carries (only the content hash differs between sessions).
    func templateSession() -> RecordedSession {
        let f = Double(framesPerSession)
        let frames = (0..<framesPerSession).map { index -> Frame in
            let i = Double(index)
            let views = (0..<viewsPerFrame).map { v -> ViewState in
                let k = Double(v)
                return ViewState(
                    key: "view\(v)", x: i * 0.5 + k * 10.25, y: k * 1.5, w: 390, h: 844, alpha: i / f,
                    transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: i * 0.25, ty: 0),
                    rotationX: 0, rotationY: k * 0.01, m34: v == 0 ? 0 : -0.002, z: v,
                    hidden: v == viewsPerFrame - 1 && index % 2 == 1)
            }
            return Frame(index: index, t: i / 60, progress: i / f, views: views)
        }
        let touches = (0..<touchesPerSession).map { n in
            let phase: TouchPhase = n == 0 ? .began : n == touchesPerSession - 1 ? .ended : .moved
            return Touch(t: Double(n) / 60, id: 0, phase: phase, x: 4 + Double(n) * 9.5, y: 420)
        }
        let events = (0..<eventsPerSession).map { n in
            TraceEvent(t: Double(n) / 60, kind: "lifecycle", subject: "B", detail: "viewWillAppear")
        }
        let header = SessionHeader(
            scenarioName: "bench", scenarioSpecJSON: "{}", device: .phone, refreshHz: 60, contentHash: "")
        return RecordedSession(
            header: header, touches: touches,
            trace: Trace(frames: frames, events: events, outcome: Outcome(completed: true, t: 1, hierarchy: "{}")))
    }

    /// Writes sessions into a new archive at `path` until at least `frameViewRows` frame-view rows
    /// are stored, and times the writing (opening and migrating the archive is not timed).
    package func run(path: String, frameViewRows: Int) throws -> Result {
        let archive = try Archive.open(path, mode: .readWrite)
        let engine = try archive.engineID(for: EngineIdentity(name: "bench", version: "1", fingerprint: "bench", profileJSON: "{}"))
        let rowsPerSession = framesPerSession * viewsPerFrame
        let sessions = (frameViewRows + rowsPerSession - 1) / rowsPerSession
        var session = templateSession()
        let clock = ContinuousClock()
        let start = clock.now
        var written = 0
        while written < sessions {
            let batch = min(sessionsPerTransaction, sessions - written)
            try archive.write {
                for n in written..<(written + batch) {
                    session.header.contentHash = "bench-\(n)"
                    try archive.insert(session, engineID: engine)
                }
            }
            written += batch
        }
        return Result(sessions: sessions, frameViewRows: sessions * rowsPerSession, seconds: Self.seconds(clock.now - start))
    }

    /// Copies every session of the archive at `sourcePath` into a new archive at `path`, the raw
    /// store's rate for exactly the rows a recording wrote: sessions are read `sessionsPerTransaction`
    /// at a time (not timed) and written in one transaction each (timed).
    package func rewrite(from sourcePath: String, into path: String) throws -> Result {
        let source = try Archive.open(sourcePath, mode: .readOnly)
        let archive = try Archive.open(path, mode: .readWrite)
        let engine = try archive.engineID(for: EngineIdentity(name: "bench", version: "1", fingerprint: "bench", profileJSON: "{}"))
        let ids = try source.sessionIDs()
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var rows = 0
        for batchStart in stride(from: 0, to: ids.count, by: sessionsPerTransaction) {
            let batch = try source.loadSessions(Array(ids[batchStart..<min(batchStart + sessionsPerTransaction, ids.count)]))
            rows += batch.reduce(0) { total, session in total + session.trace.frames.reduce(0) { $0 + $1.views.count } }
            let start = clock.now
            try archive.write {
                for session in batch { try archive.insert(session, engineID: engine) }
            }
            elapsed += clock.now - start
        }
        return Result(sessions: ids.count, frameViewRows: rows, seconds: Self.seconds(elapsed))
    }

    /// Bytes of the tables that store frame views (`trace_views` and `view_change_packs`: their pages, as
    /// SQLite's dbstat counts them) per frame-view row the `frame_views` view shows, in the archive at `path`.
    package static func frameViewBytesPerRow(path: String) throws -> Double {
        let archive = try Archive.open(path, mode: .readOnly)
        let bytes =
            try archive.database.scalarInt64(
                "SELECT sum(pgsize) FROM dbstat WHERE name = 'trace_views' OR name = 'view_change_packs'") ?? 0
        let rows = try archive.baselineRowCounts().first { $0.view == "frame_views" }?.rows ?? 0
        return Double(bytes) / Double(max(rows, 1))
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
    }
}
