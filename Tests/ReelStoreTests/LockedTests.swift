import Foundation
import Testing

@testable import ReelStore

/// `Locked`, the pthread mutex that guards the recorder's and the replayer's shared state: under
/// contention no update is lost, and a body that throws still releases the lock. Under
/// ThreadSanitizer (`tools/sanitize --filter LockedTests thread`) these accesses must not be reported.
@Suite struct LockedTests {
    /// Threads that increment one counter at once, and the increments each makes.
    static let threads = 8
    static let increments = 20_000

    @Test func contendedIncrementsFromManyThreadsGiveTheExactTotal() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<Self.increments {
                counter.withLock { $0 += 1 }
            }
        }
        #expect(counter.withLock { $0 } == Self.threads * Self.increments)
    }

    /// Each thread appends its own numbers 0..<n: every number of every thread arrives once, and
    /// a thread's numbers stay in the order it appended them.
    @Test func appendsFromManyThreadsAreAllKeptInEachThreadsOrder() {
        let log = Locked<[(thread: Int, number: Int)]>([])
        let count = 2_000
        DispatchQueue.concurrentPerform(iterations: Self.threads) { thread in
            for number in 0..<count {
                log.withLock { $0.append((thread, number)) }
            }
        }
        let entries = log.withLock { $0 }
        #expect(entries.count == Self.threads * count)
        for thread in 0..<Self.threads {
            #expect(entries.filter { $0.thread == thread }.map(\.number) == Array(0..<count))
        }
    }

    /// A lock that guards an action, not a value (`Locked<Void>`, as the engine processes' spawn
    /// lock): taken from many threads at once, each action runs alone. ThreadSanitizer once
    /// reported this pattern as a Swift access race at the lock object's address.
    @Test func aLockOfNothingRunsItsActionsOneAtATime() {
        let lock = Locked<Void>(())
        let inside = Locked(0)
        let overlaps = Locked(0)
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in
            for _ in 0..<500 {
                lock.withLock { _ in
                    let others = inside.withLock { count in
                        count += 1
                        return count - 1
                    }
                    if others > 0 { overlaps.withLock { $0 += 1 } }
                    inside.withLock { $0 -= 1 }
                }
            }
        }
        #expect(overlaps.withLock { $0 } == 0)
        #expect(inside.withLock { $0 } == 0)
    }

    struct Refused: Error {}

    @Test func aBodyThatThrowsReleasesTheLock() {
        let value = Locked(1)
        #expect(throws: Refused.self) {
            try value.withLock { (_: inout Int) throws(Refused) in throw Refused() }
        }
        // Taken again from other threads: a lock left held would block them for ever.
        DispatchQueue.concurrentPerform(iterations: Self.threads) { _ in value.withLock { $0 += 1 } }
        #expect(value.withLock { $0 } == 1 + Self.threads)
    }
}
