import ReelEngine
import Testing

/// The stored name of this build's engine: `reel-builtin`, or `reel-builtin+LABEL` for a labelled
/// profile; any other name is another engine's.
@Suite struct BuiltinEngineNameTests {
    @Test func thePlainAndTheLabelledNameRoundTrip() {
        #expect(BuiltinEngineName().text == "reel-builtin")
        #expect(BuiltinEngineName(label: "tuned").text == "reel-builtin+tuned")
        #expect(BuiltinEngineName(parsing: "reel-builtin") == BuiltinEngineName())
        #expect(BuiltinEngineName(parsing: "reel-builtin+tuned")?.label == "tuned")
        #expect(BuiltinEngineName(parsing: "reel-builtin+a+b")?.label == "a+b")
    }

    @Test(arguments: ["reel-builtinx", "reel-builtin-tuned", "my-engine", "", "+reel-builtin"])
    func otherNamesAreOtherEngines(name: String) {
        #expect(BuiltinEngineName(parsing: name) == nil)
    }
}
