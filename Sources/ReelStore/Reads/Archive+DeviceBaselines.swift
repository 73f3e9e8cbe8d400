extension Archive {
    /// The engines' profile member that marks an engine as a device's recorded traces
    /// (`reel record` of a device file names its engine so: `{"recorded_on":"device"}`).
    package static let deviceProfileJSON = "{\"recorded_on\":\"device\"}"

    /// For each of `sessionIDs` whose baseline is a device's trace (its engine's profile is
    /// `deviceProfileJSON`), the keys of the views that trace holds; sessions with another
    /// baseline are absent. A replay compares such a session on what the device recorded
    /// (docs/DEVICE.md, "Replaying against a device").
    ///
    /// ```swift
    /// let keys = try archive.deviceBaselineViewKeys(of: [1, 2, 3])
    /// keys[2]  // ["card"]: session 2's baseline is a device's
    /// ```
    package func deviceBaselineViewKeys(of sessionIDs: [Int64]) throws -> [Int64: Set<String>] {
        var keys: [Int64: Set<String>] = [:]
        guard !sessionIDs.isEmpty else { return keys }
        for id in sessionIDs {
            try database.withCachedStatement(
                """
                SELECT k.key
                FROM baselines AS b JOIN traces AS t ON t.id = b.trace_id JOIN engines AS e ON e.id = t.engine_id
                LEFT JOIN trace_views AS v ON v.trace_id = b.trace_id LEFT JOIN view_keys AS k ON k.id = v.view_id
                WHERE b.session_id = ?1 AND e.profile_json = ?2
                """
            ) { statement in
                try statement.bind(id, at: 1)
                try statement.bind(Self.deviceProfileJSON, at: 2)
                while try statement.step() {
                    var held = keys[id] ?? []
                    if let key = statement.optionalString(at: 0) { held.insert(key) }
                    keys[id] = held
                }
            }
        }
        return keys
    }
}
