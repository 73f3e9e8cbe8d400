import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 37 (replay): the replay compares the recorded frames as the archive decodes them, with no
/// `Frame` made per recorded frame. Through the `reel` executable, one stored value changed by hand
/// in one frame of one session is still found at that frame, view and property, with the values,
/// delta, first divergent frame and worst error the divergence rule gives (a property is reported
/// at its first frame outside its tolerance, `expected` the recording, `actual` the replay, `delta`
/// actual minus expected); the other sessions still match.
@Suite("A changed stored value in one frame")
struct ChangedStoredValueTests {
    /// One value of a stored trace: a view change pack's first value (its frame only, since the
    /// pack's next value holds the frame after).
    struct StoredValue {
        var session: Int64
        var trace: Int64
        var viewID: Int64
        var key: String
        var property: String
        var propertyID: Int
        var frame: Int
        var value: Double
    }

    /// An archive of 3 recorded nav.interactive-pop sessions and its folder.
    private static func archive() throws -> (folder: String, path: String) {
        let folder = try temporaryFolder()
        let path = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 3, seed: 5, in: folder), into: path)
        return (folder, path)
    }

    /// The first value of the latest pack of at least two changes of a property judged with a
    /// tolerance (x to m34) of session 2's baseline trace.
    private static func packValue(in database: Database) throws -> StoredValue {
        let s = try database.prepare(
            """
            SELECT bl.session_id, c.trace_id, c.view_id, k.key, p.name, c.property, c.first_frame, c.v0
            FROM baselines AS bl JOIN view_change_packs AS c ON c.trace_id = bl.trace_id
            JOIN view_keys AS k ON k.id = c.view_id JOIN view_properties AS p ON p.id = c.property
            WHERE bl.session_id = 2 AND c.change_count >= 2 AND c.property < 14
            ORDER BY c.first_frame DESC, c.view_id, c.property LIMIT 1
            """)
        #expect(try s.step(), "session 2 has a pack of two changes")
        return StoredValue(
            session: s.int64(at: 0), trace: s.int64(at: 1), viewID: s.int64(at: 2), key: s.string(at: 3), property: s.string(at: 4),
            propertyID: s.int(at: 5), frame: s.int(at: 6), value: s.double(at: 7))
    }

    /// The frame divergences of `session` in replay 1: frame, key, property, expected, actual, delta, detail.
    private static func divergences(_ path: String, session: Int64) throws -> [[String]] {
        let database = try Database.open(path, mode: .readOnly)
        let s = try database.prepare(
            """
            SELECT kind, frame_index, view_key, property, expected, actual, delta, detail FROM divergences
            WHERE replay_id = 1 AND session_id = ?1 ORDER BY id
            """)
        try s.bind(session, at: 1)
        var rows: [[String]] = []
        while try s.step() {
            rows.append([
                s.string(at: 0), String(s.int(at: 1)), s.string(at: 2), s.string(at: 3), s.string(at: 4), s.string(at: 5),
                String(s.double(at: 6)), s.string(at: 7),
            ])
        }
        return rows
    }

    /// Each session's status, first divergent frame and worst error in replay 1.
    private static func results(_ path: String) throws -> [[String]] {
        let database = try Database.open(path, mode: .readOnly)
        let s = try database.prepare(
            "SELECT session_id, status, first_divergent_frame, max_error FROM replay_results WHERE replay_id = 1 ORDER BY session_id")
        var rows: [[String]] = []
        while try s.step() {
            rows.append([
                String(s.int64(at: 0)), s.string(at: 1), s.isNull(at: 2) ? "-" : String(s.int(at: 2)), String(s.double(at: 3)),
            ])
        }
        return rows
    }

    @Test func aChangedPackValueIsFoundAtItsFrameViewAndProperty() throws {
        let (folder, path) = try Self.archive()
        let changed: Double
        let stored: StoredValue
        do {
            let database = try Database.open(path, mode: .readWrite)
            stored = try Self.packValue(in: database)
            // Far outside any tolerance (at most a third of a point).
            changed = stored.value + 7.25
            let update = try database.prepare(
                "UPDATE view_change_packs SET v0 = ?1 WHERE trace_id = ?2 AND view_id = ?3 AND property = ?4 AND first_frame = ?5")
            try update.bind(changed, at: 1)
            try update.bind(stored.trace, at: 2)
            try update.bind(stored.viewID, at: 3)
            try update.bind(stored.propertyID, at: 4)
            try update.bind(stored.frame, at: 5)
            try update.run()
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let run = try runReel(["replay", path, "--jobs", "1", "--format", "json"], in: folder)
        #expect(run.status == 1, "a frame divergence fails the replay: \(run.status) \(run.standardError)")
        // The recording says `changed`, the engine (which recorded `stored.value`) says the original.
        let delta = stored.value - changed
        #expect(
            try Self.divergences(path, session: stored.session) == [
                [
                    "frame", String(stored.frame), stored.key, stored.property, "\(changed)", "\(stored.value)", String(delta),
                    "\(stored.key).\(stored.property) is \(stored.value) instead of \(changed) at frame \(stored.frame)",
                ]
            ])
        #expect(
            try Self.results(path) == [
                ["1", "matched", "-", "0.0"], ["2", "diverged", String(stored.frame), String(abs(delta))], ["3", "matched", "-", "0.0"],
            ])
    }

    /// The first run of session 2 whose view is shown and does not change hidden within the run:
    /// its view's key, first frame, view id and trace.
    private static func shownRun(_ path: String) throws -> (key: String, firstFrame: Int, viewID: Int64, trace: Int64) {
        let database = try Database.open(path, mode: .readOnly)
        let s = try database.prepare(
            """
            SELECT v.view_id, k.key, v.first_frame, v.trace_id FROM baselines AS bl JOIN trace_views AS v ON v.trace_id = bl.trace_id
            JOIN view_keys AS k ON k.id = v.view_id
            WHERE bl.session_id = 2 AND v.hidden = 0 AND (v.changing & 32768) = 0 ORDER BY v.first_frame, v.view_id LIMIT 1
            """)
        #expect(try s.step(), "session 2 shows a view")
        return (s.string(at: 1), s.int(at: 2), s.int64(at: 0), s.int64(at: 3))
    }

    @Test func aStoredHiddenOtherThanZeroOrOneIsHidden() throws {
        let (folder, path) = try Self.archive()
        let (key, firstFrame, viewID, traceID) = try Self.shownRun(path)
        do {
            let database = try Database.open(path, mode: .readWrite)
            // Any value but 0 is hidden when read (as `hidden != 0`): 2, past the column's CHECK
            // (an archive edited by hand), is compared as 1.
            try database.execute("PRAGMA ignore_check_constraints = ON")
            let update = try database.prepare(
                "UPDATE trace_views SET hidden = 2 WHERE trace_id = ?1 AND view_id = ?2 AND first_frame = ?3")
            try update.bind(traceID, at: 1)
            try update.bind(viewID, at: 2)
            try update.bind(firstFrame, at: 3)
            try update.run()
            try database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let run = try runReel(["replay", path, "--jobs", "1", "--format", "json"], in: folder)
        #expect(run.status == 1, "\(run.status) \(run.standardError)")
        // hidden is judged exactly: expected 1 (hidden), actual 0 (shown), delta -1, at the run's first frame.
        #expect(
            try Self.divergences(path, session: 2) == [
                [
                    "frame", String(firstFrame), key, "hidden", "1.0", "0.0", "-1.0",
                    "\(key).hidden is 0.0 instead of 1.0 at frame \(firstFrame)",
                ]
            ])
    }
}
