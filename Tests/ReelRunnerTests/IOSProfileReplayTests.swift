import ReelEngine
import ReelFormats
import ReelRunner
import ReelStore
import ReelTestSupport
import ReelTrace
import Testing

/// "Will the iOS update change our transitions?" answered by replay: a corpus of every catalog
/// scenario recorded with `classic`, replayed against `uikit-ios26`. Divergences appear only in the
/// scenarios that read a parameter the two presets set differently, and only of the kinds that
/// parameter can cause.
@Suite("iOS profiles")
struct IOSProfileReplayTests {
    /// Each parameter uikit-ios26 sets against classic: the scenarios that read it and the
    /// divergence kinds it can cause there. The fluid back swipe changes the finishing speed and the
    /// update past the end (0.999 -> rubber band), never the decision; the content pop and the catch
    /// start transitions classic never starts, so every kind.
    static let effects: [String: (scenarios: Set<String>, kinds: Set<DivergenceKind>)] = [
        "backswipe.fluid": (
            ["nav.interactive-pop", "nav.content-swipe-pop", "nav.interrupt-push"], [.timing, .frame, .frameCount, .lifecycle]
        ),
        // Engine 0.6.0: the band drawn moves views past their ends and the release starts from there
        // (frames, their count, the completion time); the decision reads the unclamped percentComplete,
        // which differs from the clamped one only past the ends (decisions may change only in the
        // interrupted push, which the content pop and the catch already allow every kind).
        "backswipe.rubber_band_drawn": (
            ["nav.interactive-pop", "nav.content-swipe-pop", "nav.interrupt-push"], [.timing, .frame, .frameCount, .lifecycle]
        ),
        "nav.content_pop": (["nav.content-swipe-pop"], Set(DivergenceKind.allCases).subtracting([.error])),
        "contentpop.edge_fallback": (["nav.content-swipe-pop"], Set(DivergenceKind.allCases).subtracting([.error])),
        "nav.interruptible": (["nav.interrupt-push"], Set(DivergenceKind.allCases).subtracting([.error])),
    ]

    @Test func theParametersThatDifferAreTheOnesTheTestKnows() throws {
        let classic = try #require(EngineProfile.preset(named: "classic"))
        let ios26 = try #require(EngineProfile.preset(named: "uikit-ios26"))
        let differing = EngineProfile.parameters.map(\.name).filter { classic.value($0) != ios26.value($0) }
        #expect(Set(differing) == Set(Self.effects.keys))
        #expect(classic == .builtin)
    }

    @Test func aClassicCorpusReplayedAgainstIOS26DivergesOnlyWhereItsParametersAreRead() throws {
        let folder = try temporaryFolder()
        let archive = folder + "/classic.sqlite"
        var scenarioOf: [Int64: String] = [:]
        var next: Int64 = 1
        for (index, spec) in ScenarioCatalog.all.enumerated() {
            let stream = try synthesizedStream(spec.name, count: 12, seed: UInt64(70 + index), in: folder)
            let summary = try record(stream, engine: .preset(name: "classic"), into: archive)
            #expect(summary.recorded == 12, "\(spec.name)")
            for _ in 0..<summary.recorded {
                scenarioOf[next] = spec.name
                next += 1
            }
        }
        let replay = try Replayer(archivePath: archive, engine: try EngineFactory(.preset(name: "uikit-ios26")), options: .init()).run()
        #expect(replay.errors == 0)
        var kindsByScenario: [String: [DivergenceKind: Int]] = [:]
        for verdict in try verdicts(of: replay.replayID, in: archive) where !verdict.divergences.isEmpty {
            let scenario = try #require(scenarioOf[verdict.session])
            for divergence in verdict.divergences {
                let kind = try #require(DivergenceKind(rawValue: String(divergence.prefix { $0 != "|" })))
                kindsByScenario[scenario, default: [:]][kind, default: 0] += 1
            }
        }
        let affected = Self.effects.values.reduce(into: Set<String>()) { $0.formUnion($1.scenarios) }
        #expect(Set(kindsByScenario.keys).isSubset(of: affected), "\(kindsByScenario.keys.sorted())")
        for (scenario, kinds) in kindsByScenario {
            let allowed = Self.effects.values.filter { $0.scenarios.contains(scenario) }.reduce(into: Set<DivergenceKind>()) {
                $0.formUnion($1.kinds)
            }
            #expect(Set(kinds.keys).isSubset(of: allowed), "\(scenario): \(kinds)")
        }
        // The gestures classic ignores now pop (content swipes) or take the push back (catches).
        #expect((kindsByScenario["nav.content-swipe-pop"]?[.decision] ?? 0) > 0)
        #expect((kindsByScenario["nav.interrupt-push"]?[.decision] ?? 0) > 0)
        // The edge swipe's decisions stand; its flicks finish sooner.
        #expect(kindsByScenario["nav.interactive-pop"]?[.decision] == nil)
        #expect((kindsByScenario["nav.interactive-pop"]?[.timing] ?? 0) > 0)
    }

    @Test func thePresetNamesParse() throws {
        for name in ["classic", "uikit-ios18", "uikit-ios26"] {
            #expect(try EngineSpec(parsing: name) == .preset(name: name))
            #expect(try EngineFactory(.preset(name: name)).make().identity.name == "reel-builtin+\(name)")
        }
        #expect(EngineProfile.presetNames == ["classic", "uikit-ios18", "uikit-ios26", "legacy-0.6", "legacy-0.3"])
    }
}
