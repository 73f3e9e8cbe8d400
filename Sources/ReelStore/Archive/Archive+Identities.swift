import ReelTrace

extension Archive {
    /// The id of the engine with `identity.fingerprint`, inserting the engine when it is new.
    package func engineID(for identity: EngineIdentity) throws -> Int64 {
        dropCachesAfterRollback()
        if let id = caches.engineIDs[identity.fingerprint] { return id }
        let id = try internedRowID(
            finding: "SELECT id FROM engines WHERE fingerprint = ?1",
            bind: { try $0.bind(identity.fingerprint, at: 1) },
            inserting: "INSERT INTO engines (name, version, fingerprint, profile_json) VALUES (?1, ?2, ?3, ?4)",
            bind: { statement in
                try statement.bind(identity.name, at: 1)
                try statement.bind(identity.version, at: 2)
                try statement.bind(identity.fingerprint, at: 3)
                try statement.bind(identity.profileJSON, at: 4)
            })
        caches.engineIDs[identity.fingerprint] = id
        return id
    }

    /// The engine stored under `id`.
    public func engine(id: Int64) throws -> EngineIdentity? {
        try database.withCachedStatement("SELECT name, version, fingerprint, profile_json FROM engines WHERE id = ?1") { statement in
            try statement.bind(id, at: 1)
            guard try statement.step() else { return nil }
            return EngineIdentity(
                name: statement.string(at: 0), version: statement.string(at: 1),
                fingerprint: statement.string(at: 2), profileJSON: statement.string(at: 3))
        }
    }

    /// The id of the scenario with this name and spec, inserting it when it is new.
    package func scenarioID(name: String, specJSON: String) throws -> Int64 {
        dropCachesAfterRollback()
        let key = ScenarioKey(name: name, specJSON: specJSON)
        if let id = caches.scenarioIDs[key] { return id }
        let id = try internedRowID(
            finding: "SELECT id FROM scenarios WHERE name = ?1 AND spec_json = ?2",
            inserting: "INSERT INTO scenarios (name, spec_json) VALUES (?1, ?2)",
            bind: { statement in
                try statement.bind(name, at: 1)
                try statement.bind(specJSON, at: 2)
            })
        caches.scenarioIDs[key] = id
        return id
    }

    /// The id of the interned view key, inserting it when it is new.
    func viewKeyID(_ key: String) throws -> Int64 {
        if let id = caches.viewKeyIDs[key] { return id }
        let id = try internedRowID(
            finding: "SELECT id FROM view_keys WHERE key = ?1",
            inserting: "INSERT INTO view_keys (key) VALUES (?1)",
            bind: { statement in
                try statement.bind(key, at: 1)
            })
        caches.viewKeyIDs[key] = id
        caches.viewKeys[id] = key
        return id
    }

    /// The id of the interned event name, inserting it when it is new.
    func eventNameID(_ name: EventName) throws -> Int64 {
        if let id = caches.eventNameIDs[name] { return id }
        let id = try internedRowID(
            finding: "SELECT id FROM event_names WHERE kind = ?1 AND subject = ?2 AND detail_head = ?3 AND detail_tail = ?4",
            inserting: "INSERT INTO event_names (kind, subject, detail_head, detail_tail) VALUES (?1, ?2, ?3, ?4)",
            bind: { statement in
                try bind(name, to: statement)
            })
        caches.eventNameIDs[name] = id
        return id
    }

    /// The id in `event_details` of the name `nameID` with `argument` (the bytes of an event's
    /// argument, nil for none), interned when new. An archive holds fewer than `EventPack.limit`
    /// details (95^4: a pack writes an id in at most four characters); past it, recording fails
    /// rather than writing a pack that reads back wrong.
    func eventDetailID(nameID: Int64, argument: UnsafeBufferPointer<UInt8>?) throws -> Int64 {
        let key = EventDetailKey(nameID: nameID, argument: argument)
        if let id = caches.eventDetailIDs[key] { return id }
        let text = argument.map { String(decoding: $0, as: UTF8.self) }
        let bind = { (statement: Statement) in
            try statement.bind(nameID, at: 1)
            try statement.bind(text, at: 2)
        }
        let insert = "INSERT INTO event_details (name_id, argument) VALUES (?1, ?2)"
        let id: Int64
        if try eventDetailsAllCached() {
            // No row has this key (the cache holds them all): the find would find nothing.
            id = try database.withCachedStatement(insert) { statement in
                try bind(statement)
                try statement.run()
                return database.lastInsertRowID
            }
        } else {
            id = try internedRowID(
                finding: "SELECT id FROM event_details WHERE name_id = ?1 AND argument IS ?2 ORDER BY id LIMIT 1",
                inserting: insert, bind: bind)
        }
        guard id >= 0 && id < EventPack.limit else {
            throw ArchiveError.invalidStoredValue(table: "event_details", column: "id", value: "\(id) (a pack holds ids below 95^4)")
        }
        caches.eventDetailIDs[key] = id
        return id
    }

    /// Whether `caches.eventDetailIDs` holds every `event_details` row, so that a key it lacks is
    /// in no row and `eventDetailID` can insert without looking first (a new archive's recording
    /// looks up each new detail once, about a fifth of the writer's cost of an event). Known when
    /// the table and the cache were both empty, and kept while no other connection commits
    /// (`PRAGMA data_version` unchanged): this connection adds details only through `eventDetailID`.
    /// Within one write transaction no other connection commits, so the version is read once per
    /// transaction, not once per detail the cache lacks.
    private func eventDetailsAllCached() throws -> Bool {
        if let transaction = database.writeTransaction, caches.eventDetailsCompleteInTransaction == transaction,
            caches.eventDetailsCompleteAt != nil
        {
            return true
        }
        let complete = try eventDetailsAllCachedAtDataVersion()
        caches.eventDetailsCompleteInTransaction = complete ? database.writeTransaction : nil
        return complete
    }

    /// `eventDetailsAllCached` by `PRAGMA data_version`, read now.
    private func eventDetailsAllCachedAtDataVersion() throws -> Bool {
        let version = try database.withCachedStatement("PRAGMA data_version") { statement in
            try statement.step() ? statement.int64(at: 0) : nil
        }
        guard let version else { return false }
        if caches.eventDetailsCompleteAt == version { return true }
        caches.eventDetailsCompleteAt = nil
        guard caches.eventDetailIDs.isEmpty else { return false }
        let empty = try database.withCachedStatement("SELECT NOT EXISTS (SELECT 1 FROM event_details)") { statement in
            try statement.step() && statement.int64(at: 0) == 1
        }
        if empty { caches.eventDetailsCompleteAt = version }
        return empty
    }

    /// Makes `event_slots` hold 0 ..< `count` (the view `trace_events` numbers a pack's events with it).
    func ensureEventSlots(_ count: Int) throws {
        let known: Int
        if let cached = caches.eventSlotCount {
            known = cached
        } else {
            known = try database.withCachedStatement("SELECT coalesce(max(seq) + 1, 0) FROM event_slots") { statement in
                try statement.step() ? statement.int(at: 0) : 0
            }
        }
        if count > known {
            try database.withCachedStatement("INSERT OR IGNORE INTO event_slots (seq) VALUES (?1)") { statement in
                for seq in known..<count {
                    try statement.bind(seq, at: 1)
                    try statement.run()
                }
            }
        }
        caches.eventSlotCount = max(known, count)
    }

    private func bind(_ name: EventName, to statement: Statement) throws {
        try statement.bind(name.kind, at: 1)
        try statement.bind(name.subject, at: 2)
        try statement.bind(name.detailHead, at: 3)
        try statement.bind(name.detailTail, at: 4)
    }

    /// The view key interned under `id`.
    func viewKey(id: Int64) throws -> String {
        dropCachesAfterRollback()
        if let key = caches.viewKeys[id] { return key }
        let key = try database.withCachedStatement("SELECT key FROM view_keys WHERE id = ?1") { statement in
            try statement.bind(id, at: 1)
            guard try statement.step() else {
                throw ArchiveError.invalidStoredValue(table: "frame_views", column: "view_id", value: String(id))
            }
            return statement.string(at: 0)
        }
        caches.viewKeys[id] = key
        caches.viewKeyIDs[key] = id
        return key
    }

    /// The id of the session recorded from input with this content hash, if any: re-recording the
    /// same input is a no-op.
    public func sessionID(contentHash: String) throws -> Int64? {
        try database.withCachedStatement("SELECT id FROM sessions WHERE content_hash = ?1") { statement in
            try statement.bind(contentHash, at: 1)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
    }

    /// The id the `find` query's first row holds, or, when it finds none, the id of the row the
    /// `insert` statement adds: how each interned table (engines, scenarios, view keys, event names
    /// and details) gets an id. `bindFind` and `bindInsert` bind each statement's parameters.
    private func internedRowID(
        finding find: String, bind bindFind: (Statement) throws -> Void,
        inserting insert: String, bind bindInsert: (Statement) throws -> Void
    ) throws -> Int64 {
        let existing = try database.withCachedStatement(find) { statement in
            try bindFind(statement)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
        if let existing { return existing }
        return try database.withCachedStatement(insert) { statement in
            try bindInsert(statement)
            try statement.run()
            return database.lastInsertRowID
        }
    }

    /// `internedRowID(finding:bind:inserting:bind:)` where both statements take the same parameters.
    private func internedRowID(finding find: String, inserting insert: String, bind: (Statement) throws -> Void) throws -> Int64 {
        try internedRowID(finding: find, bind: bind, inserting: insert, bind: bind)
    }

}
