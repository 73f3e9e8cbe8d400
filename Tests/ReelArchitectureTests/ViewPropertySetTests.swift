import Foundation
import Testing

/// Issue 50, part 3: a view property is declared once, in `ReelTrace.ViewProperty`; every other
/// place that spells out the property set is a cost of adding one (docs/ARCHITECTURE.md, "Adding a
/// view property"). This lists the Swift files of Sources/ and Tests/ whose code or string literals
/// (not comments) name `alpha`, `hidden`, `m34` and `rotationY` or `rotation_y` together, which
/// only a file that writes the list of properties out does, and holds their number to a ceiling
/// that may only go down. The issue's target is 5; the ceiling is today's count, not the target.
@Suite struct ViewPropertySetTests {
    /// Today's count (issue 50's target: 5). Lower it when a file stops spelling out the set.
    static let ceiling = 23

    /// Whether the file's code and literals name the property set.
    static func spellsOutTheSet(_ scan: SwiftSourceScan) -> Bool {
        let text = (scan.codeLines + scan.literals.map(\.text)).joined(separator: "\n")
        func names(_ word: String) -> Bool {
            text.range(of: "\\b\(word)\\b", options: .regularExpression) != nil
        }
        return names("alpha") && names("hidden") && names("m34") && (names("rotationY") || names("rotation_y"))
    }

    /// The Swift files under `folder` (from the repository root) that spell out the set, sorted.
    static func spellingFiles(under folder: String) throws -> [String] {
        let base = SourceTree.root.appendingPathComponent(folder)
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var found: [String] = []
        for case let relative as String in enumerator where relative.hasSuffix(".swift") {
            let text = try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8)
            if spellsOutTheSet(SwiftSourceScan(text)) { found.append("\(folder)/\(relative)") }
        }
        return found.sorted()
    }

    @Test func theFilesThatSpellOutThePropertySetStayWithinTheCeiling() throws {
        let files = try Self.spellingFiles(under: "Sources") + Self.spellingFiles(under: "Tests")
        // The declaration itself is one of them.
        #expect(files.contains("Sources/ReelTrace/ViewProperty.swift"))
        #expect(files.count <= Self.ceiling, "\(files.count) files spell out the view properties:\n\(files.joined(separator: "\n"))")
    }

    @Test func theRuleSeesAListButNotAComment() {
        #expect(Self.spellsOutTheSet(SwiftSourceScan("let names = [\"alpha\", \"hidden\", \"m34\", \"rotation_y\"]")))
        #expect(!Self.spellsOutTheSet(SwiftSourceScan("/// alpha, hidden, m34, rotation_y\nlet x = 1")))
        #expect(!Self.spellsOutTheSet(SwiftSourceScan("let alpha = 1, hidden = true, m34 = 0.0")))
    }
}
