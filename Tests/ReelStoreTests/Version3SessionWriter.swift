import ReelStore
import ReelTrace

/// Writes `session` the way reel wrote sessions up to schema v3 (one row per frame, per view and
/// frame, per event, and an outcome), with plain SQL into an archive at schema v1, v2 or v3: how
/// the migration tests make the archives that older reels left behind. Returns the session's id.
@discardableResult
func insertVersion3Session(_ session: RecordedSession, engineID: Int64, into archive: Archive) throws -> Int64 {
    let database = archive.database
    let header = session.header
    let scenario = try archive.scenarioID(name: header.scenarioName, specJSON: header.scenarioSpecJSON)
    let row = try database.prepare(
        """
        INSERT INTO sessions (scenario_id, engine_id, content_hash, external_id, device_width, device_height,
            device_scale, size_class, refresh_hz, tags, source_file, source_line, recorded_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, json(?10), ?11, ?12, '2025-01-31T11:00:00.000Z')
        """)
    try row.bind(scenario, at: 1)
    try row.bind(engineID, at: 2)
    try row.bind(header.contentHash, at: 3)
    try row.bind(header.externalID, at: 4)
    try row.bind(header.device.width, at: 5)
    try row.bind(header.device.height, at: 6)
    try row.bind(header.device.scale, at: 7)
    try row.bind(header.device.horizontalSizeClass.rawValue, at: 8)
    try row.bind(header.refreshHz, at: 9)
    try row.bind("[" + header.tags.map { JSONString.quoted($0) }.joined(separator: ",") + "]", at: 10)
    try row.bind(header.sourceFile, at: 11)
    try row.bind(header.sourceLine, at: 12)
    try row.run()
    let id = database.lastInsertRowID
    let touch = try database.prepare("INSERT INTO touches VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)")
    for (seq, t) in session.touches.enumerated() {
        try touch.bind(id, at: 1)
        try touch.bind(Int64(seq), at: 2)
        try touch.bind(t.t, at: 3)
        try touch.bind(Int64(t.id), at: 4)
        try touch.bind(t.phase.rawValue, at: 5)
        try touch.bind(t.x, at: 6)
        try touch.bind(t.y, at: 7)
        try touch.run()
    }
    let frame = try database.prepare("INSERT INTO frames VALUES (?1, ?2, ?3, ?4)")
    let view = try database.prepare(
        "INSERT INTO frame_views VALUES (?1, ?2, (SELECT id FROM view_keys WHERE key = ?3), ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)"
    )
    let key = try database.prepare("INSERT OR IGNORE INTO view_keys (key) VALUES (?1)")
    for f in session.trace.frames {
        try frame.bind(id, at: 1)
        try frame.bind(Int64(f.index), at: 2)
        try frame.bind(f.t, at: 3)
        try frame.bind(f.progress, at: 4)
        try frame.run()
        for v in f.views {
            try key.bind(v.key, at: 1)
            try key.run()
            let values = [v.x, v.y, v.w, v.h, v.alpha] + v.transform.components + [v.rotationX, v.rotationY, v.m34]
            try view.bind(id, at: 1)
            try view.bind(Int64(f.index), at: 2)
            try view.bind(v.key, at: 3)
            try view.bind(Int64(v.z), at: 4)
            for (offset, value) in values.enumerated() { try view.bind(value, at: Int32(5 + offset)) }
            try view.bind(v.hidden, at: 19)
            try view.run()
        }
    }
    let event = try database.prepare("INSERT INTO events VALUES (?1, ?2, ?3, ?4, ?5, ?6)")
    for (seq, e) in session.trace.events.enumerated() {
        try event.bind(id, at: 1)
        try event.bind(Int64(seq), at: 2)
        try event.bind(e.t, at: 3)
        try event.bind(e.kind, at: 4)
        try event.bind(e.subject, at: 5)
        try event.bind(e.detail, at: 6)
        try event.run()
    }
    let outcome = try database.prepare("INSERT INTO outcomes VALUES (?1, ?2, ?3, ?4)")
    try outcome.bind(id, at: 1)
    try outcome.bind(session.trace.outcome.completed ? "finished" : "cancelled", at: 2)
    try outcome.bind(session.trace.outcome.t, at: 3)
    try outcome.bind(session.trace.outcome.hierarchy, at: 4)
    try outcome.run()
    return id
}
