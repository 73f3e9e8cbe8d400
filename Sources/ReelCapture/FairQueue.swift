import Dispatch
import Synchronization

/// Runs jobs one at a time on a serial queue, taking turns between clients: each client has its own
/// line, and the next job is the first of the next client in the rotation. A client goes to the
/// back of the rotation when its job has run, behind clients that arrived meanwhile, so a client
/// that queued many long jobs (25 maximal sessions within its burst) delays another client's job by
/// the one job running when it arrived, plus one job of each other client waiting before it.
///
/// ```swift
/// let queue = FairQueue(label: "reel.capture.recorder")
/// queue.enqueue(client: "10.0.0.7") { record(bigSession) }
/// queue.enqueue(client: "10.0.0.9") { record(swipe) }  // runs second, whatever 10.0.0.7 queued after
/// ```
final class FairQueue: Sendable {
    private struct Lines {
        /// Jobs waiting, per client.
        var waiting: [String: [@Sendable () -> Void]] = [:]
        /// Clients with waiting jobs, in the order of their turns (not the one whose job runs).
        var rotation: [String] = []
        /// The client whose job runs now.
        var current: String?
        var running = false
    }

    /// The serial queue jobs run on, one per block: a block queued on it from elsewhere runs
    /// between two jobs, never during one.
    let queue: DispatchQueue
    private let lines = Mutex(Lines())

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    /// Jobs waiting (not counting the one running).
    var waitingCount: Int { lines.withLock { $0.waiting.values.reduce(0) { $0 + $1.count } } }

    /// Queues `job` at the end of `client`'s line.
    func enqueue(client: String, _ job: @escaping @Sendable () -> Void) {
        let start = lines.withLock { lines -> Bool in
            if lines.waiting[client, default: []].isEmpty && lines.current != client { lines.rotation.append(client) }
            lines.waiting[client, default: []].append(job)
            guard !lines.running else { return false }
            lines.running = true
            return true
        }
        if start { queue.async { self.runNext() } }
    }

    /// Runs the job whose turn it is, then queues the next turn: one job per block of the serial
    /// queue, so a block queued from outside (`queue.sync`) runs between two jobs.
    private func runNext() {
        guard let job = next() else { return }
        job()
        finishTurn()
        queue.async { self.runNext() }
    }

    private func next() -> (@Sendable () -> Void)? {
        lines.withLock { lines in
            guard !lines.rotation.isEmpty else {
                lines.running = false
                return nil
            }
            let client = lines.rotation.removeFirst()
            lines.current = client
            return lines.waiting[client]!.removeFirst()
        }
    }

    /// The client whose job ran goes to the back of the rotation if it has more waiting.
    private func finishTurn() {
        lines.withLock { lines in
            guard let client = lines.current else { return }
            lines.current = nil
            if lines.waiting[client]?.isEmpty == false {
                lines.rotation.append(client)
            } else {
                lines.waiting[client] = nil
            }
        }
    }
}
