import Foundation
import Testing

/// docs/ARCHITECTURE.md, "Rules": the engine's vocabulary is typed. The compiler holds most of it
/// (the switches over `InteractionKind`, `AnimatorKind`, `ActionKind` and `ParameterName` have no
/// `default`); this holds the rest, which it cannot see: the engine names a parameter by its
/// `ParameterName` case, never by its dotted name in a string, so no parameter is read by a name
/// the compiler does not check.
@Suite struct EngineVocabularyTests {
    /// The file that spells each parameter's dotted name, once, as its case's raw value.
    static let namesFile = "Sources/ReelEngine/ParameterName.swift"

    /// Every dotted parameter name: the string literals of `ParameterName.swift`.
    static var parameterNames: Set<String> {
        Set(SourceTree.current.files.first { $0.path == namesFile }?.scan.literals.map(\.text) ?? [])
    }

    @Test func theEngineNamesParametersByTheirCasesOnly() {
        let names = Self.parameterNames
        var spelled: [String] = []
        for file in SourceTree.current.files where file.module == "ReelEngine" && file.path != Self.namesFile {
            for literal in file.scan.literals where names.contains(literal.text) {
                spelled.append("\(file.path):\(literal.line): the parameter \"\(literal.text)\" spelt as a string")
            }
        }
        #expect(
            spelled.isEmpty,
            "\(spelled.joined(separator: "\n"))\nRead it as profile.number(.caseName) (docs/ARCHITECTURE.md, Rules).")
    }

    /// The control: the names file holds every parameter (more than a hundred, among them the
    /// back swipe's policy), so the rule above cannot pass by knowing no name.
    @Test func theNamesFileSpellsEveryParameter() {
        let names = Self.parameterNames
        #expect(names.count > 100)
        #expect(names.contains("backswipe.policy") && names.contains("nav.duration"))
    }
}
