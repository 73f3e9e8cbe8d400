import CSQLite
import ReelStore
import ReelTestSupport
import ReelTrace

#if canImport(Glibc)
    import Glibc
#endif

/// A plain SQLite file made with the C API (no Reel application id).
func makeForeignSQLiteFile(_ path: String) {
    var handle: OpaquePointer?
    sqlite3_open(path, &handle)
    sqlite3_exec(handle, "CREATE TABLE photos (id INTEGER PRIMARY KEY, name TEXT)", nil, nil, nil)
    sqlite3_close(handle)
}

func writeTextFile(_ path: String, _ text: String) {
    let file = fopen(path, "w")!
    fputs(text, file)
    fclose(file)
}

let sampleEngine = EngineIdentity(name: "reel-builtin", version: "1.0.0", fingerprint: "fp-1", profileJSON: #"{"edge":20}"#)
let candidateEngine = EngineIdentity(name: "reel-builtin", version: "1.1.0", fingerprint: "fp-2", profileJSON: #"{"edge":24}"#)

/// A session with awkward values: fractional doubles, tiny and huge magnitudes, nil external id.
func sampleSession(contentHash: String = "hash-1", externalID: String? = nil, scenario: String = "nav.interactive-pop") -> RecordedSession {
    let header = SessionHeader(
        scenarioName: scenario, scenarioSpecJSON: #"{"kind":"push","name":"\#(scenario)"}"#,
        device: Device(width: 390, height: 844, scale: 3), refreshHz: 120, externalID: externalID,
        tags: ["slow", "edge \"quoted\"", "ünïcode"], sourceFile: "gestures.jsonl", sourceLine: 17,
        contentHash: contentHash)
    let touches = [
        Touch(t: 0, id: 0, phase: .began, x: 4, y: 420),
        Touch(t: 0.1 + 0.2, id: 0, phase: .moved, x: 9.5, y: 421.000_000_000_1),
        Touch(t: 1.0 / 3.0, id: 1, phase: .stationary, x: 1e-300, y: 1e300),
        Touch(t: 0.5, id: 0, phase: .ended, x: 180, y: 430),
    ]
    let frames = (0..<4).map { index -> Frame in
        let step = Double(index)
        let back = ViewState(key: "A.view", x: step * -0.3, y: 0, w: 390, h: 844, alpha: 1, z: 0)
        let dimming = ViewState(key: "dimming", x: 0, y: 0, w: 390, h: 844, alpha: step * 0.1, z: 1, hidden: index == 3)
        let transform = AffineTransform(a: 0.95, b: 0.01, c: -0.01, d: 0.95, tx: 1.5, ty: -2.25)
        let front = ViewState(
            key: "B.view", x: 390 - step * 97.123_456_789, y: 0, w: 390, h: 844, alpha: 0.99, transform: transform,
            rotationX: Double.pi / 7, rotationY: -Double.pi / 3, m34: -1.0 / 500, z: 2)
        return Frame(index: index, t: step / 120, progress: step / 7, views: [back, dimming, front])
    }
    let events = [
        TraceEvent(t: 0, kind: "gesture", subject: "pan", detail: "began"),
        TraceEvent(t: 0, kind: "lifecycle", subject: "B", detail: "viewWillAppear"),
        TraceEvent(t: 0.5, kind: "transition", subject: "nav", detail: "finish(0.62)"),
    ]
    let outcome = Outcome(completed: true, t: 0.512_345, hierarchy: #"{"stack":["A","B"]}"#)
    return RecordedSession(header: header, touches: touches, trace: Trace(frames: frames, events: events, outcome: outcome))
}

/// Every Double of a session, in a fixed order, for bit-exact comparison. Negative zero counts as
/// zero: SQLite stores integral REAL values as integers, which drops the sign of -0.0.
func allDoubles(_ session: RecordedSession) -> [UInt64] {
    var values = [session.header.device.width, session.header.device.height, session.header.device.scale, session.header.refreshHz]
    for touch in session.touches { values += [touch.t, touch.x, touch.y] }
    for frame in session.trace.frames {
        values += [frame.t, frame.progress]
        for view in frame.views {
            values += ViewProperty.allCases.map { $0.value(of: view) }
        }
    }
    for event in session.trace.events { values.append(event.t) }
    values.append(session.trace.outcome.t)
    return values.map { $0 == 0 ? 0 : $0.bitPattern }
}
