import Foundation
import ReelJSON
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// `reel replay --resume ID` continues a replay with the sessions it was begun for
/// (`replays.selection_json`), and never becomes a second writer of a replay whose process still
/// runs (`replays.runner`).
@Suite("Resuming: the stored selection and the running process")
struct ResumeSelectionAndRunnerTests {
    /// 40 swipe dismissals (ids 1...40) and then 20 interactive pops (ids 41...60) in one archive,
    /// and a candidate that flips some dismissals.
    private func twoScenarioCorpus() throws -> (folder: String, archive: String, candidate: String) {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 20, seed: 3, in: folder), into: archive)
        #expect(try archiveCount(archive, "SELECT count(*) FROM sessions") == 60)
        return (folder, archive, candidate)
    }

    @Test func aResumeWithoutSelectionReplaysTheSessionsTheReplayWasBegunFor() throws {
        let (folder, archive, candidate) = try twoScenarioCorpus()
        let base = ["replay", archive, "--engine", candidate, "--results", "r.sqlite", "--format", "json"]
        let first = try runReel(base + ["--scenario", "modal.swipe-dismiss"], in: folder)
        #expect(first.status == 1, "\(first.standardError)")
        let whole = try JSONParser.parse(first.standardOutput)
        #expect(whole["sessions"] == .number(40))
        let results = folder + "/r.sqlite"
        #expect(
            try archiveCount(
                results,
                "SELECT count(*) FROM replays WHERE selection_json = '{\"scenario\":\"modal.swipe-dismiss\",\"selected\":{\"sessions\":40,"
                    + "\"sha256\":\"' || json_extract(selection_json, '$.selected.sha256') || '\"}}'") == 1)
        try interruptReplay(1, in: results, after: 14)

        let refusals: [(arguments: [String], selects: String)] = [
            (["--scenario", "nav.interactive-pop"], "the sessions of scenario nav.interactive-pop"),
            (["--session", "3"], "session 3"),
            (["--session", "3", "--session", "2", "--scenario", "modal.swipe-dismiss"], "sessions 2, 3 of scenario modal.swipe-dismiss"),
        ]
        for (arguments, selects) in refusals {
            let run = try runReel(base + arguments + ["--resume", "1"], in: folder)
            #expect(run.status == 65, "\(arguments): \(run.standardError)")
            let reason =
                "r.sqlite: cannot resume replay 1: it was begun for the sessions of scenario modal.swipe-dismiss, "
                + "this run selects \(selects); resume with the same --session, --scenario, --tag and --diverged-in options, or with none"
            #expect(run.standardError.contains(reason), "\(run.standardError)")
        }
        #expect(try archiveCount(results, "SELECT count(*) FROM replay_results") == 14)

        let resumed = try runReel(base + ["--resume", "1"], in: folder)
        #expect(resumed.status == 1, "\(resumed.standardError)")
        #expect(try JSONParser.parse(resumed.standardOutput) == whole)
        // Only the dismissals were judged, and only their headers were copied into the results.
        #expect(try archiveCount(results, "SELECT count(*) FROM replay_results WHERE session_id BETWEEN 1 AND 40") == 40)
        #expect(try archiveCount(results, "SELECT count(*) FROM replay_results") == 40)
        #expect(try archiveCount(results, "SELECT count(*) FROM sessions") == 40)
    }

    /// A replay begun before schema v3 recorded no selection: a resume replays what it is given, as
    /// reel did then (docs/SCHEMA.md).
    @Test func aReplayWithoutRecordedSelectionTakesTheOneGiven() throws {
        let (folder, archive, candidate) = try twoScenarioCorpus()
        let base = ["replay", archive, "--engine", candidate, "--format", "json"]
        let first = try runReel(base + ["--scenario", "modal.swipe-dismiss"], in: folder)
        #expect(first.status == 1, "\(first.standardError)")
        try interruptReplay(1, in: archive, after: 14)
        try setRunner(nil, of: 1, in: archive)
        try Database.open(archive, mode: .readWrite).execute("UPDATE replays SET selection_json = NULL")

        let resumed = try runReel(base + ["--scenario", "modal.swipe-dismiss", "--resume", "1"], in: folder)
        #expect(resumed.status == 1, "\(resumed.standardError)")
        #expect(try JSONParser.parse(resumed.standardOutput) == JSONParser.parse(first.standardOutput))
        let warning = "reel: warning: replay 1 does not record which process wrote it"
        #expect(resumed.standardError.contains(warning), "\(resumed.standardError)")
    }

    @Test func aReplayWhoseProcessStillRunsIsRefusedAndOneWhoseProcessEndedIsTakenOver() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        let base = ["replay", archive, "--engine", candidate, "--results", "r.sqlite", "--format", "json"]
        let first = try runReel(base, in: folder)
        #expect(first.status == 1, "\(first.standardError)")
        let results = folder + "/r.sqlite"
        try interruptReplay(1, in: results, after: 14)

        // A live process of this host, with its start time: refused, nothing written.
        let sleeper = try startSleeper()
        defer { if sleeper.isRunning { stop(sleeper) } }
        try setRunner(try runnerJSON(pid: sleeper.processIdentifier), of: 1, in: results)
        let live = try runReel(base + ["--resume", "1"], in: folder)
        #expect(live.status == 65)
        let reason =
            "r.sqlite: cannot resume replay 1: it is still being written by process "
            + "\(sleeper.processIdentifier) on \(try hostName()); wait for it or kill it"
        #expect(live.standardError.contains(reason), "\(live.standardError)")
        #expect(try archiveCount(results, "SELECT count(*) FROM replay_results") == 14)

        // Once the process has ended, the replay is taken over and finished.
        stop(sleeper)
        let resumed = try runReel(base + ["--resume", "1"], in: folder)
        #expect(resumed.status == 1, "\(resumed.standardError)")
        #expect(try JSONParser.parse(resumed.standardOutput) == JSONParser.parse(first.standardOutput))
        #expect(!resumed.standardError.contains("warning"), "\(resumed.standardError)")
    }

    @Test func aRunnerWithAnotherStartTimeIsAnotherProcess() throws {
        let (_, archive, candidate) = try swipeDismissCorpus(count: 20)
        var summary = try Replayer(archivePath: archive, engine: EngineFactory(.profile(path: candidate)), options: .init())
            .run()
        try interruptReplay(summary.replayID, in: archive, after: 5)
        // This very process, but started at another time: a reused pid, so the replay is taken over.
        let reused = try runnerJSON(pid: getpid()).replacingOccurrences(of: "\"start_ticks\":", with: "\"start_ticks\":9")
        try setRunner(reused, of: summary.replayID, in: archive)
        summary = try Replayer(archivePath: archive, engine: EngineFactory(.profile(path: candidate)), options: .init())
            .run(resuming: summary.replayID)
        #expect(summary.sessions == 20)
        // The replay now names this process as its runner.
        let run = try Archive.open(archive, mode: .readOnly).replayRun(id: summary.replayID)
        #expect(run?.runner == (try runnerJSON(pid: getpid())))
    }

    @Test func theRunningProcessItselfIsRefusedAndOneOnAnotherHostIsTakenOverWithAWarning() throws {
        let (_, archive, candidate) = try swipeDismissCorpus(count: 20)
        let engine = try EngineFactory(.profile(path: candidate))
        let begun = try Replayer(archivePath: archive, engine: engine, options: .init()).run()
        try interruptReplay(begun.replayID, in: archive, after: 5)

        try setRunner(try runnerJSON(pid: getpid()), of: begun.replayID, in: archive)
        let refusal = #expect(throws: ReelFailure.self) {
            try Replayer(archivePath: archive, engine: engine, options: .init()).run(resuming: begun.replayID)
        }
        #expect(refusal?.kind == .dataError)
        #expect(refusal?.message.contains("it is still being written by process \(getpid()) on ") == true)

        try setRunner(try runnerJSON(pid: getpid(), host: "elsewhere.example"), of: begun.replayID, in: archive)
        var notes: [String] = []
        let resumed = try Replayer(archivePath: archive, engine: engine, options: .init())
            .run(resuming: begun.replayID, note: { notes.append($0) })
        #expect(resumed.sessions == 20)
        #expect(
            notes == [
                "replay \(begun.replayID) was last written by process \(getpid()) on elsewhere.example, which this host "
                    + "cannot check; make sure that process has ended"
            ])
    }
}
