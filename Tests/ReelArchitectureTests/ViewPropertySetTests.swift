import Foundation
import Testing

/// Issue 50, part 3: a view property is declared once, in `ReelTrace.ViewProperty`; every other
/// place that spells out the property set is a cost of adding one (docs/ARCHITECTURE.md, "Adding a
/// view property"). This lists the Swift files of Sources/ and Tests/ whose code or string literals
/// (not comments) name `alpha`, `hidden`, `m34` and `rotationY` or `rotation_y` together, which
/// only a file that writes the list of properties out does, and holds their number to a ceiling
/// that may only go down: those are the places that know the first sixteen properties one by one
/// (codecs unrolled for speed, tests that build views with every argument). A property added since
/// is an extension, which none of them names: `anExtensionIsDeclaredOnlyInReelTrace` holds that.
@Suite struct ViewPropertySetTests {
    /// Today's count. Lower it when a file stops spelling out the set.
    static let ceiling = 19

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

    /// The newest view property (the last case, an extension) is named, outside ReelKit (which
    /// fills it from UIKit's model) and ReelReport (whose player draws it: both use the property,
    /// neither lists the set), only where ReelTrace declares it, and in the migration that adds its
    /// archive row and columns: the protocol's two forms, the archive's layout, the diff, the
    /// runner and the CLI carry it by looping over `ViewProperty`. docs/ARCHITECTURE.md's recipe
    /// lists what else a new one costs.
    @Test func anExtensionIsDeclaredOnlyInReelTrace() throws {
        // The last `case name = "wire_name"` of the declaration (this target reads sources as text).
        let declaration = try String(
            contentsOf: SourceTree.root.appendingPathComponent("Sources/ReelTrace/ViewProperty.swift"), encoding: .utf8)
        let cases = declaration.split(separator: "\n").compactMap { line -> (String, String)? in
            let words = line.trimmingCharacters(in: .whitespaces).split(separator: " ")
            guard words.count == 4, words[0] == "case", words[2] == "=", words[3].hasPrefix("\"") else { return nil }
            return (String(words[1]), words[3].trimmingCharacters(in: CharacterSet(charactersIn: "\"")))
        }
        let (swiftName, wire) = try #require(cases.last)
        var naming: [String] = []
        let base = SourceTree.root.appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(atPath: base.path)?.compactMap { $0 as? String } ?? []
        for relative in files where relative.hasSuffix(".swift") && !relative.hasPrefix("ReelKit/") && !relative.hasPrefix("ReelReport/") {
            let scan = SwiftSourceScan(try String(contentsOf: base.appendingPathComponent(relative), encoding: .utf8))
            let text = (scan.codeLines + scan.literals.map(\.text)).joined(separator: "\n")
            if text.range(of: "\\b(\(swiftName)|\(wire))\\b", options: .regularExpression) != nil { naming.append(relative) }
        }
        #expect(naming.sorted() == ["ReelTrace/Trace.swift", "ReelTrace/ViewProperty.swift"], "\(naming.sorted())")
        let migrations = try FileManager.default.contentsOfDirectory(atPath: SourceTree.root.appendingPathComponent("Migrations").path)
            .filter { name in
                let text = (try? String(contentsOf: SourceTree.root.appendingPathComponent("Migrations/" + name), encoding: .utf8)) ?? ""
                return text.contains(wire)
            }
        // One migration adds it (its view_properties row and its columns of frame_views).
        #expect(migrations.count == 1, "\(wire) in \(migrations.sorted())")
    }

    @Test func theRuleSeesAListButNotAComment() {
        #expect(Self.spellsOutTheSet(SwiftSourceScan("let names = [\"alpha\", \"hidden\", \"m34\", \"rotation_y\"]")))
        #expect(!Self.spellsOutTheSet(SwiftSourceScan("/// alpha, hidden, m34, rotation_y\nlet x = 1")))
        #expect(!Self.spellsOutTheSet(SwiftSourceScan("let alpha = 1, hidden = true, m34 = 0.0")))
    }
}
