import ReelTrace

/// Retention: old replays' verdicts, divergences and kept traces removed, baselines untouched.
extension Archive {
    /// Which replays `prune` removes.
    package enum PruneSelection: Sendable, Equatable {
        /// Every replay but the `count` newest (by id).
        case keepLast(Int)
        /// Every replay begun before this date or time (ISO 8601, as SQLite's `julianday` reads it:
        /// `2026-11-01`, `2026-11-01T12:00:00Z`).
        case before(String)
    }

    /// What a prune removed and what it kept on purpose.
    package struct PruneSummary: Sendable, Equatable {
        /// The replays removed, ascending.
        package var pruned: [Int64] = []
        /// Their verdict rows, divergence rows and kept traces (the candidate's traces of diverged sessions).
        package var verdicts: Int64 = 0
        package var divergences: Int64 = 0
        package var traces: Int64 = 0
        /// Selected replays kept because a baseline or the baseline history needs them: an accepted
        /// replay, or one whose kept traces another replay's accept made baselines (a later replay
        /// of the same engine keeps no copy of a trace stored already: it reuses the earlier one's).
        package var keptAccepted: [Int64] = []
        /// For each of `keptAccepted`, the replays whose accept it is kept for, ascending: itself
        /// when a `reel accept` named it, and those whose accept made one of its traces a baseline.
        package var keptFor: [Int64: [Int64]] = [:]
        /// Selected replays kept because they are still running (a stopped run can be resumed).
        package var keptRunning: [Int64] = []
    }

    /// Removes the selected replays with their verdicts, divergences and kept traces, in one
    /// transaction; a replay still running, or one whose traces a baseline or the baseline history
    /// names, is kept and reported. Baselines, sessions and the recorded traces are never touched.
    /// Space is reclaimed by `reclaimSpace()` afterwards.
    ///
    /// ```swift
    /// let archive = try Archive.open("gestures.sqlite", mode: .readWrite)
    /// let summary = try archive.prune(.keepLast(5))   // every replay but the five newest
    /// try archive.reclaimSpace()
    /// ```
    ///
    /// - Parameter verdictsPerStatement: how many verdict rows one `DELETE` removes (`deleteVerdicts`).
    /// - Throws: `ReelFailure(.usage)` for a date SQLite cannot read or a negative count.
    package func prune(_ selection: PruneSelection, verdictsPerStatement: Int64 = 50_000) throws -> PruneSummary {
        var summary = PruneSummary()
        try write {
            for (id, status) in try selectedReplays(selection) {
                if status == "running" {
                    summary.keptRunning.append(id)
                } else if try isNeededByBaselines(replayID: id) {
                    summary.keptAccepted.append(id)
                    summary.keptFor[id] = try acceptsNeeding(replayID: id)
                } else {
                    summary.verdicts += try count("SELECT count(*) FROM replay_results WHERE replay_id = ?1", id)
                    summary.divergences += try count("SELECT count(*) FROM divergences WHERE replay_id = ?1", id)
                    summary.traces += try count("SELECT count(*) FROM traces WHERE replay_id = ?1", id)
                    // Kept traces first (their rows cascade), then the verdicts in blocks (their
                    // divergences cascade), then the replay.
                    try run("DELETE FROM traces WHERE replay_id = ?1", id)
                    try deleteVerdicts(ofReplay: id, perStatement: max(1, verdictsPerStatement))
                    try run("DELETE FROM replays WHERE id = ?1", id)
                    summary.pruned.append(id)
                }
            }
        }
        return summary
    }

    /// Gives the space of deleted rows back to the file system (`VACUUM`, then the write-ahead log
    /// folded in). Needs free disk about the archive's size while it runs.
    ///
    /// VACUUM copies every row into a fresh file and checks the schema's CHECK constraints there,
    /// which with `trusted_schema=OFF` SQLite refuses for `json_valid` ("unsafe use"). The schema was
    /// verified to be exactly the one Reel's migrations create when the archive was opened
    /// (`SchemaCheck`), so it is trusted for this one statement.
    package func reclaimSpace() throws {
        try database.execute("PRAGMA trusted_schema = ON")
        defer { try? database.execute("PRAGMA trusted_schema = OFF") }
        try database.execute("VACUUM")
        try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// Deletes a replay's verdict rows (and, by cascade, their divergences) `block` sessions at a
    /// time, by ranges of the primary key. One statement for all of them makes
    /// SQLite gather every deleted key first (a million verdicts a replay at a million sessions):
    /// its memory and time then grow faster than the replay; in blocks both stay per block.
    private func deleteVerdicts(ofReplay id: Int64, perStatement block: Int64) throws {
        var after = Int64.min
        while true {
            // The last session of the next block, or nil when fewer rows than a block are left.
            let last = try database.withCachedStatement(
                "SELECT session_id FROM replay_results WHERE replay_id = ?1 AND session_id > ?2 ORDER BY session_id LIMIT 1 OFFSET ?3"
            ) { statement in
                try statement.bind(id, at: 1)
                try statement.bind(after, at: 2)
                try statement.bind(block - 1, at: 3)
                return try statement.step() ? statement.int64(at: 0) : nil
            }
            try database.withCachedStatement(
                "DELETE FROM replay_results WHERE replay_id = ?1 AND session_id > ?2 AND session_id <= ?3"
            ) { statement in
                try statement.bind(id, at: 1)
                try statement.bind(after, at: 2)
                try statement.bind(last ?? Int64.max, at: 3)
                try statement.run()
            }
            guard let last else { return }
            after = last
        }
    }

    /// The selected replays with their status, ascending by id.
    private func selectedReplays(_ selection: PruneSelection) throws -> [(Int64, String)] {
        switch selection {
        case .keepLast(let count):
            guard count >= 0 else { throw ReelFailure(.usage, "--keep-last must be 0 or more, not \(count)") }
            return try database.withCachedStatement(
                "SELECT id, status FROM replays WHERE id NOT IN (SELECT id FROM replays ORDER BY id DESC LIMIT ?1) ORDER BY id"
            ) { statement in
                try statement.bind(Int64(count), at: 1)
                return try statement.rows { ($0.int64(at: 0), $0.string(at: 1)) }
            }
        case .before(let date):
            let readable = try database.withCachedStatement("SELECT julianday(?1) IS NOT NULL") { statement in
                try statement.bind(date, at: 1)
                return try statement.step() && statement.int64(at: 0) == 1
            }
            guard readable else {
                throw ReelFailure(.usage, "--before \(date): not a date (use 2026-11-01 or 2026-11-01T12:00:00Z)")
            }
            return try database.withCachedStatement(
                "SELECT id, status FROM replays WHERE julianday(started_at) < julianday(?1) ORDER BY id"
            ) { statement in
                try statement.bind(date, at: 1)
                return try statement.rows { ($0.int64(at: 0), $0.string(at: 1)) }
            }
        }
    }

    /// Whether a baseline or the baseline history names the replay or one of its traces.
    private func isNeededByBaselines(replayID: Int64) throws -> Bool {
        try count(
            """
            SELECT (SELECT count(*) FROM baseline_history WHERE replay_id = ?1)
                + (SELECT count(*) FROM traces AS t WHERE t.replay_id = ?1 AND (
                    t.id IN (SELECT trace_id FROM baselines)
                    OR t.id IN (SELECT trace_id FROM baseline_history)
                    OR t.id IN (SELECT replaced_by FROM baseline_history)))
            """, replayID) > 0
    }

    /// The replays whose accept needs replay `replayID`, ascending: itself when an accept named it,
    /// and those whose accept made one of its traces a baseline (`baseline_history.replaced_by`).
    private func acceptsNeeding(replayID: Int64) throws -> [Int64] {
        try database.withCachedStatement(
            """
            SELECT DISTINCT replay_id FROM baseline_history WHERE replay_id IS NOT NULL
              AND (replay_id = ?1 OR replaced_by IN (SELECT id FROM traces WHERE replay_id = ?1)) ORDER BY replay_id
            """
        ) { statement in
            try statement.bind(replayID, at: 1)
            return try statement.rows { $0.int64(at: 0) }
        }
    }

    private func count(_ sql: String, _ id: Int64) throws -> Int64 {
        try database.withCachedStatement(sql) { statement in
            try statement.bind(id, at: 1)
            return try statement.step() ? statement.int64(at: 0) : 0
        }
    }

    private func run(_ sql: String, _ id: Int64) throws {
        try database.withCachedStatement(sql) { statement in
            try statement.bind(id, at: 1)
            try statement.run()
        }
    }
}
