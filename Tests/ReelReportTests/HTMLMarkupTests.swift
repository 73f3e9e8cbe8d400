import Foundation
import ReelStore
import ReelTestSupport
import Testing

@testable import ReelReport

/// The report's markup type: text escaped by construction, markup only from the code's literals,
/// other markup, or the one audited entry; and hostile archive text escaped wherever the page
/// shows it.
@Suite("HTML markup")
struct HTMLMarkupTests {
    /// The escape rule (HTML5's character references for the five characters), written out here.
    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    static let hostile = #"<script>alert("x&y")</script> 'q' & <b>"#

    @Test func interpolatedTextIsEscapedAndLiteralsAndMarkupAreNot() {
        let name = Self.hostile
        let inner: HTMLMarkup = "<b>\(name)</b>"
        let outer: HTMLMarkup = "<p title=\"\(name)\">\(inner) \(42) \(Int64(-7))</p>"
        let text = Self.escaped(name)
        #expect(inner.html == "<b>" + text + "</b>")
        // The inner markup goes in as it is: escaped once, never twice.
        #expect(outer.html == "<p title=\"\(text)\"><b>\(text)</b> 42 -7</p>")
        #expect(!outer.html.contains("&amp;lt;"))
        #expect(HTMLMarkup.text(name).html == text)
        let parts: [HTMLMarkup] = ["a", "\(name)", "c"]
        #expect(parts.joined(separator: "<br/>").html == "a<br/>" + text + "<br/>c")
        #expect(HTMLMarkup.trusted("<x>").html == "<x>")
    }

    @Test func tablesEscapeEveryCell() {
        let table = HTML.table(header: [Self.hostile, "n"], rows: [[Self.hostile, "1"]], numericColumns: [1])
        let text = Self.escaped(Self.hostile)
        #expect(
            table.html
                == "<table>\n<thead><tr><th>\(text)</th><th class=\"num\">n</th></tr></thead>\n<tbody>\n"
                + "<tr><td>\(text)</td><td class=\"num\">1</td></tr>\n</tbody>\n</table>\n")
    }

    /// The audit of the one raw entry: every `HTMLMarkup.trusted(` in Sources is one of these, each
    /// text the package writes itself. A new use fails here until it is looked at and listed.
    @Test func rawMarkupComesOnlyFromTheAuditedUses() throws {
        let audited: [String: Int] = [
            // The style sheet (a Swift literal of this file).
            "Sources/ReelReport/ReportPage.swift": 1,
            // The player script (Resources/player.js).
            "Sources/ReelReport/PlayerScript.swift": 1,
            // The review bar's script (Resources/review-filters.js).
            "Sources/ReelReport/ReviewFilters.swift": 1,
            // The players' JSON, every `<` of which PlayerJSON escapes (ReportPageTests reads it back).
            "Sources/ReelReport/PlayerHTML.swift": 1,
        ]
        var found: [String: Int] = [:]
        let root = URL(fileURLWithPath: repositoryRoot)
        let sources = root.appendingPathComponent("Sources")
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" && url.lastPathComponent != "HTMLMarkup.swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            let uses = text.components(separatedBy: "HTMLMarkup.trusted(").count - 1
            let explicitLiterals = text.components(separatedBy: "HTMLMarkup(stringLiteral").count - 1
            #expect(explicitLiterals == 0, "\(url.path) builds markup from a literal initializer by hand")
            let path = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            if uses > 0 { found[path, default: 0] += uses }
        }
        #expect(found == audited)
    }

    /// Hostile text in every stored field the page shows (a scenario's name, the engines' names and
    /// versions, the candidate's text, a run's metadata keys and values, the archive's name) comes out
    /// escaped in every place it appears, and never raw.
    @Test func hostileArchiveTextIsEscapedEverywhereThePageShowsIt() throws {
        let fixture = try ReportFixture()
        let hostile = Self.hostile
        let quoted = hostile.replacingOccurrences(of: "'", with: "''")
        do {
            let archive = try Archive.open(fixture.archivePath, mode: .readWrite)
            try archive.database.execute("UPDATE engines SET name = '\(quoted)', version = '\(quoted)'")
            try archive.database.execute("UPDATE replays SET candidate = '\(quoted)'")
            let metadata = #"{"host":"HOST","branch":"BRANCH","ci_url":"javascript:BRANCH","tag":"BRANCH"}"#
                .replacingOccurrences(of: "HOST", with: "h" + hostile.replacingOccurrences(of: "\"", with: "\\\""))
                .replacingOccurrences(of: "BRANCH", with: hostile.replacingOccurrences(of: "\"", with: "\\\""))
                .replacingOccurrences(of: "'", with: "''")
            try archive.database.execute("UPDATE replays SET metadata_json = '\(metadata)'")
        }
        let archive = try Archive.open(fixture.archivePath, mode: .readOnly)
        let archiveName = "a" + hostile + ".sqlite"
        let model = try ReportReader(archive: archive, archiveName: archiveName, plottedSessionLimit: 2).read(replayID: nil)
        let html = ReportPage.html(model)
        try ReportPageTests.checkWellFormed(html)
        // Outside the players' JSON (a script's data, whose `<` PlayerJSON escapes: ReportPageTests
        // reads it back), no part of the hostile text is left raw.
        #expect(!html.contains("<script>alert"), "raw hostile text in the page")
        let markup = html.replacing(/<script type="application\/json" class="player-data">[^<]*<\/script>/, with: "")
        #expect(!markup.contains("'q'") && !markup.contains("& <b>") && !markup.contains("x&y"))
        let text = Self.escaped(hostile)
        let scenario = Self.escaped(ReportFixture.hostileName)
        let engine = Self.escaped("\(hostile) \(hostile)")
        let places: [(String, String)] = [
            ("the page title", "<title>Reel replay \(model.replay.id) of \(Self.escaped(archiveName))</title>"),
            ("the heading", "<h1>Replay \(model.replay.id) of <code>\(Self.escaped(archiveName))</code></h1>"),
            ("the candidate fact", "<dt>candidate</dt><dd>\(engine) (\(text))</dd>"),
            ("the recording engines fact", "<dd>\(engine)</dd>"),
            ("the branch", "branch <code>\(text)</code>"),
            ("the host", "host <code>h\(text)</code>"),
            ("a non-web CI link, as text", "CI run <code>javascript:\(text)</code>"),
            ("a metadata tag", "tag <code>\(text)</code>"),
            ("the review bar's scenario option", "<option value=\"\(scenario)\">\(scenario)</option>"),
            ("the review bar's engine option", "<option value=\"\(engine)\">\(engine)</option>"),
            ("the scenario table", "<td>\(scenario)</td>"),
            ("a flipped row's facets", "data-scenario=\"\(scenario)\" data-flipped=\"1\""),
            ("a flipped row's engine facet", "data-engine=\"\(engine)\""),
            ("a session heading", "</a>: \(scenario) <span class=\"bad\">"),
            ("a decision map's heading", "<h3>\(scenario)</h3>"),
            ("a decision map's facets", "<article class=\"map\" data-filter=\"map\" data-scenario=\"\(scenario)\""),
            ("a decision map's panel label", "class=\"panel\">candidate: \(engine)</text>"),
            ("a decision map's title", "class=\"title\">\(scenario): finish or cancel by release</text>"),
            ("a reel show command", "<code>reel show "),
        ]
        for (place, expected) in places {
            #expect(html.contains(expected), "\(place): \(expected)")
        }
        // The show commands quote the archive's name for a shell, and that text is escaped too.
        for command in html.matches(of: /<code>(reel show [^<]*)<\/code>/) {
            #expect(!command.1.contains("'q'") && !command.1.contains("\""), "\(command.1)")
        }
    }
}
