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

    /// `ViewValues.changedProperties(from:)`, the layout's one pass over a view's values, against the
    /// rule it stands for: property p changed when `a[p] != b[p]` as Doubles (0 equals -0, a NaN
    /// equals nothing, not even the same NaN).
    @Test func changedPropertiesAreThoseThatDifferAsDoubles() {
        let pool: [Double] = [0, -0.0, 1, -1, 0.1, 0.1 + 0.2, .nan, .infinity, -.infinity, 390, 1e-300, .ulpOfOne]
        var state: UInt64 = 37
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        for _ in 0..<2_000 {
            var a = ViewValues()
            var b = ViewValues()
            for property in 0..<ViewValues.count {
                a[property] = pool[next() % pool.count]
                b[property] = next() % 3 == 0 ? a[property] : pool[next() % pool.count]
            }
            var expected: UInt32 = 0
            for property in 0..<ViewValues.count where a[property] != b[property] { expected |= 1 << UInt32(property) }
            #expect(a.changedProperties(from: b) == expected)
            #expect((a == b) == (expected == 0))
        }
    }

    /// `UnresolvedTraceLayout.primaryKeyOrder` (a counting sort by view id and property) against
    /// the comparison sort it replaces, on changes with random view ids, properties and frames,
    /// and with frames that go back (where it falls back to that sort); and `ViewChangePack.packs`
    /// against a pack-by-pack reading of its rule (a pack ends at a gap in the frames, at another
    /// view or property, and after 16 values).
    @Test func changesAreSortedAndPackedAsTheComparisonSortAndTheRuleDo() {
        var state: UInt64 = 11
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        func key(_ change: ViewChange) -> [Double] {
            [Double(change.viewID), Double(change.property), Double(change.frameIndex), Double(bitPattern: change.value.bitPattern)]
        }
        for trial in 0..<400 {
            let viewCount = 1 + next(6)
            var pool = Array(Int64(1)...Int64(40))
            var ids: [Int64] = []
            for _ in 0..<viewCount { ids.append(pool.remove(at: next(pool.count))) }
            var changes: [ViewChange] = []
            var frame = 0
            for _ in 0..<next(300) {
                frame += trial % 4 == 0 ? next(3) - 1 : next(2)
                let property = trial % 2 == 0 ? next(ViewValues.count) : next(2)
                changes.append(ViewChange(viewID: Int64(next(viewCount)), property: property, frameIndex: frame, value: Double(next(1000))))
            }
            var expected = changes.map {
                ViewChange(viewID: ids[Int($0.viewID)], property: $0.property, frameIndex: $0.frameIndex, value: $0.value)
            }
            expected.sort { ($0.viewID, $0.property, $0.frameIndex) < ($1.viewID, $1.property, $1.frameIndex) }
            let sorted = UnresolvedTraceLayout.primaryKeyOrder(changes, ids: ids)
            #expect(sorted.map(key) == expected.map(key), "trial \(trial)")

            var packs: [(viewID: Int64, property: Int, firstFrame: Int, values: [Double])] = []
            for change in expected {
                if let last = packs.last, last.viewID == change.viewID, last.property == change.property,
                    last.values.count < ViewChangePack.width, last.firstFrame + last.values.count == change.frameIndex
                {
                    packs[packs.count - 1].values.append(change.value)
                } else {
                    packs.append((change.viewID, change.property, change.frameIndex, [change.value]))
                }
            }
            let made = ViewChangePack.packs(expected)
            #expect(made.map(\.viewID) == packs.map(\.viewID))
            #expect(made.map(\.property) == packs.map(\.property))
            #expect(made.map(\.firstFrame) == packs.map(\.firstFrame))
            #expect(made.map(\.values) == packs.map(\.values))
        }
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
