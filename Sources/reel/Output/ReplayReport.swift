import ArgumentParser
import Foundation
import ReelJSON
import ReelReport
import ReelRunner
import ReelStore
import ReelTrace

/// The renderings of a replay summary: text for people, JSON for scripts, JUnit for CI, Markdown
/// for a pull request or a CI step summary, GitHub annotations for a workflow's log.
enum ReplayReport {
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, junit, markdown, github }

    /// Prints `summary` in `format` (text: every session line with `verbose`), then ends with the replay exit status: 2 when the engine
    /// failed on some sessions, else 1 when a session diverged in a kind `policy` fails on, else 0.
    /// - Parameters:
    ///   - resultsPath: the archive holding the replay's results (JUnit lists every session).
    ///   - recorded: the recorded sessions, for the Markdown summary's release points and commands.
    ///   - markdownFile: a file to append the Markdown summary to as well (`--markdown-summary`).
    ///   - junitFile: a new file to write the JUnit XML to as well (`--junit`; checked before the replay).
    static func emit(
        _ summary: Replayer.Summary, format: Format, resultsPath: String, policy: FailurePolicy,
        recorded: ReplayMarkdown.Recorded, markdownFile: String? = nil, junitFile: String? = nil, verbose: Bool = false
    ) throws {
        let tally = try reportingErrors {
            let results = try Archive.open(resultsPath, mode: .readOnly)
            let tally = VerdictTally(groups: summary.verdictGroups, policy: policy)
            let markdown =
                format == .markdown || markdownFile != nil
                ? try ReplayMarkdown.render(summary, tally: tally, results: results, resultsPath: resultsPath, recorded: recorded)
                : nil
            let scenarios = try Dictionary(
                summary.findings.map { ($0.sessionID, try results.sessionLabel(sessionID: $0.sessionID)?.scenario ?? "?") },
                uniquingKeysWith: { first, _ in first })
            switch format {
            case .text:
                let lines = try ReplayFindingLines.render(
                    replayID: summary.replayID, in: results, archivePath: resultsPath, verbose: verbose)
                print(text(summary, tally: tally, findingLines: lines))
            case .json: print(json(summary, tally: tally, scenarios: scenarios))
            // With results elsewhere (--results, merge) the command names ARCHIVE, so one run and merged
            // shards give the same bytes.
            case .junit: print(try junit(summary, tally: tally, archive: results, archivePath: recorded.holdsResults ? recorded.path : nil))
            case .markdown: print(markdown ?? "")
            case .github:
                let lines = try GitHubAnnotations.render(
                    summary, tally: tally, results: results, resultsPath: resultsPath, recorded: recorded)
                if !lines.isEmpty { print(lines) }
            }
            if let junitFile {
                let file = try OutputFile(path: junitFile, force: false)
                try file.write(
                    try junit(summary, tally: tally, archive: results, archivePath: recorded.holdsResults ? recorded.path : nil) + "\n")
                try file.close()
            }
            if let markdownFile, let markdown {
                let file = try OutputFile(appendingTo: markdownFile)
                try file.write(markdown + "\n")
                try file.close()
            }
            return tally
        }
        if tally.errors > 0 { throw ExitCode(ExitStatus.engineErrors.rawValue) }
        if tally.failingSessions > 0 { throw ExitCode(ExitStatus.diverged.rawValue) }
    }

    /// "212 diverged", and under a `--fail-on` that lets kinds pass, which of them count:
    /// "212 diverged (frame only: not failing with --fail-on decision,lifecycle)".
    static func divergedClause(_ diverged: Int, tally: VerdictTally) -> String {
        let policy = tally.policy
        guard !policy.failsEveryKind, diverged > 0 else { return "\(diverged) diverged" }
        let option = "--fail-on \(policy.argument)"
        let passing = tally.passingKinds.map(\.rawValue).joined(separator: ", ") + " only: not failing with " + option
        if tally.passingDivergedSessions == 0 { return "\(diverged) diverged (all failing with \(option))" }
        if tally.failingSessions == 0 { return "\(diverged) diverged (\(passing))" }
        return "\(diverged) diverged (\(tally.failingSessions) failing; \(tally.passingDivergedSessions) in \(passing))"
    }

    /// The summary for people: counts, divergences by kind, then `findingLines`
    /// (`ReplayFindingLines`: every flip, grouped by scenario, then the rest counted by kind or,
    /// verbose, listed).
    static func text(_ s: Replayer.Summary, tally: VerdictTally, findingLines: [String]) -> String {
        var lines: [String] = []
        let engine = shown(s.candidate.map { "\($0.name) \($0.version)" } ?? "?")
        lines.append(
            "replay \(s.replayID) with \(engine): \(counted(s.sessions, "session")), \(s.matched) matched, "
                + divergedClause(s.diverged, tally: tally) + ", "
                + counted(s.errors, "error"))
        if !s.byKind.isEmpty {
            let marked = !tally.policy.failsEveryKind
            lines.append(
                "  divergences (rows, not sessions) by kind: "
                    + s.byKind.map { entry in
                        "\(entry.kind.rawValue) \(entry.count)"
                            + (marked && !tally.policy.failing.contains(entry.kind) ? " (not failing)" : "")
                    }.joined(separator: ", "))
        }
        lines += findingLines
        return lines.joined(separator: "\n")
    }

    /// `{"format":"reel.replay/1","replay_id":...}` (docs/JSON.md, docs/schemas/replay-1.schema.json).
    static func json(_ s: Replayer.Summary, tally: VerdictTally, scenarios: [Int64: String] = [:]) -> String {
        var w = JSONWriter()
        w.object { members in
            members.member("format", JSONOutput.replay.format)
            members.member("replay_id", s.replayID)
            members.member("engine") { w in
                guard let engine = s.candidate else { return w.null() }
                w.object { members in
                    members.member("name", engine.name)
                    members.member("version", engine.version)
                    members.member("fingerprint", engine.fingerprint)
                }
            }
            members.member("sessions", s.sessions)
            members.member("matched", s.matched)
            members.member("diverged", s.diverged)
            members.member("errors", s.errors)
            members.member("fail_on") { $0.array(tally.policy.failingKinds) { $0.string($1.rawValue) } }
            members.member("failing_sessions", tally.failingSessions)
            members.member("not_failing_sessions", tally.passingDivergedSessions)
            members.member("not_failing_kinds") { $0.array(tally.passingKinds) { $0.string($1.rawValue) } }
            members.member("flips", tally.flips)
            members.member("sessions_by_kind") { $0.object(tally.orderedSessionsByKind, key: \.kind.rawValue) { $0.int($1.sessions) } }
            members.member("by_kind") { $0.object(s.byKind, key: \.kind.rawValue) { $0.int($1.count) } }
            members.member("findings") { w in
                w.array(s.findings) { w, finding in
                    let (sessionID, verdict) = finding
                    w.object { members in
                        members.member("session", sessionID)
                        members.member("status", verdict.status.rawValue)
                        members.member("scenario", scenarios[sessionID])
                        members.member("kinds") { $0.array(Set(verdict.divergences.map(\.kind.rawValue)).sorted()) { $0.string($1) } }
                        members.member("failing", tally.policy.fails(verdict.divergences.map(\.kind)))
                        members.member("first", verdict.divergences.first?.detail)
                    }
                }
            }
        }
        return w.text
    }

    /// One test case per session, in the JUnit XML of Ant's `<junit>` task (JUnit 4), which
    /// Jenkins, GitLab and GitHub's test reporters read, and which also validates against Jenkins'
    /// xUnit JUnit schema (docs/CI.md). A session diverging in a failing kind is a `<failure>` whose
    /// type is its first failing kind; an engine error an `<error type="engine_error">`; a session
    /// diverging only in kinds `--fail-on` lets pass is a passing test case, its note ("diverged
    /// only in ...") a line of the suite's `<system-out>` (Ant's test cases hold no output of their
    /// own; CI pages count skipped tests as not run, which these sessions were not). The suite's
    /// `reel.fail_on` property names the failing kinds.
    ///
    /// The suite's `timestamp` is when the replay started (`replays.started_at`, UTC, to the second,
    /// without a zone as Ant writes it), its `hostname` the host the replay stored
    /// (`metadata_json.host`, "localhost" when none): both from the archive, so the same archive
    /// gives the same attributes.
    ///
    /// Each test case's classname is the session's scenario and its name the session's stable name
    /// (its external id, else `sha256:` and its content hash's first 16 digits: the same in every
    /// archive that holds the session, unlike its id), with " (session ID)" where another session of
    /// the scenario has the same stable name (`TestCaseNames`); a failure's message is its first failing
    /// divergence ("decision at frame 14: ..."), its body the session id, the first divergent
    /// frame, that divergence and the `reel show` command that shows it (naming `archivePath` and
    /// the replay when the results are in the recorded archive, else `ARCHIVE`).
    ///
    /// Times, in seconds (docs/CI.md): the suite's `time` is what the replay took in the process that
    /// ran it (`Summary.wallSeconds`), or, for a summary read from results (`reel merge`), from its
    /// stored start to its end; a test case's `time` what the candidate engine took on the session
    /// (`replay_results.engine_seconds`: running it, not reading or comparing), stored with the
    /// verdict, so a resumed replay's earlier sessions and merged shards keep theirs. A verdict
    /// stored before schema v14 has no time: `0` (Ant requires one), said in a suite property.
    static func junit(_ s: Replayer.Summary, tally: VerdictTally, archive: Archive, archivePath: String?) throws -> String {
        let policy = tally.policy
        let rows = try archive.replayResults(replayID: s.replayID)
        let labels = try archive.sessionLabels(replayID: s.replayID)
        let names = TestCaseNames.unique(rows.map(\.sessionID), labels: labels)
        let seconds = try archive.engineSeconds(replayID: s.replayID)
        let run = try archive.replayRun(id: s.replayID)
        let host = try archive.runMetadata(replayID: s.replayID)?.host
        let untimed = rows.filter { seconds[$0.sessionID] == nil }.count
        var notes: [String] = []
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<testsuite name=\"reel replay \(s.replayID)\" timestamp=\"\(JUnitSuite.timestamp(run?.startedAt))\""
            + " hostname=\"\(xml(JUnitSuite.hostname(host)))\" tests=\"\(rows.count)\" failures=\"\(tally.failingSessions)\""
            + " errors=\"\(tally.errors)\" skipped=\"0\""
            + " time=\"\(JUnitSuite.seconds(s.wallSeconds ?? JUnitSuite.storedSeconds(run)))\">\n"
        out += "  <properties><property name=\"reel.fail_on\" value=\"\(policy.argument)\"/>"
        if untimed > 0 {
            out += "<property name=\"reel.untimed_cases\" value=\"\(untimed) (verdicts stored before schema v14: time 0)\"/>"
        }
        out += "</properties>\n"
        for row in rows {
            let label = labels[row.sessionID]
            let classname = label?.scenario ?? "reel.replay"
            let name = names[row.sessionID] ?? "session \(row.sessionID)"
            out +=
                "  <testcase classname=\"\(xml(classname))\" name=\"\(xml(name))\" time=\"\(JUnitSuite.seconds(seconds[row.sessionID] ?? 0))\""
            switch row.status {
            case .matched:
                out += "/>\n"
                continue
            case .diverged where policy.fails(row.kinds):
                let divergences = try archive.divergences(replayID: s.replayID, sessionID: row.sessionID)
                let first = divergences.first { policy.failing.contains($0.kind) }
                let body =
                    "session \(row.sessionID)" + (row.firstDivergentFrame.map { ", first divergent frame \($0)" } ?? "")
                    + (first.map { ": \($0.kind.rawValue): \($0.detail)" } ?? "")
                    + "; reel show "
                    + (archivePath.map { "\(shellQuoted($0)) \(row.sessionID) --replay \(s.replayID)" } ?? "ARCHIVE \(row.sessionID)")
                let message = first.map { "\($0.kind.rawValue)" + ($0.frameIndex.map { " at frame \($0)" } ?? "") + ": " + $0.detail } ?? ""
                out += "><failure type=\"\(xml(first?.kind.rawValue ?? "divergence"))\" message=\"\(xml(message))\">"
                out += xml(body) + "</failure>"
            case .diverged:
                let first = try archive.divergences(replayID: s.replayID, sessionID: row.sessionID).first
                let kinds = row.kinds.map(\.rawValue).joined(separator: ", ")
                notes.append(
                    "\(classname) \(name): diverged only in \(kinds), not failing with --fail-on \(policy.argument)"
                        + (first.map { ": " + $0.detail } ?? ""))
                out += "/>\n"
                continue
            case .error:
                let message = row.errorMessage ?? ""
                out += "><error type=\"\(JUnitSuite.engineErrorType)\" message=\"\(xml(message))\">"
                out += xml("session \(row.sessionID): the candidate engine failed: \(message)") + "</error>"
            }
            out += "</testcase>\n"
        }
        out += "  <system-out>" + notes.map(xml).joined(separator: "\n") + "</system-out>\n"
        out += "  <system-err></system-err>\n"
        return out + "</testsuite>"
    }

    /// `text` as an XML attribute value: escaped, with control characters (which XML 1.0 does not
    /// allow even as references) shown as `\u{..}` (an archive's messages may come from anyone).
    private static func xml(_ text: String) -> String { HTML.escape(UntrustedText.sanitized(text, limit: .max)) }
}
