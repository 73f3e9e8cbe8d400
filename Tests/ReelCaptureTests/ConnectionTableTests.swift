import ReelCapture
import Testing

/// `ConnectionTable`'s rule (docs/RELIABILITY.md, "Capture server"), played on a clock of the test's
/// own; every expected number follows from the standard limits named in each test.
@Suite("Capture connection table")
struct ConnectionTableTests {
    let limits = CaptureLimits.standard

    @Test func anIdleConnectionWithoutTheTokenIsClosedAtTheHeaderDeadline() {
        var table = ConnectionTable(limits: limits)
        table.opened(1, client: "10.0.0.7", at: 100)
        #expect(table.expired(at: 100 + limits.headerSeconds - 0.01) == [])
        #expect(table.expired(at: 100 + limits.headerSeconds) == [1])
        // Chosen once: the next sweep does not choose it again before it is gone.
        #expect(table.expired(at: 100 + limits.headerSeconds + 1) == [])
        table.closed(1)
        #expect(table.count == 0)
    }

    @Test func aVerifiedConnectionMayIdleUntilTheIdleDeadline() {
        var table = ConnectionTable(limits: limits)
        table.opened(1, client: "10.0.0.7", at: 0)
        table.headReceived(1, verified: true, at: 0.1)
        table.requestEnded(1, at: 0.2)
        // Answering takes as long as it takes: no deadline while the server works.
        #expect(table.expired(at: 1000) == [])
        table.answered(1, at: 1000)
        #expect(table.expired(at: 1000 + Double(limits.idleSeconds) - 0.01) == [])
        #expect(table.expired(at: 1000 + Double(limits.idleSeconds)) == [1])
    }

    @Test func anAnswerSentBeforeTheRequestEndedStartsTheWaitForTheNextHeadAtTheEnd() {
        var table = ConnectionTable(limits: limits)
        table.opened(1, client: "10.0.0.7", at: 0)
        table.headReceived(1, verified: false, at: 0.1)
        // A 403 or 413 before the body was read whole; the body's end comes later.
        table.answered(1, at: 0.2)
        table.requestEnded(1, at: 3)
        #expect(table.expired(at: 3 + limits.headerSeconds - 0.01) == [])
        #expect(table.expired(at: 3 + limits.headerSeconds) == [1])
    }

    @Test func pipelinedRequestsKeepTheConnectionAnsweringUntilTheLastAnswer() {
        var table = ConnectionTable(limits: limits)
        table.opened(1, client: "10.0.0.7", at: 0)
        for t in [0.1, 0.2] {
            table.headReceived(1, verified: true, at: t)
            table.requestEnded(1, at: t)
        }
        table.answered(1, at: 1)
        // The second request is still being answered: no idle deadline runs.
        #expect(table.expired(at: 1 + Double(limits.idleSeconds) * 10) == [])
        table.answered(1, at: 500)
        #expect(table.expired(at: 500 + Double(limits.idleSeconds) - 0.01) == [])
        #expect(table.expired(at: 500 + Double(limits.idleSeconds)) == [1])
    }

    @Test func aRequestThatTakesTooLongIsClosedWhateverArrives() {
        var table = ConnectionTable(limits: limits)
        table.opened(1, client: "10.0.0.7", at: 0)
        table.headReceived(1, verified: true, at: 1)
        #expect(table.expired(at: 1 + limits.requestSeconds - 0.01) == [])
        #expect(table.expired(at: 1 + limits.requestSeconds) == [1])
    }

    @Test func aClientsUnverifiedConnectionsPastItsCapAreClosedOldestFirstAfterTheGrace() {
        var table = ConnectionTable(limits: limits)
        let count = limits.maxUnverifiedPerClient + 12
        for id in 0..<count { table.opened(UInt64(id), client: "10.0.0.7", at: Double(id) * 0.01) }
        // Younger than the grace time: none is closed yet.
        #expect(table.expired(at: limits.unverifiedGraceSeconds - 0.01) == [])
        // Once old enough, the 12 oldest go; the newest capture.max_unverified_per_client stay.
        let later = Double(count) * 0.01 + limits.unverifiedGraceSeconds
        #expect(Set(table.expired(at: later)) == Set((0..<12).map(UInt64.init)))
        #expect(table.unverifiedCount == limits.maxUnverifiedPerClient)
    }

    @Test func verifiedConnectionsAreNeverClosedForTheUnverifiedCaps() {
        var table = ConnectionTable(limits: limits)
        // The client that showed the token holds connections beside the flood from its own address.
        for id in 0..<4 {
            table.opened(UInt64(id), client: "127.0.0.1", at: 0)
            table.headReceived(UInt64(id), verified: true, at: 0)
            table.requestEnded(UInt64(id), at: 0)
        }
        for id in 4..<300 { table.opened(UInt64(id), client: "127.0.0.1", at: 0.001 * Double(id)) }
        let closed = Set(table.expired(at: 1))
        #expect(closed.isDisjoint(with: [0, 1, 2, 3]))
        #expect(closed.count == 296 - limits.maxUnverifiedPerClient)
        #expect(table.count == 4 + limits.maxUnverifiedPerClient)
    }

    @Test func pastTheTotalCapTheClientsHoldingTheMostLoseTheirOldest() {
        var table = ConnectionTable(limits: limits)
        // 10 clients at their per-client cap: 80 unverified connections, 16 over the total cap of 64.
        let perClient = limits.maxUnverifiedPerClient
        var id: UInt64 = 0
        for client in 0..<10 {
            for k in 0..<perClient {
                table.opened(id, client: "10.0.0.\(client)", at: Double(k) * 0.01)
                id += 1
            }
        }
        let excess = 10 * perClient - limits.maxUnverifiedConnections
        // All past the grace time, none near the header deadline.
        let closed = table.expired(at: Double(perClient) * 0.01 + limits.unverifiedGraceSeconds)
        #expect(closed.count == excess)
        #expect(table.unverifiedCount == limits.maxUnverifiedConnections)
        // Taken from the clients holding the most at each step: no client loses more than one more
        // than any other (16 over 10 clients: 6 clients lose 2, 4 lose 1), and each loses its oldest.
        let lostPerClient = Dictionary(grouping: closed, by: { Int($0) / perClient }).mapValues(\.count)
        #expect(lostPerClient.count == 10)
        #expect(Set(lostPerClient.values) == [excess / 10, excess / 10 + 1])
        for (client, lost) in lostPerClient {
            #expect(Set(closed.filter { Int($0) / perClient == client }) == Set((0..<lost).map { UInt64(client * perClient + $0) }))
        }
    }

    @Test func aClientOverItsTotalCapLosesIdleConnectionsUnverifiedFirst() {
        var table = ConnectionTable(limits: limits)
        let verified = limits.maxConnectionsPerClient + 3
        for id in 0..<verified {
            table.opened(UInt64(id), client: "10.0.0.7", at: 0)
            table.headReceived(UInt64(id), verified: true, at: 0)
            table.requestEnded(UInt64(id), at: 0)
            table.answered(UInt64(id), at: 0.1)
        }
        table.opened(1000, client: "10.0.0.7", at: 0.2)
        let closed = table.expired(at: 1)
        // Over by 4: the unverified one first, then the 3 oldest idle verified ones.
        #expect(closed.count == 4)
        #expect(closed.contains(1000))
        #expect(table.count == limits.maxConnectionsPerClient)
    }
}
