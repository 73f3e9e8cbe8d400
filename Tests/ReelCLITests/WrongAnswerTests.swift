import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 16's wrong answers: a replay, show, report or query that names what the archive does not
/// hold is an error that says so, never an empty success; an external engine that cannot start
/// stops the replay at once.
@Suite("No wrong answer that looks like success")
struct WrongAnswerTests {
    /// Twenty recorded back-swipes in a new folder.
    private func pops() throws -> (folder: String, archive: String) {
        let folder = try temporaryFolder()
        let archive = folder + "/a.sqlite"
        _ = try record(try synthesizedStream("nav.interactive-pop", count: 20, seed: 4, in: folder), into: archive)
        return (folder, archive)
    }

    @Test func aMistypedScenarioIs65WithTheClosestNameAndWritesNothing() throws {
        let (folder, archive) = try pops()
        let before = try archiveFileHash(archive)
        let run = try runReel(["replay", "a.sqlite", "--scenario", "nav.interactiv-pop"], in: folder)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("no session of scenario 'nav.interactiv-pop'"))
        #expect(run.standardError.contains("closest: nav.interactive-pop"))
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 0)
        #expect(try archiveFileHash(archive) == before)

        // A catalog scenario the archive has no session of: the archive's scenarios are listed.
        let absent = try runReel(["replay", "a.sqlite", "--scenario", "nav.pop"], in: folder)
        #expect(absent.status == 65 && absent.standardError.contains("its scenarios: nav.interactive-pop"), "\(absent.standardError)")

        let results = try runReel(["replay", "a.sqlite", "--scenario", "nope", "--results", "r.sqlite"], in: folder)
        #expect(results.status == 65)
        #expect(!FileManager.default.fileExists(atPath: folder + "/r.sqlite"))
    }

    @Test func aSessionIdThatDoesNotExistIs65() throws {
        let (folder, archive) = try pops()
        let run = try runReel(["replay", "a.sqlite", "--session", "999999", "--session", "1"], in: folder)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("no session with id 999999"))
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 0)
    }

    @Test func aSelectionThatMatchesNothingIs65() throws {
        let (folder, archive) = try pops()
        _ = try record(try synthesizedStream("modal.swipe-dismiss", count: 2, seed: 4, in: folder), into: archive)
        let run = try runReel(["replay", "a.sqlite", "--session", "1", "--scenario", "modal.swipe-dismiss"], in: folder)
        #expect(run.status == 65, "\(run.standardError)")
        #expect(run.standardError.contains("selects no session"))
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 0)

        let empty = try runReel(["init", "e.sqlite"], in: folder)
        #expect(empty.status == 0)
        let none = try runReel(["replay", "e.sqlite"], in: folder)
        #expect(none.status == 65 && none.standardError.contains("holds no session"), "\(none.standardError)")
    }

    @Test func unknownReplayAndSessionIdsAreErrorsInShowReportQueryAndResume() throws {
        let (folder, _) = try pops()
        let replay = try runReel(["replay", "a.sqlite", "--session", "1"], in: folder)
        #expect(replay.status == 0, "\(replay.standardError)")

        let show = try runReel(["show", "a.sqlite", "1", "--replay", "7"], in: folder)
        #expect(show.status == 65 && show.standardError.contains("no replay 7 (its replays: 1)"), "\(show.standardError)")
        #expect(!show.standardOutput.contains("matched"))
        let notJudged = try runReel(["show", "a.sqlite", "2", "--replay", "1"], in: folder)
        #expect(notJudged.status == 65 && notJudged.standardError.contains("replay 1 did not replay session 2"))
        let judged = try runReel(["show", "a.sqlite", "1", "--replay", "1"], in: folder)
        #expect(judged.status == 0 && judged.standardOutput.contains("replay 1: matched"))
        let noSession = try runReel(["show", "a.sqlite", "999"], in: folder)
        #expect(noSession.status == 65 && noSession.standardError.contains("no session with id 999"))

        let report = try runReel(["report", "a.sqlite", "--replay", "7", "-o", "r.html"], in: folder)
        #expect(report.status != 0 && report.standardError.contains("no replay 7"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/r.html"))

        let query = try runReel(["query", "a.sqlite", "--saved", "regressions", "--param", "replay=7"], in: folder)
        #expect(query.status == 65 && query.standardError.contains("no replay 7"), "\(query.standardError)")
        let scenario = try runReel(["query", "a.sqlite", "--saved", "near-boundary", "--param", "scenario=nav.interactive-po"], in: folder)
        #expect(scenario.status == 65 && scenario.standardError.contains("closest: nav.interactive-pop"), "\(scenario.standardError)")
        // Issue 36: `reel replay --scenario` takes globs; a query's parameter is one name, so a glob is refused, not matched as a name.
        let glob = try runReel(["query", "a.sqlite", "--saved", "near-boundary", "--param", "scenario=nav.*"], in: folder)
        #expect(glob.status == 64 && glob.standardError.contains("not a glob"), "\(glob.standardError)")

        let resume = try runReel(["replay", "a.sqlite", "--resume", "7"], in: folder)
        #expect(resume.status == 65 && resume.standardError.contains("there is no replay 7"), "\(resume.standardError)")
    }

    /// A command that does not exist and a relative script path that does not exist from the
    /// current folder: the replay stops after `ExternalTransitionEngine.startupAttempts` sessions
    /// with exit 2, one message naming the command, its stderr and where relative paths start, and
    /// no replay written; it takes seconds, not one failed start per session.
    @Test(arguments: ["no-such-engine-command", "python3 tools/no_such_engine.py"])
    func anEngineThatCannotStartStopsTheReplay(command: String) throws {
        let (folder, archive) = try pops()
        let started = Date()
        let run = try runReel(["replay", "a.sqlite", "--engine", "exec:" + command, "--jobs", "1"], in: folder)
        let seconds = Date().timeIntervalSince(started)
        #expect(run.status == 2, "\(run.standardError)")
        #expect(run.standardError.contains("the engine exec:\(command) failed 3 sessions in a row without answering one"))
        #expect(run.standardError.contains("stderr:"))
        #expect(run.standardError.contains("a relative path in it is taken from there"))
        #expect(run.standardError.components(separatedBy: "reel: error:").count == 2, "one message: \(run.standardError)")
        #expect(run.standardOutput.isEmpty)
        #expect(try archiveCount(archive, "SELECT count(*) FROM replays") == 0)
        #expect(seconds < 10, "\(seconds) s")
    }
}
