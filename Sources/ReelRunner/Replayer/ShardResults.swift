import ReelJSON
import ReelStore
import ReelTrace

/// One input of `reel merge`: a results archive written by `reel replay --results FILE`, read and
/// checked on its own (one finished replay, no recorded traces).
struct ShardResults {
    let path: String
    let run: ReplayRunRow
    let candidate: EngineIdentity
    /// The run's shard; 1/1 for a run over the whole selection.
    let shard: Shard
    /// The selected sessions: how many, and a digest of their ids and content hashes, equal for
    /// shards of one selection of one archive (`SessionsDigest`). A shard records them in its
    /// `selection_json` (member `selected`) and copies only its own share of the headers; a shard
    /// of an earlier Reel copied every selected session's header, so they are taken from its
    /// `sessions` table.
    let sessionCount: Int
    let sessionsDigest: String
    /// The run's `selection_json` without the `selected` member: what the shards' replays selected.
    let selectionJSON: String?
    /// How many sessions this run judged, and the first of them (by id) outside its shard, if any:
    /// counted as they are read, so an input's size does not grow the merge's memory.
    let judgedCount: Int
    let strayJudged: Int64?

    init(path: String) throws {
        self.path = path
        let archive = try Archive.open(path, mode: .readOnly)
        if try archive.holdsRecordedFrames() {
            throw Self.failure(
                path,
                "it holds recorded sessions, not only results; merge takes the archives written by "
                    + "`reel replay ARCHIVE --shard I/N --results FILE`")
        }
        let runs = try archive.replayRuns()
        guard runs.count == 1, let run = runs.first else {
            throw Self.failure(path, "it holds \(runs.count) replays; merge takes results archives of one replay each")
        }
        guard run.status == .finished else {
            throw Self.failure(path, "replay \(run.id) did not finish (status \(run.status.rawValue)); run that shard again")
        }
        if let reason = try archive.incompleteReplays()[run.id] {
            throw Self.failure(path, reason)
        }
        guard let candidate = try archive.engine(id: run.engineID) else {
            throw Self.failure(path, "replay \(run.id) names engine \(run.engineID), which is not in the engines table")
        }
        do {
            shard = try run.shard.map { text throws(ReelFailure) in try Shard(parsing: text) } ?? Shard(parsing: "1/1")
        } catch {
            throw Self.failure(path, "replay \(run.id) has an unreadable shard: \(error)")
        }
        self.run = run
        self.candidate = candidate

        if let recorded = try Self.selectedSessions(in: run.selectionJSON, path: path) {
            (sessionCount, sessionsDigest, selectionJSON) = recorded
        } else {
            var digest = SessionsDigest()
            try archive.forEachSessionContentHash { digest.add(id: $0, contentHash: $1) }
            (sessionCount, sessionsDigest, selectionJSON) = (digest.count, digest.hex, run.selectionJSON)
        }
        var judgedCount = 0
        var stray: Int64?
        let shard = self.shard
        try archive.forEachJudgedSessionID(replayID: run.id) { id in
            judgedCount += 1
            if stray == nil, !shard.contains(sessionID: id) { stray = id }
        }
        self.judgedCount = judgedCount
        strayJudged = stray
    }

    /// The `selected` member of `selection_json` (the count and digest of the whole selection,
    /// `ReplaySelection.json(selected:)`) and the selection without it; nil when it has none.
    private static func selectedSessions(
        in selectionJSON: String?, path: String
    ) throws -> (count: Int, digest: String, selectionJSON: String)? {
        guard let selectionJSON, let value = try? JSONParser.parse(selectionJSON), let selected = value.optionalMember("selected")
        else { return nil }
        guard let count = try? selected.optionalMember("sessions")?.asInteger(field: "sessions"), count >= 0,
            let digest = try? selected.optionalMember("sha256")?.asString(field: "sha256"), digest.utf8.count == 64,
            let selection = ReplaySelection(json: selectionJSON)
        else {
            throw failure(
                path,
                "its selection_json \(UntrustedText.sanitized(selectionJSON, limit: 200)) does not record the selected sessions as "
                    + "{\"sessions\": N, \"sha256\": \"HEX\"}")
        }
        return (count, digest, selection.json)
    }

    /// The ids of the session headers this input holds, ascending (its shard's share, or every
    /// selected session for a shard of an earlier Reel; only a failed merge lists them).
    func sessionIDs() throws -> [Int64] {
        try Archive.open(path, mode: .readOnly).sessionIDs()
    }

    /// The sessions this run judged, ascending (read again: only a failed merge lists them).
    func judged() throws -> [Int64] {
        try Archive.open(path, mode: .readOnly).judgedSessionIDs(replayID: run.id)
    }

    /// Why this input cannot be merged with `first` as shards of one replay (another candidate,
    /// tolerances, recorded selection, selected sessions or number of shards), nil when it can.
    func mismatch(with first: ShardResults) -> String? {
        if candidate.fingerprint != first.candidate.fingerprint {
            return "its candidate engine \(candidateDescription) is not \(first.path)'s \(first.candidateDescription) "
                + "(an external engine that never answered is \"exec unknown\")"
        }
        if run.tolerancesJSON != first.run.tolerancesJSON {
            return "its tolerances \(run.tolerancesJSON) are not \(first.path)'s \(first.run.tolerancesJSON)"
        }
        if let selection = selectionJSON, let firstSelection = first.selectionJSON, selection != firstSelection {
            return "it was run for \(ReplaySelection(json: selection).map(\.description) ?? selection), "
                + "\(first.path) for \(ReplaySelection(json: firstSelection).map(\.description) ?? firstSelection): "
                + "shards must replay the same archive with the same --scenario and --session options"
        }
        if sessionsDigest != first.sessionsDigest {
            return "it selected other sessions than \(first.path) (\(sessionCount) and \(first.sessionCount) sessions, "
                + "or different contents): shards must replay the same archive with the same --scenario and --session options"
        }
        if shard.count != first.shard.count {
            return "it is shard \(shard) but \(first.path) is shard \(first.shard)"
        }
        return nil
    }

    /// The candidate engine as people read it.
    var candidateDescription: String { "\(candidate.name) \(candidate.version) (\(run.candidate))" }

    static func failure(_ path: String, _ reason: String) -> ReelFailure {
        ReelFailure(.dataError, "\(path): cannot merge: \(reason)")
    }
}

/// A digest of a results archive's selected sessions, fed one session at a time in id order: the
/// SHA-256 of the SHA-256 hex digests of successive blocks of `blockSize` "ID CONTENT_HASH\n"
/// lines. Two equal listings give equal digests, and only one block is held at a time.
struct SessionsDigest {
    static let blockSize = 4096
    private(set) var count = 0
    private var block = ""
    private var blockDigests = ""

    mutating func add(id: Int64, contentHash: String) {
        block += "\(id) \(contentHash)\n"
        count += 1
        if count % Self.blockSize == 0 {
            blockDigests += SHA256.hex(block)
            block = ""
        }
    }

    /// The digest of the sessions added so far.
    var hex: String { SHA256.hex(blockDigests + SHA256.hex(block)) }
}
