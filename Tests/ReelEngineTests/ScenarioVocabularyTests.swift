import Foundation
import ReelGestures
import ReelTrace
import Testing

@testable import ReelEngine

/// Scenario specs decode their interaction controller, animator and action into enums: a name
/// outside them fails at decoding with the closest name, and every parameter the engine reads is
/// a `ParameterName` case described in the table.
@Suite("scenario vocabulary and parameter names")
struct ScenarioVocabularyTests {
    /// A catalog spec's JSON with one member's value replaced.
    private func json(_ scenario: String, replacing member: String, with value: String) throws -> String {
        let spec = try #require(ScenarioCatalog.named(scenario))
        var object = try #require(JSONSerialization.jsonObject(with: Data(spec.canonicalJSON.utf8)) as? [String: Any])
        if member == "action.kind" {
            var action = try #require(object["action"] as? [String: Any])
            action["kind"] = value
            object["action"] = action
        } else {
            object[member] = value
        }
        return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    /// The decoding error's message, as the format layer shows it.
    private func message(decoding text: String) -> String? {
        do {
            _ = try ScenarioSpec.decode(json: text)
            return nil
        } catch DecodingError.dataCorrupted(let context) {
            return context.debugDescription
        } catch {
            return "\(error)"
        }
    }

    @Test func everyCatalogSpecRoundTripsThroughItsJSON() throws {
        for spec in ScenarioCatalog.all {
            #expect(try ScenarioSpec.decode(json: spec.canonicalJSON) == spec, "\(spec.name)")
        }
    }

    /// One edit away (a letter dropped, doubled, swapped for another): the hint names the intended
    /// name; the message lists every name.
    @Test(arguments: [
        ("nav.interactive-pop", "interaction", "backSwip", "interaction controller", "backSwipe"),
        ("nav.interactive-pop", "interaction", "BACKSWIPE", "interaction controller", "backSwipe"),
        ("modal.bounce-present", "animator", "bounse", "animator", "bounce"),
        ("nav.pop", "action.kind", "popp", "action", "pop"),
    ])
    func aMisspeltNameNamesTheClosest(scenario: String, member: String, text: String, noun: String, closest: String) throws {
        let failure = try #require(message(decoding: try json(scenario, replacing: member, with: text)))
        #expect(failure.hasPrefix("unknown \(noun) '\(text)'; did you mean '\(closest)'?"), "\(failure)")
        let names: [String] =
            switch member {
            case "interaction": InteractionKind.allCases.map(\.rawValue)
            case "animator": AnimatorKind.allCases.map(\.rawValue)
            default: ActionKind.allCases.map(\.rawValue)
            }
        #expect(failure.hasSuffix("(one of \(names.joined(separator: ", ")))"))
    }

    /// Far from every name: no guess, the list alone. A megabyte-long name is cut in the message
    /// and not compared (the comparison is quadratic).
    @Test func aNameFarFromEveryNameGetsTheListAndAHugeOneIsCut() throws {
        let far = try #require(message(decoding: try json("nav.interactive-pop", replacing: "interaction", with: "teleportation")))
        #expect(far.hasPrefix("unknown interaction controller 'teleportation' (one of backSwipe, "), "\(far)")
        let huge = String(repeating: "x", count: 1 << 20)
        let cut = try #require(message(decoding: try json("nav.interactive-pop", replacing: "interaction", with: huge)))
        #expect(cut.hasPrefix("unknown interaction controller '\(String(repeating: "x", count: 64))...' (one of "))
        #expect(cut.count < 1000)
    }

    /// The names a spec file spells are the raw values, unchanged from the strings they replace
    /// (stored content hashes hash the spec's JSON).
    @Test func specFilesSpellTheSameNamesAsBefore() {
        #expect(InteractionKind.backSwipe.rawValue == "backSwipe")
        #expect(InteractionKind.reelKit.rawValue == "reelkit")
        #expect(AnimatorKind.tabCrossDissolve.rawValue == "tabCrossDissolve")
        #expect(ActionKind.popToRoot.rawValue == "popToRoot")
    }

    /// Every parameter case is in the published table under its own name, once, in case order, and
    /// its value in the built-in profile is its descriptor's default.
    @Test func everyParameterNameIsDescribedOnceInCaseOrder() {
        #expect(EngineProfile.parameters.map(\.name) == ParameterName.allCases.map(\.rawValue))
        #expect(Set(ParameterName.allCases.map(\.rawValue)).count == ParameterName.allCases.count)
        for parameter in ParameterName.allCases {
            #expect(EngineProfile.builtin.value(parameter.rawValue) == parameter.descriptor.defaultValue)
            #expect(EngineProfile.builtin[parameter] == parameter.descriptor.defaultValue)
        }
    }

    /// Each interactive catalog scenario's controller reads its own policy and threshold: the rule
    /// of `modal.swipe-dismiss` follows `swipe.threshold`, and `sheet.drag-dismiss` does not.
    @Test func eachControllerReadsItsOwnReleaseParameters() throws {
        let device = Device(width: 390, height: 844, scale: 3)
        let swipe = try #require(ScenarioCatalog.named("modal.swipe-dismiss"))
        let sheet = try #require(ScenarioCatalog.named("sheet.drag-dismiss"))
        let profile = try EngineProfile.builtin.overriding([("swipe.threshold", .number(0.7)), ("swipe.policy", .string("threshold"))])
        #expect(ReleaseRule(spec: swipe, profile: profile, device: device)?.policy == .progressThreshold(0.7))
        #expect(
            ReleaseRule(spec: sheet, profile: profile, device: device)?.policy
                == ReleaseRule(spec: sheet, profile: .builtin, device: device)?.policy)
    }
}
