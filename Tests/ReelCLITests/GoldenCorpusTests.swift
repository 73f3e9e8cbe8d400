import Foundation
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// Characterization ("golden") tests of a fixed corpus through the real binary: the content hashes,
/// engine fingerprints, exported bytes, stored traces, replay rows and report HTML of a corpus that
/// `reel synth` makes from fixed seeds. They pin what a refactoring (moving files between modules,
/// a new storage layout) must leave identical, byte for byte. They are not a source of truth for
/// behaviour: when a change is meant to alter one of these outputs, rerun with `REEL_GOLDEN_UPDATE=1`
/// and say in the commit which output changed and why. On a mismatch the actual outputs are kept in
/// a folder the failure names, to diff against a run of the previous build.
@Suite("golden corpus")
struct GoldenCorpusTests {
    /// The file of expected digests, one `name sha256 lines` per output.
    static let goldenFile = repositoryRoot + "/Tests/Golden/golden-corpus.txt"

    /// Scenario families of the corpus: edge pan, pan, pinch, the image drag and a tap.
    static let scenarios = [
        "nav.interactive-pop", "sheet.drag-dismiss", "modal.swipe-dismiss", "modal.pinch-dismiss", "image.drag-dismiss",
        "nav.push",
    ]

    @Test func aFixedCorpusGivesTheSameBytesEverywhere() throws {
        let folder = try temporaryFolder()
        let outputs = try Self.corpusOutputs(in: folder)
        let actual =
            outputs.map { name, text in
                "\(name) \(SHA256.hex(text)) \(text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)"
            }.joined(separator: "\n") + "\n"

        if ProcessInfo.processInfo.environment["REEL_GOLDEN_UPDATE"] == "1" {
            try actual.write(toFile: Self.goldenFile, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOfFile: Self.goldenFile, encoding: .utf8)
        let expectedLines = Dictionary(
            uniqueKeysWithValues: expected.split(separator: "\n").map { line in
                (String(line.split(separator: " ")[0]), String(line))
            })
        for (line, (name, text)) in zip(actual.split(separator: "\n"), outputs) {
            let kept = folder + "/golden-\(name).txt"
            try text.write(toFile: kept, atomically: true, encoding: .utf8)
            #expect(
                expectedLines[name] == String(line),
                "golden output '\(name)' changed: \(line) (expected \(expectedLines[name] ?? "none")); actual text kept in \(kept)")
        }
        #expect(
            expectedLines.count == outputs.count, "the golden file lists \(expectedLines.count) outputs, the test makes \(outputs.count)")
    }

    /// Runs synth (60 and 120 Hz), record, replay against `legacy-0.3`, export and report, and
    /// returns each output as text, in a fixed order.
    static func corpusOutputs(in folder: String) throws -> [(String, String)] {
        var streams: [String] = []
        for (offset, scenario) in scenarios.enumerated() {
            for refreshHz in ["60", "120"] {
                let stream = "\(scenario)-\(refreshHz).jsonl"
                let synth = try runReel(
                    ["synth", "--scenario", scenario, "--count", "4", "--seed", "\(offset + 11)", "--refresh-hz", refreshHz, "-o", stream],
                    in: folder)
                try #require(synth.status == 0, "\(synth.standardError)")
                streams.append(stream)
            }
        }
        let record = try runReel(["record", "corpus.sqlite"] + streams, in: folder)
        try #require(record.status == 0, "\(record.standardError)")
        let replay = try runReel(["replay", "corpus.sqlite", "--engine", "legacy-0.3"], in: folder)
        try #require(replay.status == 1, "\(replay.standardError)")
        let export = try runReel(["export", "corpus.sqlite", "-o", "export.jsonl"], in: folder)
        try #require(export.status == 0, "\(export.standardError)")
        let report = try runReel(["report", "corpus.sqlite", "-o", "report.html"], in: folder)
        try #require(report.status == 0, "\(report.standardError)")

        let archive = folder + "/corpus.sqlite"
        return [
            ("content-hashes", try rows(archive, "SELECT id, content_hash FROM sessions ORDER BY id")),
            ("engines", try rows(archive, "SELECT name, version, fingerprint, profile_json FROM engines ORDER BY fingerprint")),
            ("export", try String(contentsOfFile: folder + "/export.jsonl", encoding: .utf8)),
            ("frames", try rows(archive, "SELECT session_id, frame_index, t, progress FROM frames ORDER BY session_id, frame_index")),
            (
                "frame-views",
                try rows(
                    archive,
                    """
                    SELECT f.session_id, f.frame_index, k.key, f.z, f.x, f.y, f.w, f.h, f.alpha, f.a, f.b, f.c, f.d,
                           f.tx, f.ty, f.rotation_x, f.rotation_y, f.m34, f.hidden
                    FROM frame_views AS f JOIN view_keys AS k ON k.id = f.view_id
                    ORDER BY f.session_id, f.frame_index, k.key
                    """)
            ),
            ("events", try rows(archive, "SELECT session_id, seq, t, kind, subject, detail FROM events ORDER BY session_id, seq")),
            (
                "outcomes",
                try rows(archive, "SELECT session_id, decision, completed_at, hierarchy_json FROM outcomes ORDER BY session_id")
            ),
            (
                "replay-results",
                try rows(
                    archive,
                    """
                    SELECT session_id, status, decision_expected, decision_actual, first_divergent_frame, max_error,
                           error_message, kinds_json
                    FROM replay_results ORDER BY replay_id, session_id
                    """)
            ),
            (
                "divergences",
                try rows(
                    archive,
                    """
                    SELECT session_id, kind, frame_index, view_key, property, expected, actual, delta, detail
                    FROM divergences ORDER BY id
                    """)
            ),
            ("replay-output", replay.standardOutput),
            ("report", normalizedTimestamps(try String(contentsOfFile: folder + "/report.html", encoding: .utf8))),
        ]
    }

    /// The rows of `sql`, one line each, fields separated by `|`; doubles as their bit patterns.
    static func rows(_ archive: String, _ sql: String) throws -> String {
        let statement = try Database.open(archive, mode: .readOnly).prepare(sql)
        var lines = ""
        while try statement.step() {
            var fields: [String] = []
            for column in 0..<statement.columnCount {
                switch statement.columnType(at: column) {
                case .null: fields.append("NULL")
                case .integer: fields.append(String(statement.int64(at: column)))
                case .real: fields.append("r" + String(statement.double(at: column).bitPattern, radix: 16))
                case .text: fields.append(statement.string(at: column))
                case .blob: fields.append(statement.data(at: column).base64EncodedString())
                }
            }
            lines += fields.joined(separator: "|") + "\n"
        }
        return lines
    }

    /// The report with the replay's wall-clock times (ISO-8601, `2026-01-31T12:00:00.123Z`) replaced.
    static func normalizedTimestamps(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"#, with: "TIMESTAMP", options: .regularExpression)
    }
}
