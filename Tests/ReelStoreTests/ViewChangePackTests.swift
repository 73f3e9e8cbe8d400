import Foundation
import ReelTestSupport
import ReelTrace
import Testing

@testable import ReelStore

/// Migration 0007: a property's changes in consecutive frames are one `view_change_packs` row of up
/// to 16 values, read back bit for bit by the reader and by `frame_views`.
@Suite struct ViewChangePackTests {
    /// Forty frames of one view whose x moves by arbitrary doubles except in frames 21-22 (a pause)
    /// and whose alpha changes in frames 5 and 6 only: x's 37 changes cut into packs of 16, 4 (the
    /// pause) and 17 = 16 + 1 frames.
    static func longSession() -> RecordedSession {
        var session = sampleSession(contentHash: "long")
        let frames = (0..<40).map { index -> Frame in
            let moved = Double(index <= 20 ? index : index <= 22 ? 20 : index - 2)
            let alpha = index < 5 ? 0.25 : index == 5 ? 0.1 + 0.2 : 1.0 / 3.0
            let view = ViewState(key: "B.view", x: 390 - moved * 9.718_281_828_459, y: 0, w: 390, h: 844, alpha: alpha, z: 2)
            return Frame(index: index, t: Double(index) / 120, progress: moved / 38, views: [view])
        }
        session.trace = Trace(frames: frames, events: session.trace.events, outcome: session.trace.outcome)
        return session
    }

    @Test func packsEndAtAGapAnotherPropertyAndSixteenChanges() {
        func change(_ property: Int, _ frame: Int) -> ViewChange {
            ViewChange(viewID: 1, property: property, frameIndex: frame, value: Double(frame) + 0.1)
        }
        let changes = (1...20).map { change(0, $0) } + [change(0, 22), change(4, 22), change(4, 23)]
        let packs = ViewChangePack.packs(changes)
        #expect(packs.map(\.property) == [0, 0, 0, 4])
        #expect(packs.map(\.firstFrame) == [1, 17, 22, 22])
        #expect(packs.map(\.values.count) == [16, 4, 1, 2])
        #expect(packs.flatMap { Array($0.changes) }.map(\.frameIndex) == changes.map(\.frameIndex))
        #expect(packs.flatMap { Array($0.changes) }.map(\.value) == changes.map(\.value))
    }

    @Test func aLongTraceComesBackBitForBitThroughTheReaderAndTheView() throws {
        let archive = try Archive.open(temporaryPath("long.sqlite"), mode: .readWrite)
        let session = Self.longSession()
        let id = try archive.insert(session, engineID: try archive.engineID(for: sampleEngine))
        let packs = try archive.database.prepare(
            "SELECT property, first_frame, change_count FROM view_change_packs ORDER BY view_id, property, first_frame")
        var rows: [[Int]] = []
        while try packs.step() { rows.append([packs.int(at: 0), packs.int(at: 1), packs.int(at: 2)]) }
        // x changes in frames 1-20 and 23-39; alpha in frames 5 and 6.
        #expect(rows == [[0, 1, 16], [0, 17, 4], [0, 23, 16], [0, 39, 1], [4, 5, 2]])
        #expect(try archive.loadSession(id).trace == session.trace)
        #expect(allDoubles(try archive.loadSession(id)) == allDoubles(session))
        let view = try archive.database.prepare(
            "SELECT frame_index, x, alpha, typeof(x), typeof(z) FROM frame_views WHERE session_id = ?1 ORDER BY frame_index")
        try view.bind(id, at: 1)
        var frame = 0
        while try view.step() {
            let stored = session.trace.frames[frame].views[0]
            #expect(view.int(at: 0) == frame)
            #expect(view.double(at: 1).bitPattern == stored.x.bitPattern, "x of frame \(frame)")
            #expect(view.double(at: 2).bitPattern == stored.alpha.bitPattern, "alpha of frame \(frame)")
            #expect(view.string(at: 3) == "real" && view.string(at: 4) == "integer")
            frame += 1
        }
        #expect(frame == 40)
        #expect(try archive.integrityProblems().isEmpty)
    }

    @Test func aDamagedPackIsNamedByCheckAndRefusedByTheReader() throws {
        let archive = try Archive.open(temporaryPath("damaged-pack.sqlite"), mode: .readWrite)
        let id = try archive.insert(Self.longSession(), engineID: try archive.engineID(for: sampleEngine))
        try archive.database.execute("UPDATE view_change_packs SET v3 = NULL WHERE property = 0 AND first_frame = 17")
        #expect(
            try archive.integrityProblems() == [
                "view_change_packs row of session \(id) (trace \(id), view 1, first frame 17): v3 NULL (change_count is 4)"
            ])
        #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
        // Whole again, but moved past the end of the view's run.
        try archive.database.execute("UPDATE view_change_packs SET v3 = 1, first_frame = 100 WHERE first_frame = 17")
        #expect(try archive.integrityProblems().isEmpty)
        #expect(throws: ArchiveError.self) { try archive.loadSession(id) }
    }
}
