import Foundation
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

/// Migration 0011: a trace's frames are `trace_frame_packs` rows of up to 16 consecutive frames
/// (progress in p0 ... p15, an off-tick time in t0 ... t15), read back bit for bit by the reader
/// and, through the view `trace_frames`, as the v10 table's rows.
@Suite struct FramePackTests {
    /// A 120 Hz session of `count` frames starting at frame `first`, frame `gap` left out (nil: none);
    /// frames 3 and 17 are off the clock's tick (0.1 + 0.2 is not a multiple of 1/120), the others on it.
    static func session(_ hash: String, frames count: Int = 40, first: Int = 0, gap: Int? = nil) -> RecordedSession {
        var session = sampleSession(contentHash: hash)
        let views = session.trace.frames[0].views
        let frames = (first..<first + count).filter { $0 != gap }.map { index -> Frame in
            let t = index == 3 || index == 17 ? 0.1 + 0.2 + Double(index) : Double(index) / 120
            return Frame(index: index, t: t, progress: index == 5 ? .leastNonzeroMagnitude : 1.0 / Double(index + 3), views: views)
        }
        session.trace = Trace(frames: frames, events: session.trace.events, outcome: session.trace.outcome)
        return session
    }

    /// The (first frame, count) of the packs `frames` ascending indexes make: a pack ends after 16
    /// frames or before a gap.
    static func expectedPacks(_ indexes: [Int]) -> [[Int]] {
        var packs: [[Int]] = []
        for index in indexes {
            if let last = packs.last, last[0] + last[1] == index, last[1] < 16 {
                packs[packs.count - 1][1] += 1
            } else {
                packs.append([index, 1])
            }
        }
        return packs
    }

    @Test func framesComeBackBitForBitThroughTheReaderAndTheView() throws {
        let archive = try Archive.open(temporaryPath("frames.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        let session = Self.session("packs", frames: 40, gap: 33)
        let id = try archive.insert(session, engineID: engine)
        let loaded = try archive.loadSession(id)
        #expect(loaded.trace.frames.map(\.progress.bitPattern) == session.trace.frames.map(\.progress.bitPattern))
        #expect(loaded.trace.frames.map(\.t.bitPattern) == session.trace.frames.map(\.t.bitPattern))
        #expect(loaded.trace == session.trace)
        #expect(try archive.integrityProblems().isEmpty)
        #expect(try archive.rowCounts().first { $0.table == "trace_frames" }?.rows == 39)

        let packs = try archive.database.prepare("SELECT first_frame, frame_count FROM trace_frame_packs ORDER BY first_frame")
        let stored = try packs.rows { [$0.int(at: 0), $0.int(at: 1)] }
        #expect(stored == Self.expectedPacks(session.trace.frames.map(\.index)))
        #expect(stored == [[0, 16], [16, 16], [32, 1], [34, 6]])

        // The view: every frame, its progress a REAL of the same bits, t only where it is off the tick.
        let view = try archive.database.prepare(
            "SELECT frame_index, progress, t, typeof(progress), typeof(t) FROM trace_frames ORDER BY trace_id, frame_index")
        var position = 0
        while try view.step() {
            let frame = session.trace.frames[position]
            #expect(view.int(at: 0) == frame.index)
            #expect(view.string(at: 3) == "real" && view.double(at: 1).bitPattern == frame.progress.bitPattern, "frame \(frame.index)")
            if frame.t == Double(frame.index) / 120 {
                #expect(view.isNull(at: 2), "frame \(frame.index)")
            } else {
                #expect(view.string(at: 4) == "real" && view.double(at: 2).bitPattern == frame.t.bitPattern, "frame \(frame.index)")
            }
            position += 1
        }
        #expect(position == session.trace.frames.count)
        // engine_frames gives each frame's time, on the tick or not.
        let times = try archive.database.prepare("SELECT t FROM engine_frames ORDER BY frame_index")
        #expect(try times.rows { $0.double(at: 0).bitPattern } == session.trace.frames.map(\.t.bitPattern))
    }

    @Test func framesOutOfOrderAreStoredInIndexOrderAndARepeatedIndexIsRefused() throws {
        let archive = try Archive.open(temporaryPath("unordered.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        var session = Self.session("unordered", frames: 20, first: 7)
        var frames = session.trace.frames
        frames.swapAt(0, 19)
        frames.swapAt(3, 4)
        session.trace = Trace(frames: frames, events: session.trace.events, outcome: session.trace.outcome)
        let id = try archive.insert(session, engineID: engine)
        #expect(try archive.loadSession(id).trace.frames == frames.sorted { $0.index < $1.index })
        let packs = try archive.database.prepare("SELECT first_frame, frame_count FROM trace_frame_packs ORDER BY first_frame")
        #expect(try packs.rows { [$0.int(at: 0), $0.int(at: 1)] } == [[7, 16], [23, 4]])

        var twice = Self.session("twice", frames: 5)
        twice.trace = Trace(
            frames: twice.trace.frames + [twice.trace.frames[2]], events: twice.trace.events, outcome: twice.trace.outcome)
        #expect(throws: ArchiveError.self) { try archive.write { try archive.insert(twice, engineID: engine) } }
        #expect(try archive.database.scalarInt64("SELECT count(*) FROM sessions") == 1)
    }

    @Test func aDamagedPackIsBadDataNamedByItsSession() throws {
        let archive = try Archive.open(temporaryPath("damaged-frames.sqlite"), mode: .readWrite)
        let id = try archive.insert(Self.session("damaged", frames: 40), engineID: try archive.engineID(for: sampleEngine))
        try archive.database.execute("CREATE TEMP TABLE whole AS SELECT * FROM trace_frame_packs")
        try archive.database.execute("PRAGMA ignore_check_constraints = ON")
        for (damage, column, readerRefuses) in [
            ("UPDATE trace_frame_packs SET frame_count = 17 WHERE first_frame = 0", "frame_count", true),
            ("UPDATE trace_frame_packs SET frame_count = 0 WHERE first_frame = 16", "frame_count", true),
            ("UPDATE trace_frame_packs SET p3 = NULL WHERE first_frame = 16", "p3", true),
            // Overlapping: the second pack starts inside the first.
            ("UPDATE trace_frame_packs SET first_frame = 10 WHERE first_frame = 16", "first_frame", true),
            // A value past the count: the reader reads only the count, the check names it.
            ("UPDATE trace_frame_packs SET t15 = 1.5 WHERE first_frame = 32", "t15", false),
        ] {
            try archive.database.execute(damage)
            if readerRefuses {
                let error = #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
                if case .invalidStoredValue("trace_frame_packs", column, _)? = error {
                } else {
                    Issue.record("\(damage): \(String(describing: error))")
                }
            } else {
                #expect(try archive.loadSession(id).trace.frames.count == 40)
            }
            let problems = try archive.integrityProblems()
            #expect(
                problems.contains { $0.hasPrefix("trace_frame_packs row of session \(id) (trace ") && $0.contains(": \(column) ") },
                "\(damage): \(problems)")
            try archive.database.execute("DELETE FROM trace_frame_packs")
            try archive.database.execute("INSERT INTO trace_frame_packs SELECT * FROM temp.whole")
            #expect(try archive.integrityProblems().isEmpty)
        }
        // Frames missing: a pack gone, the trace's frame_count says 40.
        try archive.database.execute("DELETE FROM trace_frame_packs WHERE first_frame = 16")
        let problems = try archive.integrityProblems()
        #expect(problems.contains { $0.contains("of session \(id): frame_count is 40, trace_frame_packs hold 24 frames") }, "\(problems)")
    }

    @Test func aVersion10ArchiveConvertsAndReadsTheSameRows() throws {
        let sessions = [
            Self.session("a", frames: 40, gap: 20), sampleSession(contentHash: "b"), Self.session("c", frames: 16, first: 3),
        ]
        let path = temporaryPath("v10.sqlite")
        let ids = try EventPackTests.makeVersion9Archive(path, sessions)
        do {
            let version10 = try Archive.open(path, mode: .readWrite, migrations: Array(EmbeddedMigration.all.prefix(10)))
            #expect(version10.schemaVersion == 10)
            #expect(try version10.database.scalarInt64("SELECT count(*) FROM trace_frames") == 39 + 4 + 16)
        }
        let copy = temporaryPath("v10-copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let migrated = try Archive.open(path, mode: .readWrite)
        #expect(
            migrated.migrationsApplied.map(\.name) == [
                "frame_packs", "traces_by_replay", "review_rejects", "engine_seconds", "layer_and_scroll_properties",
            ])
        try migrated.attach(copy, as: "v10")
        for table in ["trace_frames", "engine_frames", "frames", "engine_frame_views", "frame_views"] {
            #expect(
                try migrated.database.scalarInt64("SELECT count(*) FROM v10.\(table)")
                    == migrated.database.scalarInt64("SELECT count(*) FROM main.\(table)"), "\(table)")
            #expect(try TraceMigrationTests.difference(table, migrated.database, attached: "v10") == 0, "\(table)")
        }
        #expect(
            try migrated.database.scalarInt64(
                """
                SELECT count(*) FROM trace_frames AS f JOIN v10.trace_frames AS o ON o.trace_id = f.trace_id AND o.frame_index = f.frame_index
                WHERE typeof(f.progress) <> typeof(o.progress) OR typeof(f.t) <> typeof(o.t) OR typeof(f.frame_index) <> 'integer'
                """) == 0)
        try migrated.detach("v10")
        let packs = try migrated.database.prepare("SELECT first_frame, frame_count FROM trace_frame_packs ORDER BY trace_id, first_frame")
        #expect(
            try packs.rows { [$0.int(at: 0), $0.int(at: 1)] }
                == sessions.flatMap { Self.expectedPacks($0.trace.frames.map(\.index)) })
        for (id, session) in zip(ids, sessions) {
            #expect(try migrated.loadSession(id).trace == session.trace, "\(session.header.contentHash)")
        }
        #expect(try migrated.integrityProblems().isEmpty)

        // The writer stores the same sessions' frames as the migration converted them.
        let written = try Archive.open(temporaryPath("written-frames.sqlite"), mode: .readWrite)
        let engine = try written.engineID(for: sampleEngine)
        try written.write {
            for session in sessions { try written.insert(session, engineID: engine) }
        }
        try written.attach(path, as: "converted")
        #expect(try TraceMigrationTests.difference("trace_frame_packs", written.database, attached: "converted") == 0)
    }
}
