import ArgumentParser
import ReelReplay
import ReelReport
import ReelStore

/// The three renderings of a replay summary: text for people, JSON for scripts, JUnit for CI.
enum ReplayReport {
    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, junit }

    /// Prints `summary` in `format`, then ends with the replay exit status: 0 when nothing
    /// diverged, 1 when something did, 2 when the engine failed on some sessions.
    /// - Parameter resultsPath: the archive holding the replay's results (JUnit lists every session).
    static func emit(_ summary: Replayer.Summary, format: Format, resultsPath: String) throws {
        switch format {
        case .text: print(text(summary, archive: resultsPath))
        case .json: print(json(summary))
        case .junit:
            try reportingErrors {
                print(try junit(summary, archive: try Archive.open(resultsPath, mode: .readOnly)))
            }
        }
        if summary.errors > 0 { throw ExitCode(ExitStatus.engineErrors.rawValue) }
        if summary.diverged > 0 { throw ExitCode(ExitStatus.diverged.rawValue) }
    }

    /// The summary for people: counts, divergences by kind, the first findings, and the query that
    /// lists the rest in `archive` (the one holding the results).
    static func text(_ s: Replayer.Summary, archive: String) -> String {
        var lines: [String] = []
        let engine = s.candidate.map { "\($0.name) \($0.version)" } ?? "?"
        lines.append(
            "replay \(s.replayID) with \(engine): \(counted(s.sessions, "session")), \(s.matched) matched, \(s.diverged) diverged, "
                + counted(s.errors, "error"))
        if !s.byKind.isEmpty {
            lines.append("  by kind: " + s.byKind.map { "\($0.kind.rawValue) \($0.count)" }.joined(separator: ", "))
        }
        for (sessionID, verdict) in s.findings {
            let first = verdict.divergences.first?.detail ?? ""
            lines.append("  session \(sessionID): \(verdict.status.rawValue): \(forPeople(first))")
        }
        let shown = s.findings.count
        if s.diverged + s.errors > shown {
            lines.append(
                "  ... and \(s.diverged + s.errors - shown) more: reel query \(shellQuoted(archive)) \"SELECT * FROM replay_results WHERE replay_id = \(s.replayID) AND status <> 'matched'\""
            )
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ s: Replayer.Summary) -> String {
        var w = JSONWriter()
        w.raw("{\"replay_id\":")
        w.int(Int(s.replayID))
        w.raw(",\"engine\":")
        if let engine = s.candidate {
            w.raw("{\"name\":")
            w.string(engine.name)
            w.raw(",\"version\":")
            w.string(engine.version)
            w.raw(",\"fingerprint\":")
            w.string(engine.fingerprint)
            w.raw("}")
        } else {
            w.null()
        }
        w.raw(",\"sessions\":")
        w.int(s.sessions)
        w.raw(",\"matched\":")
        w.int(s.matched)
        w.raw(",\"diverged\":")
        w.int(s.diverged)
        w.raw(",\"errors\":")
        w.int(s.errors)
        w.raw(",\"by_kind\":{")
        for (index, entry) in s.byKind.enumerated() {
            if index > 0 { w.raw(",") }
            w.string(entry.kind.rawValue)
            w.raw(":")
            w.int(entry.count)
        }
        w.raw("},\"findings\":[")
        for (index, (sessionID, verdict)) in s.findings.enumerated() {
            if index > 0 { w.raw(",") }
            w.raw("{\"session\":")
            w.int(Int(sessionID))
            w.raw(",\"status\":")
            w.string(verdict.status.rawValue)
            w.raw(",\"first\":")
            if let first = verdict.divergences.first { w.string(first.detail) } else { w.null() }
            w.raw("}")
        }
        w.raw("]}")
        return w.text
    }

    static func junit(_ s: Replayer.Summary, archive: Archive) throws -> String {
        let rows = try archive.replayResults(replayID: s.replayID)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuite name=\"reel replay \(s.replayID)\" tests=\"\(rows.count)\" failures=\"\(s.diverged)\" errors=\"\(s.errors)\">\n"
        for row in rows {
            out += "  <testcase classname=\"reel.replay\" name=\"session \(row.sessionID)\">"
            switch row.status {
            case .matched:
                break
            case .diverged:
                let first = try archive.divergences(replayID: s.replayID, sessionID: row.sessionID).first
                out += "<failure type=\"\(xml(first?.kind.rawValue ?? "divergence"))\" message=\"\(xml(first?.detail ?? ""))\"/>"
            case .error:
                out += "<error message=\"\(xml(row.errorMessage ?? ""))\"/>"
            }
            out += "</testcase>\n"
        }
        return out + "</testsuite>"
    }

    /// `text` as an XML attribute value: escaped, with control characters (which XML 1.0 does not
    /// allow even as references) shown as `\u{..}` (an archive's messages may come from anyone).
    private static func xml(_ text: String) -> String { HTML.escape(UntrustedText.sanitized(text, limit: .max)) }
}
