import Foundation
import ReelStore
import ReelTestSupport
import Testing

/// Issue 16's getting started, consistent flags and words: what a new user reads.
@Suite("The command line as a new user meets it")
struct UsabilityTests {
    @Test func versionNamesEngineSchemaAndBuild() throws {
        let run = try runReel(["--version"], in: try temporaryFolder())
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("engine reel-builtin "))
        #expect(run.standardOutput.contains("archive schema v\(EmbeddedMigration.all.count)"))
        #expect(run.standardOutput.contains(" build)"))
    }

    @Test func infoListsReplaysWithStatusCandidateAndCounts() throws {
        let (folder, _, candidate) = try swipeDismissCorpus(count: 12)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let text = try runReel(["info", "a.sqlite"], in: folder)
        #expect(text.status == 0)
        #expect(text.standardOutput.contains("replay 1  finished  "), "\(text.standardOutput)")
        #expect(text.standardOutput.contains(" (\(candidate))  12 sessions: "), "\(text.standardOutput)")
        let json = try runReel(["info", "a.sqlite", "--format", "json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let replays = try #require(object["replays"] as? [[String: Any]])
        #expect(replays.count == 1 && replays[0]["status"] as? String == "finished" && replays[0]["sessions"] as? Int == 12)
    }

    @Test func formatJSONEverywhereWithJSONKeptAsAlias() throws {
        let folder = try temporaryFolder()
        for command in [["scenarios"], ["engine", "params"]] {
            let format = try runReel(command + ["--format", "json"], in: folder)
            let alias = try runReel(command + ["--json"], in: folder)
            #expect(format.status == 0 && format.standardOutput == alias.standardOutput && format.standardOutput.hasPrefix("{\"format\":"))
        }
    }

    /// Parameter descriptions and help name behaviour and public sources, not internal labels
    /// (docs/ENGINE.md keeps those). `reel scenarios` shows each scenario's description for people
    /// (its stored summary is part of the scenario's identity and keeps its wording).
    @Test func userFacingTextHasNoInternalLabels() throws {
        let folder = try temporaryFolder()
        var texts = [try runReel(["engine", "params"], in: folder).standardOutput, try runReel(["scenarios"], in: folder).standardOutput]
        for command in [["replay"], ["record"], ["synth"], ["engine", "params"], ["demo"]] {
            texts.append(try runReel(command + ["--help"], in: folder).standardOutput)
        }
        let label = try NSRegularExpression(pattern: "seed 0[0-9][0-9]|\\bD(18|26)\\b", options: .caseInsensitive)
        for text in texts {
            #expect(label.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(text)")
        }
        #expect(texts[0].contains("onevcat's"))
        #expect(texts[1].contains("onevcat's swipe-to-dismiss, 2013"))
    }

    /// Every command of `reel`'s tree, as ArgumentParser describes it (`--experimental-dump-help`):
    /// `["engine", "params"]`, ... A new command is in the list without a test's edit.
    static func commandPaths(in folder: String) throws -> [[String]] {
        let dump = try runReel(["--experimental-dump-help"], in: folder)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.standardOutput.utf8)) as? [String: Any])
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                paths.append(path + [name])
                walk(sub, path + [name])
            }
        }
        walk(try #require(root["command"] as? [String: Any]), [])
        return paths
    }

    /// No option's help says its default twice (ours and ArgumentParser's).
    @Test func helpTextsDoNotDoubleDefaults() throws {
        let folder = try temporaryFolder()
        let commands = try Self.commandPaths(in: folder)
        // The tree as `reel --help` lists it: every top-level command and the groups' own.
        #expect(commands.count >= 25, "\(commands)")
        #expect(commands.contains(["engine", "params"]) && commands.contains(["accept"]) && commands.contains(["publish"]))
        for command in commands {
            let help = try runReel(command + ["--help"], in: folder).standardOutput
            // One option's text runs until the next line that starts an option.
            let options = help.components(separatedBy: "\n  -")
            for option in options {
                #expect(
                    option.components(separatedBy: "default").count <= 2 || option.contains("default (1/3 pt"),
                    "\(command): \(option)")
                #expect(option.components(separatedBy: "values:").count <= 2, "\(command): \(option)")
            }
        }
    }

    @Test func oneSessionAndRoundedNumbersAndTheRealArchiveInTheHint() throws {
        let (folder, archive, _) = try swipeDismissCorpus(count: 250)
        // A shorter swipe extent moves every frame: more findings than a summary keeps.
        let candidate = try profile("\"swipe.extent\":300", in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/sub dir", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: archive, toPath: folder + "/sub dir/a.sqlite")
        let one = try runReel(["replay", "sub dir/a.sqlite", "--session", "1"], in: folder)
        #expect(one.standardOutput.contains(": 1 session, 1 matched, 0 diverged, 0 errors"), "\(one.standardOutput)")
        let many = try runReel(["replay", "sub dir/a.sqlite", "--engine", candidate], in: folder)
        #expect(many.status == 1)
        #expect(many.standardOutput.contains("as does: reel query 'sub dir/a.sqlite' \"SELECT"), "\(many.standardOutput)")
        // No number printed for people carries every digit of a double.
        let long = try NSRegularExpression(pattern: "[0-9]\\.[0-9]{8,}")
        let text = many.standardOutput
        #expect(long.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil, "\(text)")
    }

    /// `reel show`: aligned columns, and every frame around the first divergence.
    @Test func showAlignsColumnsAndShowsTheFramesAroundTheFirstDivergence() throws {
        let (folder, archive, candidate) = try swipeDismissCorpus(count: 40)
        #expect(try runReel(["replay", "a.sqlite", "--engine", candidate], in: folder).status == 1)
        let row = try Database.open(archive, mode: .readOnly).prepare(
            "SELECT session_id, first_divergent_frame FROM replay_results WHERE first_divergent_frame > 8 LIMIT 1")
        #expect(try row.step())
        let (session, frame) = (row.int64(at: 0), row.int(at: 1))
        let show = try runReel(["show", "a.sqlite", String(session)], in: folder)
        #expect(show.status == 0, "\(show.standardError)")
        let timeline = show.standardOutput.split(separator: "\n").filter { $0.hasPrefix("   ") && $0.contains(".") }
        // The detail column starts at the same place on every line: 8 + 2 + 12 + 2.
        for line in timeline { #expect(line.dropFirst(22).hasPrefix("  ") && !line.dropFirst(24).hasPrefix(" "), "\(line)") }
        for index in (frame - 3)...(frame + 3) {
            #expect(show.standardOutput.contains("frame \(index) "), "frame \(index) not shown around \(frame)")
        }
        #expect(show.standardOutput.contains("<- first divergence"))
    }
}
