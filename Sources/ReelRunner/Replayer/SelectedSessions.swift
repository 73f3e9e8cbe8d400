import ReelStore
import ReelTrace

/// The sessions a replay takes, read from the recorded archive block by block and never held as
/// one list: the selection's ids in ascending order, those of the replay's shard, without those a
/// resumed replay has judged, handed out a chunk at a time (`nextChunk`).
///
/// `census` walks the whole selection once first (counting it, digesting it and copying the
/// shard's session headers into a separate results archive), and its last id bounds every block
/// read afterwards, so sessions recorded while the replay runs are not taken.
///
/// ```swift
/// let sessions = SelectedSessions(archive: source, selection: selection, scenarios: nil, shard: nil, judged: nil)
/// let census = try sessions.census(copyingHeadersInto: nil)
/// while case let chunk = try sessions.nextChunk(512), !chunk.isEmpty { /* replay chunk */ }
/// ```
final class SelectedSessions {
    /// Ids read with one query (4,096 by default: 32 kB of them).
    let blockSize: Int

    private let archive: Archive
    private let selection: ReplaySelection
    /// The selection's scenarios resolved against the archive (`ReplaySelection.resolvedScenarios`).
    private let scenarios: [String]?
    private let shard: Shard?
    private let judged: Set<Int64>?
    /// The last selected id the census saw; nil before the census.
    private var last: Int64?
    /// The last id read so far, and the ids read and not yet handed out.
    private var readThrough: Int64?
    private var pending: [Int64] = []
    private var pendingStart = 0
    private var exhausted = false

    init(
        archive: Archive, selection: ReplaySelection, scenarios: [String]?, shard: Shard?, judged: Set<Int64>?, blockSize: Int = 4096
    ) {
        self.blockSize = max(1, blockSize)
        self.archive = archive
        self.selection = selection
        self.scenarios = scenarios
        self.shard = shard
        self.judged = judged
    }

    /// What the census found: every selected session's count and digest (`SessionsDigest`, ids
    /// and content hashes), and how many of them this run replays (its shard's, not yet judged).
    struct Census {
        var selected = 0
        var digest = SessionsDigest()
        var toReplay = 0
    }

    /// Walks the selection once, one row at a time. With `results`, a separate results archive,
    /// it copies the header of each session of this run's shard into it (in one transaction).
    func census(copyingHeadersInto results: ResultsArchive?) throws -> Census {
        var census = Census()
        let walk = {
            try self.forEachSelected { id, contentHash in
                census.selected += 1
                census.digest.add(id: id, contentHash: contentHash)
                self.last = id
                guard self.shard?.contains(sessionID: id) ?? true else { return }
                try results?.copySessionHeader(id)
                if !(self.judged?.contains(id) ?? false) { census.toReplay += 1 }
            }
        }
        if let results { try results.archive.write(walk) } else { try walk() }
        return census
    }

    private func forEachSelected(_ body: (Int64, String) throws -> Void) throws {
        if scenarios?.isEmpty == true { return }
        try archive.forEachSelectedSession(
            scenarios: scenarios, ids: selection.sessionIDs, tags: selection.tags, notMatchedIn: selection.divergedIn, body)
    }

    /// The next `size` ids to replay, ascending (fewer only at the end; none after it). Each
    /// block of the selection is one query after the last id read, up to the census's last id.
    func nextChunk(_ size: Int) throws -> [Int64] {
        var chunk: [Int64] = []
        chunk.reserveCapacity(size)
        while chunk.count < size {
            if pendingStart == pending.count {
                guard try readBlock() else { break }
                continue
            }
            chunk.append(pending[pendingStart])
            pendingStart += 1
        }
        return chunk
    }

    /// Reads the next block of the selection into `pending`, keeping this run's ids; false at the end.
    private func readBlock() throws -> Bool {
        guard !exhausted, let last, scenarios?.isEmpty != true else { return false }
        let block = try archive.sessionIDs(
            scenarios: scenarios, ids: selection.sessionIDs, tags: selection.tags, notMatchedIn: selection.divergedIn,
            after: readThrough, through: last, limit: blockSize)
        readThrough = block.last ?? readThrough
        exhausted = block.count < blockSize
        pending = block.filter { id in (shard?.contains(sessionID: id) ?? true) && !(judged?.contains(id) ?? false) }
        pendingStart = 0
        return !block.isEmpty
    }
}
