import Foundation
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// `Archive.forEachLifecycleCall` keeps the calls it resolved between reads (a replay reads its
/// sessions in parts of a few sessions): reading in parts gives exactly the calls of one read, and
/// a lifecycle name the same archive writes after a read is still a call.
@Suite("lifecycle calls read in parts")
struct LifecycleCallCacheTests {
    @Test func partsReadTheCallsOfOneRead() throws {
        let folder = try temporaryFolder()
        let archivePath = folder + "/a.sqlite"
        for (index, scenario) in ["modal.swipe-dismiss", "nav.interactive-pop", "present.page-sheet"].enumerated() {
            _ = try record(try synthesizedStream(scenario, count: 5, seed: UInt64(40 + index), in: folder), into: archivePath)
        }
        let whole = try Archive.open(archivePath, mode: .readOnly)
        let ids = try whole.sessionIDs()
        var expected: [(Int64, LifecycleCall)] = []
        try whole.forEachLifecycleCall(of: ids) { expected.append(($0, $1)) }
        #expect(expected.count > 15)
        // One archive reading in parts of 2 (ids out of the middle first, so later parts meet
        // details resolved by earlier ones and new ones).
        let parts = try Archive.open(archivePath, mode: .readOnly)
        var streamed: [Int64: [LifecycleCall]] = [:]
        let chunks = stride(from: 0, to: ids.count, by: 2).map { Array(ids[$0..<min($0 + 2, ids.count)]) }
        for chunk in chunks.reversed() + chunks {
            var calls: [Int64: [LifecycleCall]] = [:]
            try parts.forEachLifecycleCall(of: chunk) { calls[$0, default: []].append($1) }
            for (id, list) in calls { streamed[id] = list }
        }
        var wanted: [Int64: [LifecycleCall]] = [:]
        for (id, call) in expected { wanted[id, default: []].append(call) }
        #expect(streamed == wanted)
    }

    @Test func aNameWrittenAfterAReadIsACall() throws {
        let archive = try Archive.open(temporaryPath("cache.sqlite"), mode: .readWrite)
        let engine = try archive.engineID(for: sampleEngine)
        let first = try archive.insert(sampleSession(contentHash: "1"), engineID: engine)
        var before: [LifecycleCall] = []
        try archive.forEachLifecycleCall(of: [first]) { before.append($1) }
        #expect(before == [LifecycleCall(subject: "B", name: "viewWillAppear"), LifecycleCall(subject: "nav", name: "finish")])
        // A second session with lifecycle names the archive did not hold at the first read.
        var session = sampleSession(contentHash: "2")
        session.trace.events += [
            TraceEvent(t: 0.5, kind: "lifecycle", subject: "C", detail: "viewDidAppear"),
            TraceEvent(t: 0.5, kind: "presentation", subject: "C.presentation", detail: "presentationTransitionDidEnd(true)"),
            TraceEvent(t: 0.5, kind: "gesture", subject: "pan", detail: "ended"),
        ]
        let second = try archive.insert(session, engineID: engine)
        var after: [LifecycleCall] = []
        try archive.forEachLifecycleCall(of: [second]) { after.append($1) }
        #expect(
            after == [
                LifecycleCall(subject: "B", name: "viewWillAppear"), LifecycleCall(subject: "nav", name: "finish"),
                LifecycleCall(subject: "C", name: "viewDidAppear"),
                LifecycleCall(subject: "C.presentation", name: "presentationTransitionDidEnd"),
            ])
    }
}
