import Testing
import ReelTrace
@testable import ReelEngine

/// Style x size class -> effective style, presenter and removed views (REFERENCE.md, seed 002).
@Suite struct PresentationTableTests {
    static let phone = Device.phone
    static let pad = Device(width: 1024, height: 1366, scale: 2)

    @Test(arguments: [
        ("fullScreen", phone, "fullScreen", "nav", ["B.view"]),
        ("fullScreen", pad, "fullScreen", "nav", ["B.view"]),
        ("overFullScreen", phone, "overFullScreen", "nav", ["A.view", "B.view"]),
        ("overFullScreen", pad, "overFullScreen", "nav", ["A.view", "B.view"]),
        ("pageSheet", pad, "pageSheet", "nav", ["A.view", "B.view"]),
        ("pageSheet", phone, "pageSheet", "nav", ["A.view", "B.view"]),
        ("formSheet", phone, "pageSheet", "nav", ["A.view", "B.view"]),
        ("formSheet", pad, "formSheet", "nav", ["A.view", "B.view"]),
        ("popover", phone, "pageSheet", "nav", ["A.view", "B.view"]),
        ("popover", pad, "popover", "nav", ["A.view", "B.view"]),
        ("automatic", phone, "pageSheet", "nav", ["A.view", "B.view"]),
        ("automatic", pad, "pageSheet", "nav", ["A.view", "B.view"]),
        ("custom", phone, "custom", "nav", ["A.view", "dimming", "B.view"]),
        ("custom", pad, "custom", "nav", ["A.view", "dimming", "B.view"]),
    ])
    func navigationRoot(style: String, device: Device, effective: String, presenter: String, views: [String]) throws {
        let spec = ScenarioSpec(name: "t", summary: "", hierarchy: HierarchySpec(container: "navigation", controllers: ["A"]),
                                action: ActionSpec(kind: "present", target: "B", source: "A", style: style))
        let trace = try Engine().run(scenario: spec, device: device, refreshHz: 60, touches: tapTouches())
        let expected = #"{"presented":[{"presented":"B","presenter":"\#(presenter)","style":"\#(effective)"}],"root":{"children":["A"],"kind":"navigation","name":"nav"},"views":[\#(views.map { "\"\($0)\"" }.joined(separator: ","))]}"#
        #expect(trace.outcome.hierarchy == expected)
    }

    @Test(arguments: [
        ("currentContext", "A", ["tab.bar", "B.view"]),
        ("overCurrentContext", "A", ["A.view", "tab.bar", "B.view"]),
        ("fullScreen", "tab", ["B.view"]),
    ])
    func contextDefinedByTabChild(style: String, presenter: String, views: [String]) throws {
        let spec = ScenarioSpec(name: "t", summary: "", hierarchy: HierarchySpec(container: "tab", controllers: ["A", "C"], contextDefiner: "A"),
                                action: ActionSpec(kind: "present", target: "B", source: "A", style: style))
        let trace = try Engine().run(scenario: spec, device: .phone, refreshHz: 60, touches: tapTouches())
        #expect(trace.outcome.hierarchy.contains(#""presenter":"\#(presenter)""#))
        #expect(trace.outcome.hierarchy.contains(#""views":[\#(views.map { "\"\($0)\"" }.joined(separator: ","))]"#))
        if style != "fullScreen" {
            // The presented view covers the context: A's frame above the 83 pt tab bar.
            #expect(view(try #require(trace.frames.last), "B.view")?.h == 844 - 83)
        }
    }

    @Test func popoverAdaptsToOverFullScreenWithSeed002Profile() throws {
        let profile = try EngineProfile.builtin.overriding([("presentation.popover_compact_style", .string("overFullScreen"))])
        let trace = try runCatalog("present.popover", touches: tapTouches(), profile: profile)
        #expect(trace.outcome.hierarchy.contains(#""style":"overFullScreen""#))
    }
}
