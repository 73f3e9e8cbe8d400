import ReelTrace
import Testing

@testable import ReelEngine

/// Style x size class -> effective style, presenter and removed views (docs/SOURCES.md, seed 002;
/// current-context styles adapt to fullScreen in compact width: Apple's View Controller
/// Programming Guide, seed 002).
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
        ("currentContext", phone, "fullScreen", "nav", ["B.view"]),
        ("currentContext", pad, "currentContext", "nav", ["B.view"]),
        ("overCurrentContext", phone, "fullScreen", "nav", ["B.view"]),
        ("overCurrentContext", pad, "overCurrentContext", "nav", ["A.view", "B.view"]),
    ])
    func navigationRoot(style: String, device: Device, effective: String, presenter: String, views: [String]) throws {
        let spec = ScenarioSpec(
            name: "t", summary: "", hierarchy: HierarchySpec(container: "navigation", controllers: ["A"]),
            action: ActionSpec(kind: .present, target: "B", source: "A", style: style))
        let trace = try Engine().run(scenario: spec, device: device, refreshHz: 60, touches: tapTouches())
        let expected =
            #"{"presented":[{"presented":"B","presenter":"\#(presenter)","style":"\#(effective)"}],"root":{"children":["A"],"kind":"navigation","name":"nav"},"views":[\#(views.map { "\"\($0)\"" }.joined(separator: ","))]}"#
        #expect(trace.outcome.hierarchy == expected)
    }

    /// A tab child defines the context: in regular width the context styles cover A's frame
    /// (above the 83 pt tab bar); in compact width they adapt to fullScreen, presented by the
    /// nearest full-screen controller (the tab controller), whose views leave.
    @Test(arguments: [
        ("currentContext", pad, "currentContext", "A", ["tab.bar", "B.view"]),
        ("overCurrentContext", pad, "overCurrentContext", "A", ["A.view", "tab.bar", "B.view"]),
        ("fullScreen", pad, "fullScreen", "tab", ["B.view"]),
        ("currentContext", phone, "fullScreen", "tab", ["B.view"]),
        ("overCurrentContext", phone, "fullScreen", "tab", ["B.view"]),
        ("fullScreen", phone, "fullScreen", "tab", ["B.view"]),
    ])
    func contextDefinedByTabChild(style: String, device: Device, effective: String, presenter: String, views: [String]) throws {
        let trace = try Engine().run(scenario: Self.tabContext(style), device: device, refreshHz: 60, touches: tapTouches())
        #expect(trace.outcome.hierarchy.contains(#""presenter":"\#(presenter)","style":"\#(effective)""#))
        #expect(trace.outcome.hierarchy.contains(#""views":[\#(views.map { "\"\($0)\"" }.joined(separator: ","))]"#))
        let height = view(try #require(trace.frames.last), "B.view")?.h
        #expect(height == (presenter == "A" ? device.height - 83 : device.height))
    }

    static func tabContext(_ style: String) -> ScenarioSpec {
        ScenarioSpec(
            name: "t", summary: "", hierarchy: HierarchySpec(container: "tab", controllers: ["A", "C"], contextDefiner: "A"),
            action: ActionSpec(kind: .present, target: "B", source: "A", style: style))
    }

    /// `presentation.context_compact_style`: matching keeps overCurrentContext's views
    /// (overFullScreen); none is engine 0.3.0 (the context is covered in compact width too).
    @Test(arguments: [
        ("matching", "currentContext", "fullScreen", "tab"),
        ("matching", "overCurrentContext", "overFullScreen", "tab"),
        ("none", "currentContext", "currentContext", "A"),
        ("none", "overCurrentContext", "overCurrentContext", "A"),
    ])
    func compactAdaptationChoices(choice: String, style: String, effective: String, presenter: String) throws {
        let profile = try EngineProfile.builtin.overriding([("presentation.context_compact_style", .string(choice))])
        let trace = try Engine(profile: profile).run(scenario: Self.tabContext(style), device: .phone, refreshHz: 60, touches: tapTouches())
        #expect(trace.outcome.hierarchy.contains(#""presenter":"\#(presenter)","style":"\#(effective)""#))
    }

    @Test func popoverAdaptsToOverFullScreenWithSeed002Profile() throws {
        let profile = try EngineProfile.builtin.overriding([("presentation.popover_compact_style", .string("overFullScreen"))])
        let trace = try runCatalog("present.popover", touches: tapTouches(), profile: profile)
        #expect(trace.outcome.hierarchy.contains(#""style":"overFullScreen""#))
    }
}
