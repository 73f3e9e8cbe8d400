import ArgumentParser
import Foundation
import ReelReplay
import ReelStore
import ReelTrace

/// `reel show ARCHIVE SESSION`: a readable timeline of one session.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one session as a timeline: touches, gesture states, callbacks, progress, outcome, and divergences.")

    @Argument(help: "The archive.")
    var archive: String

    @Argument(help: "The session id.")
    var session: Int64

    @Option(help: "Show the divergences of this replay (default: the latest replay of the session).")
    var replay: Int64?

    func run() throws {
        try reportingErrors {
            let store = try Archive.open(archive, mode: .readOnly)
            let recorded = try store.loadSession(session)
            let h = recorded.header
            let engine = try store.engine(id: store.recordingEngineID(sessionID: session))
            print("session \(session): \(h.scenarioName) on \(Int(h.device.width))x\(Int(h.device.height))@\(Int(h.device.scale))x at \(JSONWriter.format(h.refreshHz)) Hz")
            print("  recorded by \(engine.map { "\($0.name) \($0.version)" } ?? "?")"
                + (h.externalID.map { ", external id \($0)" } ?? "") + (h.sourceFile.map { ", from \($0):\(h.sourceLine ?? 0)" } ?? ""))
            print("")
            for line in timeline(recorded) { print(line) }
            let outcome = recorded.trace.outcome
            print(String(format: "%8.3f  outcome     %@ (%d frames)", outcome.t, outcome.completed ? "finished" : "cancelled", recorded.trace.frames.count))
            try printDivergences(store)
        }
    }

    /// Touches, events and every sixth frame's progress, merged by time (touches first at a tie).
    private func timeline(_ s: RecordedSession) -> [String] {
        var entries: [(t: Double, order: Int, text: String)] = []
        for (i, touch) in s.touches.enumerated() {
            entries.append((touch.t, i, String(format: "touch       finger %d %@ (%.1f, %.1f)", touch.id, touch.phase.rawValue, touch.x, touch.y)))
        }
        for (i, event) in s.trace.events.enumerated() {
            entries.append((event.t, 100_000 + i, "\(event.kind.padding(toLength: 12, withPad: " ", startingAt: 0)) \(event.subject).\(event.detail)"))
        }
        for frame in s.trace.frames where frame.index % 6 == 0 || frame.index == s.trace.frames.count - 1 {
            entries.append((frame.t, 200_000 + frame.index, String(format: "frame %-5d progress %.3f", frame.index, frame.progress)))
        }
        return entries.sorted { ($0.t, $0.order) < ($1.t, $1.order) }.map { String(format: "%8.3f  ", $0.t) + $0.text }
    }

    private func printDivergences(_ store: Archive) throws {
        let replayID: Int64?
        if let replay {
            replayID = replay
        } else {
            let statement = try store.database.prepare("SELECT max(replay_id) FROM replay_results WHERE session_id = ?1")
            try statement.bind(session, at: 1)
            replayID = try statement.step() ? statement.optionalInt64(at: 0) : nil
        }
        guard let replayID else { return }
        let divergences = try store.divergences(replayID: replayID, sessionID: session)
        print("")
        if divergences.isEmpty {
            print("replay \(replayID): matched")
            return
        }
        print("replay \(replayID): \(divergences.count) divergence\(divergences.count == 1 ? "" : "s")")
        for d in divergences.prefix(20) {
            print("  \(d.kind.rawValue.padding(toLength: 12, withPad: " ", startingAt: 0)) \(d.detail)")
        }
        print("")
        print("watch it: reel report \(archive) --session \(session) --replay \(replayID) -o session-\(session).html")
        print("      in the whole report (flipped and most divergent sessions): report.html#session-\(session)")
    }
}
