import Foundation
import ReelEngine
import Testing

/// `ScenarioSpec.canonicalJSON` feeds the stored content hash, so its bytes must stay those that
/// Foundation's `JSONEncoder` wrote with `[.sortedKeys, .withoutEscapingSlashes]`: each case
/// computes them here with `JSONEncoder` and compares byte for byte.
@Suite("scenario spec canonical JSON")
struct ScenarioSpecJSONTests {
    /// The bytes `JSONEncoder` writes for `spec`.
    private func foundationBytes(_ spec: ScenarioSpec) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(spec), as: UTF8.self)
    }

    @Test func everyCatalogSpecIsWrittenAsJSONEncoderWroteIt() throws {
        #expect(ScenarioCatalog.all.count > 40)
        for spec in ScenarioCatalog.all {
            #expect(spec.canonicalJSON == (try foundationBytes(spec)), "\(spec.name)")
        }
    }

    /// Every optional set, numbers where the number rules differ (integral, negative zero, large,
    /// tiny, many digits), and strings with quotes, backslashes, slashes, control characters,
    /// accents and emoji.
    @Test(arguments: [
        (0.5, 0.0), (1.0, -0.0), (320.0, 1e16), (1e-7, 0.1 + 0.2), (123_456.789, 9_007_199_254_740_993.0),
        (-42.0, 1e300), (2.5e-300, 4_503_599_627_370_496.5),
    ])
    func userSpecsAreWrittenAsJSONEncoderWroteThem(extent: Double, threshold: Double) throws {
        let spec = ScenarioSpec(
            name: "user/\"quoted\" \\ back\tslash\n\u{01}\u{1F}\u{7F} é 🚀",
            summary: "</script> & <b>",
            hierarchy: HierarchySpec(
                container: "navigation", controllers: ["A", "B/C"], selected: 1, presented: ["P"], contextDefiner: "A"),
            action: ActionSpec(
                kind: .setViewControllers, target: "B", source: "A", style: "pageSheet", transitionStyle: "crossDissolve",
                addsChild: false, stack: ["A", "B", "C"]),
            animator: .zoom, interaction: .backSwipe,
            trigger: TriggerSpec(kind: .edgePan, edge: .right, direction: .left, extent: extent, threshold: threshold),
            segue: "showDetail", segueAllowed: true, layoutDirection: .rightToLeft,
            contentScroll: ContentScrollSpec(offset: -threshold, contentWidth: extent))
        #expect(spec.canonicalJSON == (try foundationBytes(spec)))
    }

    @Test func absentOptionalsAreLeftOutAsJSONEncoderLeftThemOut() throws {
        let spec = ScenarioSpec(
            name: "bare", summary: "", hierarchy: HierarchySpec(container: "none", controllers: ["A"]),
            action: ActionSpec(kind: .present))
        #expect(spec.canonicalJSON == (try foundationBytes(spec)))
        #expect(!spec.canonicalJSON.contains("null"))
    }
}
