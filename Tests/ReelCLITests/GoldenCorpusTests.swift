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
/// (which writes the files and fails, as a snapshot tool's record mode does) and say in the commit
/// which output changed and why. Each output's text is kept beside its digest
/// (Tests/Golden/golden-corpus/NAME.txt, as snapshot files are), so a change shows as a diff in
/// review; the digest stays the fast check, and a test holds text and digest to each other. On a
/// mismatch the failure names the first line that differs and the folder the actual outputs are
/// kept in.
@Suite("golden corpus")
struct GoldenCorpusTests {
    /// The file of expected digests, one `name sha256 lines` per output.
    static let goldenFile = repositoryRoot + "/Tests/Golden/golden-corpus.txt"
    /// The folder of the expected outputs' texts, one `NAME.txt` per output.
    static let goldenTextFolder = repositoryRoot + "/Tests/Golden/golden-corpus"

    /// The digest line of one output: `name sha256 lines`.
    static func digestLine(_ name: String, _ text: String) -> String {
        "\(name) \(SHA256.hex(text)) \(text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)"
    }

    /// Scenario families of the corpus: edge pan, pan, pinch, the image drag and a tap.
    static let scenarios = [
        "nav.interactive-pop", "sheet.drag-dismiss", "modal.swipe-dismiss", "modal.pinch-dismiss", "image.drag-dismiss",
        "nav.push",
    ]

    @Test func aFixedCorpusGivesTheSameBytesEverywhere() throws {
        let folder = try temporaryFolder()
        let outputs = try Self.corpusOutputs(in: folder)
        let actual = outputs.map { Self.digestLine($0, $1) }.joined(separator: "\n") + "\n"

        if ProcessInfo.processInfo.environment["REEL_GOLDEN_UPDATE"] == "1" {
            try actual.write(toFile: Self.goldenFile, atomically: true, encoding: .utf8)
            try? FileManager.default.removeItem(atPath: Self.goldenTextFolder)
            try FileManager.default.createDirectory(atPath: Self.goldenTextFolder, withIntermediateDirectories: true)
            for (name, text) in outputs {
                try text.write(toFile: Self.goldenTextFolder + "/\(name).txt", atomically: true, encoding: .utf8)
            }
            // As swift-snapshot-testing's record mode: writing is not passing. The run that wrote
            // the files fails, so an update mode left on in CI can never hide a change.
            Issue.record(
                """
                REEL_GOLDEN_UPDATE=1: wrote \(outputs.count) golden outputs to \(Self.goldenFile) and \(Self.goldenTextFolder); \
                review the diff, then run again without REEL_GOLDEN_UPDATE
                """)
            return
        }
        let expectedLines = try Self.expectedDigests()
        for (name, text) in outputs {
            let kept = folder + "/golden-\(name).txt"
            try text.write(toFile: kept, atomically: true, encoding: .utf8)
            let line = Self.digestLine(name, text)
            guard expectedLines[name] != line else { continue }
            let stored = try? String(contentsOfFile: Self.goldenTextFolder + "/\(name).txt", encoding: .utf8)
            Issue.record(
                """
                golden output '\(name)' changed: \(line) (expected \(expectedLines[name] ?? "none")); \
                \(stored.map { Self.firstDifference($0, text) } ?? "no stored text"); actual text kept in \(kept) \
                (diff it against Tests/Golden/golden-corpus/\(name).txt)
                """)
        }
        #expect(
            expectedLines.count == outputs.count, "the golden file lists \(expectedLines.count) outputs, the test makes \(outputs.count)")
    }

    /// The stored texts and digests agree: every digest line has its text, whose SHA-256 and line
    /// count are the line's, and no text is without a line. A text edited by hand (or a digest
    /// updated without its text) fails here, without running the corpus.
    @Test func theStoredTextsMatchTheirDigests() throws {
        let expected = try Self.expectedDigests()
        #expect(!expected.isEmpty)
        for (name, line) in expected.sorted(by: { $0.key < $1.key }) {
            let path = Self.goldenTextFolder + "/\(name).txt"
            let text = try #require(try? String(contentsOfFile: path, encoding: .utf8), "\(path) is missing")
            #expect(Self.digestLine(name, text) == line, "\(path) does not match its digest line '\(line)'")
        }
        let texts = try FileManager.default.contentsOfDirectory(atPath: Self.goldenTextFolder).filter { $0.hasSuffix(".txt") }
        #expect(Set(texts) == Set(expected.keys.map { $0 + ".txt" }), "texts without a digest line, or digest lines without a text")
    }

    /// The digest lines of the golden file, by output name.
    static func expectedDigests() throws -> [String: String] {
        let expected = try String(contentsOfFile: goldenFile, encoding: .utf8)
        return Dictionary(
            uniqueKeysWithValues: expected.split(separator: "\n").map { line in
                (String(line.split(separator: " ")[0]), String(line))
            })
    }

    /// Where `actual` first departs from `expected`: the line number and both lines (cut at 200
    /// characters), or the line count when one is a prefix of the other.
    static func firstDifference(_ expected: String, _ actual: String) -> String {
        let (old, new) = (
            expected.split(separator: "\n", omittingEmptySubsequences: false),
            actual.split(separator: "\n", omittingEmptySubsequences: false)
        )
        for (index, (a, b)) in zip(old, new).enumerated() where a != b {
            return "first difference at line \(index + 1): expected '\(a.prefix(200))', got '\(b.prefix(200))'"
        }
        return "the stored text has \(old.count) lines, the actual \(new.count)"
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

    /// The report with what depends on where and when it ran replaced: the replay's wall-clock times
    /// (ISO-8601, `2026-01-31T12:00:00.123Z`) and the run-metadata line under the title (host, CI
    /// variables, wall time; ReportRunMetadataTests checks that line).
    static func normalizedTimestamps(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z"#, with: "TIMESTAMP", options: .regularExpression
        )
        .replacingOccurrences(
            of: #"<p class="run-meta">[^\n]*</p>"#, with: #"<p class="run-meta">RUN</p>"#, options: .regularExpression)
    }
}
