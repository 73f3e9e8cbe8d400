import ArgumentParser
import Foundation
import ReelEngine
import ReelJSON
import ReelReport
import ReelStore
import ReelTrace

/// `reel show ARCHIVE SESSION`: a readable timeline of one session.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show one session as a timeline: touches, gesture states, callbacks, progress, outcome, and divergences.",
        discussion: """
            Columns: time (s), what happened, details. Frames are shown every sixth, and every one \
            around the first divergence of the replay shown. Exit codes: 0 shown, 65 a session or \
            replay that does not exist, or a replay that did not replay the session, 66 a missing archive.
            """)

    @Argument(help: "The archive.")
    var archive: String

    @Argument(help: "The session id.")
    var session: Int64

    @Option(help: "Show the verdict and divergences of this replay (default: the latest replay of the session).")
    var replay: Int64?

    /// Frames shown on either side of the first divergent frame.
    static let framesAroundDivergence = 3

    func run() throws {
        try reportingErrors(archive: archive) {
            let store = try Archive.open(archive, mode: .readOnly)
            var recorded = try store.loadSession(session)
            let verdict = try SessionVerdict.read(session: session, replay: replay, in: store)
            // With a verdict, the timeline is the baseline that replay compared against, even when a
            // later `reel accept` has replaced it.
            let judged = try verdict.flatMap { try store.judgedBaseline(sessionID: session, replayID: $0.replayID) }
            if let judged, judged.replacement != nil { recorded = try store.loadSession(session, trace: judged.traceID) }
            let h = recorded.header
            let baselineEngineID = try judged?.engineID ?? store.baselineEngineID(sessionID: session)
            let recordingEngineID = try store.recordingEngineID(sessionID: session)
            // Every text below comes from the archive: shown with its control characters escaped.
            let named = { (id: Int64) in
                try store.engine(id: id).map { shown("\($0.name) \($0.version)") } ?? "?"
            }
            let device = "\(JSONWriter.format(h.device.width))x\(JSONWriter.format(h.device.height))@\(JSONWriter.format(h.device.scale))x"
            printLine("session \(session): \(shown(h.scenarioName)) on \(device) at \(JSONWriter.format(h.refreshHz)) Hz")
            // The timeline below is the baseline's: after a `reel accept`, another engine's trace.
            let origin =
                baselineEngineID == recordingEngineID
                ? "recorded by \(try named(recordingEngineID))"
                : "baseline by \(try named(baselineEngineID)) (accepted), recorded by \(try named(recordingEngineID))"
            printLine(
                "  \(origin)"
                    + (h.externalID.map { ", external id \(shown($0))" } ?? "")
                    + (h.sourceFile.map { ", from \(shown($0)):\(h.sourceLine ?? 0)" } ?? ""))
            if let verdict, let later = judged?.replacement {
                printLine(
                    "  this is the baseline replay \(verdict.replayID) compared against; replaced since: \(shown(later.acceptedBy)) accepted "
                        + (later.replayID.map { "replay \($0)'s" } ?? "another")
                        + " trace (\(try named(later.engineID))) at \(later.replacedAt)")
            }
            print("")
            printLine(Self.row("time", "what", "details"))
            for line in timeline(recorded, divergentFrame: verdict?.firstDivergentFrame) { printLine(line) }
            let outcome = recorded.trace.outcome
            printLine(
                Self.row(
                    String(format: "%.3f", outcome.t), "outcome",
                    "\(outcome.completed ? "finished" : "cancelled") (\(counted(recorded.trace.frames.count, "frame")))"))
            try printDecisions(
                store, spec: recorded.header.scenarioSpecJSON, baselineEngineID: baselineEngineID,
                candidateReplay: verdict.map { ($0.replayID, $0.status) })
            if let verdict, verdict.status != "error" {
                print("")
                print(try Self.replayedLine(store, archive: archive, session: session, verdict: verdict, recorded: recorded))
            }
            if let verdict {
                print("")
                for line in verdict.lines { printLine(line) }
                print("")
                printLine(
                    "watch it: reel report \(shellQuoted(archive)) --session \(session) --replay \(verdict.replayID) -o session-\(session).html"
                )
                // The whole report plots the flipped and the most divergent sessions only.
                let reader = ReportReader(archive: store, archiveName: archive)
                if try reader.plottedSessions(verdict.replayID).contains(where: { $0.sessionID == session }) {
                    printLine(
                        "or in the whole report: reel report \(shellQuoted(archive)) --replay \(verdict.replayID) -o report.html, "
                            + "then open report.html#session-\(session)")
                }
            }
        }
    }

    /// "replayed by E (its trace kept by the archive): cancelled at 0.412 s, 25 frames; frame 12: progress
    /// 0.311, recorded 0.322": the candidate's side of the replay shown, drawn from the trace the
    /// archive keeps, else from re-running this build's engine (as the report's player), saying which.
    static func replayedLine(
        _ store: Archive, archive: String, session: Int64, verdict: SessionVerdict, recorded: RecordedSession
    ) throws -> String {
        let reader = ReportReader(archive: store, archiveName: archive)
        let name =
            try store.replayRun(id: verdict.replayID).flatMap { try store.engine(id: $0.engineID) }
            .map { shown("\($0.name) \($0.version)") } ?? "?"
        switch try reader.replayedTrace(session, replayID: verdict.replayID) {
        case .failure:
            return "  replayed by \(name) (replay \(verdict.replayID)): no trace of it is kept for this session and it cannot be "
                + "re-run here (only this build's engines are); its verdict and divergences follow"
        case .success(let (trace, source)):
            let origin =
                source == .kept
                ? "its trace as the archive keeps it" : "re-run now: the archive keeps no trace of it for this session"
            var line =
                "  replayed by \(name) (replay \(verdict.replayID), \(origin)): "
                + "\(trace.outcome.completed ? "finished" : "cancelled") at \(String(format: "%.3f", trace.outcome.t)) s, "
                + counted(trace.frames.count, "frame")
            if let index = verdict.firstDivergentFrame, let frame = trace.frames.first(where: { $0.index == index }) {
                line += "; frame \(index): progress " + String(format: "%.3f", frame.progress)
                if let mine = recorded.trace.frames.first(where: { $0.index == index }) {
                    line += ", recorded " + String(format: "%.3f", mine.progress)
                }
            }
            return line
        }
    }

    /// Each engine's completion decision as one line of arithmetic (interactive scenarios only): the
    /// baseline's engine, and the candidate of the replay shown.
    private func printDecisions(
        _ store: Archive, spec specJSON: String, baselineEngineID: Int64, candidateReplay: (id: Int64, status: String)?
    ) throws {
        guard (try? ScenarioSpec.decode(json: specJSON))?.interaction != nil else { return }
        var sides: [(engineID: Int64, role: String)] = [(baselineEngineID, "baseline")]
        if let candidateReplay, candidateReplay.status != "error", let run = try store.replayRun(id: candidateReplay.id) {
            sides.append((run.engineID, "replay \(candidateReplay.id)'s candidate"))
        }
        print("")
        for (engineID, role) in sides {
            guard let identity = try store.engine(id: engineID) else { continue }
            let name = "\(identity.name) \(identity.version)"
            switch try SessionDecision.explain(sessionID: session, engine: identity, in: store) {
            case .success(let decision?): printLine("  decision by \(name) (\(role)): \(decision.line)")
            case .success(nil):
                printLine("  decision by \(name) (\(role)): no completion rule decided (the gesture never drove the transition)")
            case .failure(let failure): printLine("  decision by \(name) (\(role)): not explained: \(failure.message)")
            }
        }
    }

    /// A timeline line: the time right-aligned in 8 columns, what happened in 12, then the details.
    static func row(_ time: String, _ what: String, _ details: String) -> String {
        String(repeating: " ", count: max(0, 8 - time.count)) + time + "  "
            + what.padding(toLength: max(12, what.count), withPad: " ", startingAt: 0) + "  " + details
    }

    /// Touches, events, and the progress of every sixth frame, of the last, and of the frames
    /// around `divergentFrame`, merged by time (touches first at a tie).
    private func timeline(_ s: RecordedSession, divergentFrame: Int?) -> [String] {
        var entries: [(t: Double, order: Int, what: String, details: String)] = []
        for (i, touch) in s.touches.enumerated() {
            entries.append(
                (touch.t, i, "touch", String(format: "finger %d %@ at (%.1f, %.1f)", touch.id, touch.phase.rawValue, touch.x, touch.y)))
        }
        for (i, event) in s.trace.events.enumerated() {
            entries.append((event.t, 100_000 + i, shown(event.kind), shown("\(event.subject).\(event.detail)")))
        }
        let around = divergentFrame.map { ($0 - Self.framesAroundDivergence)...($0 + Self.framesAroundDivergence) }
        for frame in s.trace.frames
        where frame.index % 6 == 0 || frame.index == s.trace.frames.count - 1 || around?.contains(frame.index) == true {
            let mark = frame.index == divergentFrame ? "   <- first divergence" : ""
            entries.append((frame.t, 200_000 + frame.index, "frame \(frame.index)", String(format: "progress %.3f", frame.progress) + mark))
        }
        return entries.sorted { ($0.t, $0.order) < ($1.t, $1.order) }.map { Self.row(String(format: "%.3f", $0.t), $0.what, $0.details) }
    }
}

/// A replay's verdict on one session, as `reel show` prints it.
struct SessionVerdict {
    var replayID: Int64
    var status: String
    var firstDivergentFrame: Int?
    var errorMessage: String?
    var divergences: [DivergenceRow]

    /// The verdict of replay `replay` (nil: the session's latest) on `session`; nil when no replay
    /// judged the session and none was asked for.
    /// - Throws: 65 when `replay` does not exist or has no verdict on the session.
    static func read(session: Int64, replay: Int64?, in store: Archive) throws -> SessionVerdict? {
        let path = store.path
        if let replay, try store.replayRun(id: replay) == nil {
            let ids = try store.replayRuns().map { String($0.id) }
            throw ReelFailure(
                .dataError, "\(path): no replay \(replay) (its replays: \(ids.isEmpty ? "none" : ids.joined(separator: ", ")))")
        }
        guard let verdict = try store.sessionVerdict(sessionID: session, replayID: replay) else {
            guard let replay else { return nil }
            throw ReelFailure(.dataError, "\(path): replay \(replay) did not replay session \(session)")
        }
        return SessionVerdict(
            replayID: verdict.replayID, status: verdict.status, firstDivergentFrame: verdict.firstDivergentFrame,
            errorMessage: verdict.errorMessage,
            divergences: try store.divergences(replayID: verdict.replayID, sessionID: session))
    }

    /// "replay 4: diverged, 3 divergences" and the first 20, kind and detail aligned.
    var lines: [String] {
        var lines = ["replay \(replayID): \(status)" + (divergences.isEmpty ? "" : ", \(counted(divergences.count, "divergence"))")]
        if status == "error", divergences.isEmpty, let errorMessage { lines.append("  " + shown(errorMessage)) }
        let width = divergences.prefix(20).map(\.kind.rawValue.count).max() ?? 0
        for d in divergences.prefix(20) {
            lines.append("  \(d.kind.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))  \(shown(forPeople(d.detail)))")
        }
        if divergences.count > 20 { lines.append("  ... and \(divergences.count - 20) more") }
        return lines
    }
}
