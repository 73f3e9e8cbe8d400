import ReelTrace

/// The rules of a results archive (`reel replay --results`, `reel merge`): session headers and
/// verdicts, no touches and no traces. Its sessions are the ones its replay selected, so a
/// finished replay must have a verdict on every one of them in its shard, and every verdict that
/// names divergence kinds must have its divergence rows.
extension Archive {
    /// Whether the archive holds verdicts only: sessions without touches or traces (a recorded
    /// archive holds both for every session).
    package func isResultsArchive() throws -> Bool {
        try database.scalarInt64(
            """
            SELECT NOT EXISTS (SELECT 1 FROM traces) AND NOT EXISTS (SELECT 1 FROM touch_packs)
                AND NOT EXISTS (SELECT 1 FROM touch_rows)
            """) == 1
    }

    /// Why each finished replay's verdicts are not all there, by replay id (empty when every
    /// finished replay is whole). A replay row marked finished with part of its verdicts is what
    /// an interrupted `reel merge` of an earlier Reel left: such a replay must never read as a
    /// finished one with fewer divergences.
    ///
    /// In any archive, a verdict listing divergence kinds (`kinds_json` other than `[]`) without a single
    /// divergence row is incomplete. In a results archive, a finished replay must also have a
    /// verdict on each session of its shard (all sessions when it has none; `--shard I/N` takes
    /// the ids whose remainder modulo N is I - 1).
    ///
    /// Example: `["replay 1 is marked finished but has no verdict on 3 of its 40 sessions (1, 4, 7)"]`
    /// under key 1.
    package func incompleteReplays() throws -> [Int64: String] {
        var reasons: [Int64: String] = [:]
        let results = try isResultsArchive()
        for run in try replayRuns() where run.status == .finished {
            var parts: [String] = []
            if results {
                let (modulus, remainder) = Self.shardRule(run.shard)
                let missing = try database.prepare(
                    """
                    SELECT s.id FROM sessions AS s
                    WHERE s.id % ?2 = ?3
                      AND NOT EXISTS (SELECT 1 FROM replay_results AS rr WHERE rr.replay_id = ?1 AND rr.session_id = s.id)
                    ORDER BY s.id
                    """)
                try missing.bind(run.id, at: 1)
                try missing.bind(modulus, at: 2)
                try missing.bind(remainder, at: 3)
                let ids = try missing.rows { $0.int64(at: 0) }
                if !ids.isEmpty {
                    let selected =
                        try database.scalarInt64(
                            "SELECT count(*) FROM sessions WHERE id % \(modulus) = \(remainder)") ?? 0
                    parts.append("has no verdict on \(ids.count) of its \(selected) sessions (\(Self.few(ids)))")
                }
            }
            let bare = try database.prepare(
                """
                SELECT rr.session_id FROM replay_results AS rr
                WHERE rr.replay_id = ?1 AND rr.kinds_json <> '[]'
                  AND NOT EXISTS (SELECT 1 FROM divergences AS d WHERE d.replay_id = ?1 AND d.session_id = rr.session_id)
                ORDER BY rr.session_id
                """)
            try bare.bind(run.id, at: 1)
            let ids = try bare.rows { $0.int64(at: 0) }
            if !ids.isEmpty {
                parts.append("lacks the divergence rows of \(ids.count) diverged verdicts (sessions \(Self.few(ids)))")
            }
            if !parts.isEmpty {
                reasons[run.id] =
                    "replay \(run.id) is marked finished but \(parts.joined(separator: " and ")): an interrupted write "
                    + "(a merge stopped part way?); its counts are not the replay's, run it or merge it again"
            }
        }
        return reasons
    }

    /// Throws bad data (65) naming the archive when replay `replayID` is finished but incomplete
    /// (`incompleteReplays`): for readers that would otherwise present it as a whole replay.
    package func requireCompleteReplay(_ replayID: Int64) throws {
        if let reason = try incompleteReplays()[replayID] {
            throw ReelFailure(.dataError, "\(path): \(reason)")
        }
    }

    /// The problems `reel info --check` reports for a results archive: foreign keys are checked
    /// by the caller; these are its own rules (`incompleteReplays`), one line per replay.
    package func resultsArchiveProblems() throws -> [String] {
        try incompleteReplays().sorted { $0.key < $1.key }.map(\.value)
    }

    /// `(N, I - 1)` for a shard "I/N", `(1, 0)` (every id) for none or an unreadable one.
    private static func shardRule(_ shard: String?) -> (modulus: Int64, remainder: Int64) {
        guard let shard else { return (1, 0) }
        let parts = shard.split(separator: "/").compactMap { Int64($0) }
        guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else { return (1, 0) }
        return (parts[1], parts[0] - 1)
    }

    /// Up to five ids, and how many more.
    private static func few(_ ids: [Int64]) -> String {
        ids.prefix(5).map(String.init).joined(separator: ", ") + (ids.count > 5 ? " and \(ids.count - 5) more" : "")
    }
}
