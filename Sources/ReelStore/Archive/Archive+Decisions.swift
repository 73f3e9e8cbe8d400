import ReelTrace

/// A decision's interned rule, source and recognizer state (`decision_rules`).
struct DecisionRuleKey: Hashable {
    var rule: String
    var source: String
    var recognizerState: String
}

extension Archive {
    /// Stores engine `engineID`'s completion decision of session `sessionID` (schema v9,
    /// `decision_rows`), interning its rule, source and recognizer state. An engine's decision of a
    /// session is stored once: one already stored is kept (the same engine and touches decide the same).
    ///
    /// ```swift
    /// try archive.write { try archive.insertDecision(decision, sessionID: 4, engineID: 1) }
    /// ```
    package func insertDecision(_ decision: StoredDecision, sessionID: Int64, engineID: Int64) throws {
        let ruleID = try decisionRuleID(
            DecisionRuleKey(rule: decision.rule, source: decision.source, recognizerState: decision.recognizerState))
        try database.withCachedStatement(
            """
            INSERT OR IGNORE INTO decision_rows (session_id, engine_id, rule_id, finish, progress, velocity, acceleration,
                horizon, value, threshold, velocity_threshold, scale, scale_threshold)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
            """
        ) { statement in
            try statement.bind(sessionID, at: 1)
            try statement.bind(engineID, at: 2)
            try statement.bind(ruleID, at: 3)
            try statement.bind(Int64(decision.finish ? 1 : 0), at: 4)
            let numbers = [
                decision.progress, decision.velocity, decision.acceleration, decision.horizon, decision.value,
                decision.threshold, decision.velocityThreshold, decision.scale, decision.scaleThreshold,
            ]
            for (offset, number) in numbers.enumerated() {
                // NaN cannot be stored (SQLite makes it NULL): an engine's NaN reads back as "not given".
                try statement.bind(number.flatMap { $0.isNaN ? nil : $0 }, at: Int32(5 + offset))
            }
            try statement.run()
        }
    }

    /// The decision stored for session `sessionID` by the engine with `fingerprint`, nil when none
    /// is (sessions stored before schema v9, engines that do not tell, rules not written out).
    package func storedDecision(sessionID: Int64, engineFingerprint fingerprint: String) throws -> StoredDecision? {
        try database.withCachedStatement(
            """
            SELECT r.rule, r.source, r.recognizer_state, d.finish, d.progress, d.velocity, d.acceleration, d.horizon,
                d.value, d.threshold, d.velocity_threshold, d.scale, d.scale_threshold
            FROM decision_rows AS d
            JOIN engines AS e ON e.id = d.engine_id
            JOIN decision_rules AS r ON r.id = d.rule_id
            WHERE d.session_id = ?1 AND e.fingerprint = ?2
            """
        ) { statement in
            try statement.bind(sessionID, at: 1)
            try statement.bind(fingerprint, at: 2)
            guard try statement.step() else { return nil }
            let number = { (column: Int32) in statement.optionalDouble(at: column) }
            return StoredDecision(
                rule: statement.string(at: 0), source: statement.string(at: 1), recognizerState: statement.string(at: 2),
                finish: statement.int64(at: 3) == 1, progress: number(4), velocity: number(5), acceleration: number(6),
                horizon: number(7), value: number(8), threshold: number(9), velocityThreshold: number(10), scale: number(11),
                scaleThreshold: number(12))
        }
    }

    /// The id of the interned rule, source and state, inserting them when they are new.
    private func decisionRuleID(_ key: DecisionRuleKey) throws -> Int64 {
        dropCachesAfterRollback()
        if let id = caches.decisionRuleIDs[key] { return id }
        let bind = { (statement: Statement) in
            try statement.bind(key.rule, at: 1)
            try statement.bind(key.source, at: 2)
            try statement.bind(key.recognizerState, at: 3)
        }
        let existing = try database.withCachedStatement(
            "SELECT id FROM decision_rules WHERE rule = ?1 AND source = ?2 AND recognizer_state = ?3"
        ) { statement in
            try bind(statement)
            return try statement.step() ? statement.int64(at: 0) : nil
        }
        let id =
            try existing
            ?? database.withCachedStatement(
                "INSERT INTO decision_rules (rule, source, recognizer_state) VALUES (?1, ?2, ?3)"
            ) { statement in
                try bind(statement)
                try statement.run()
                return database.lastInsertRowID
            }
        caches.decisionRuleIDs[key] = id
        return id
    }
}
