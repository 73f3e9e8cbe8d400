import PropertyBased
import ReelEngine
import ReelFormats
import ReelTrace
import Testing

/// Issue 48: the limits on what few bytes may describe, fuzzed. Binary answers (layout version 2)
/// whose frame, view and event runs and counts are drawn around `EngineReplyLimits.maxDecodedBytes`,
/// and inline scenario specs whose controller counts are drawn around `ScenarioLimits`: each
/// decodes exactly when the rule says it
/// fits (the cost worked out here from `DecodedSize`'s per-item costs), else it is refused naming
/// the run, count or field and the limit. Cases: `REEL_FUZZ_CASES` (400 by default), fresh seeds.
@Suite("Fuzz: decoded-size and spec limits")
struct LimitFuzzTests {
    /// A layout of version 2 (`binary2`, docs/PROTOCOL.md) of `runs` (frames, views held) over
    /// `keys` views and `events` events of one text, every column one run of equal values.
    static func layout(keys: Int, runs: [(frames: Int, views: [Int])], events: Int = 0) -> [UInt8] {
        var bytes: [UInt8] = [2]
        func u32(_ value: Int) { bytes += withUnsafeBytes(of: UInt32(value).littleEndian, Array.init) }
        func run(_ count: Int, value: [UInt8]) {
            guard count > 0 else { return bytes.append(0) }
            bytes.append(1)
            u32(1)
            bytes += value
            u32(count)
        }
        func run(_ count: Int, size: Int) { run(count, value: [UInt8](repeating: 0, count: size)) }
        let frames = runs.reduce(0) { $0 + $1.frames }
        u32(frames)
        run(frames, size: 8)
        run(frames, size: 8)
        u32(keys)
        for index in 0..<keys {
            let key = Array("k\(index)".utf8)
            u32(key.count)
            bytes += key
        }
        u32(runs.count)
        for (length, views) in runs {
            u32(length)
            u32(views.count)
            for view in views { u32(view) }
        }
        for view in 0..<keys {
            let states = runs.reduce(0) { $0 + ($1.views.contains(view) ? $1.frames : 0) }
            for _ in 0..<14 { run(states, size: 8) }
            run(states, size: 8)
            run(states, size: 1)
        }
        // The events: one text, each event's time 0, its kind, subject and detail that text (u8
        // indices), its argument -2^63 (none).
        u32(events)
        u32(1)
        u32(3)
        bytes += Array("log".utf8)
        run(events, size: 8)
        for _ in 0..<3 { run(events, size: 1) }
        run(events, value: withUnsafeBytes(of: Int64.min.littleEndian, Array.init))
        return bytes
    }

    static func line(_ layout: [UInt8]) -> [UInt8] {
        var text: [UInt8] = []
        layout.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
        return Array(#"{"id":1,"engine":{"name":"e","version":"1"},"outcome":{"completed":true,"t":0},"binary_trace":""#.utf8) + text
            + Array("\"}".utf8)
    }

    /// Decodes the layout of `runs` over `keys` views and `events` events, and checks it against
    /// the rule worked out here: frames, then keys, then each run's views, then the events and the
    /// text are charged; the layout decodes exactly when the sum stays within the budget, else it
    /// is refused at the run or count that passes it. Returns where it was refused (nil: decoded).
    @discardableResult
    static func check(keys: Int, runs: [(frames: Int, views: [Int])], events: Int) -> String? {
        let budget = EngineReplyLimits.maxDecodedBytes
        let frames = runs.reduce(0) { $0 + $1.frames }
        var spent = frames * DecodedSize.frameBytes + keys * DecodedSize.textBytes
        var refusedAt: String?
        for (index, run) in runs.enumerated() {
            spent += run.frames * run.views.count * DecodedSize.viewStateBytes
            if spent > budget {
                refusedAt = "layout[\(index)]"
                break
            }
        }
        if refusedAt == nil {
            spent += events * DecodedSize.eventBytes
            if spent > budget { refusedAt = "events.count" }
        }
        if refusedAt == nil {
            spent += DecodedSize.textBytes
            if spent > budget { refusedAt = "texts" }
        }
        do throws(EngineProtocolError) {
            guard case .response(let response) = try EngineReply.decode(line: line(layout(keys: keys, runs: runs, events: events))) else {
                Issue.record("not a response")
                return refusedAt
            }
            #expect(refusedAt == nil, "decoded past the budget: \(runs.map { ($0.frames, $0.views.count) }), \(events) events")
            #expect(response.trace.frames.count == frames)
            #expect(response.trace.frames.reduce(0) { $0 + $1.views.count } == runs.reduce(0) { $0 + $1.frames * $1.views.count })
            #expect(response.trace.events.count == events)
            #expect(response.trace.events.allSatisfy { $0.kind == "log" && $0.subject == "log" && $0.detail == "log" })
        } catch {
            guard let refusedAt else {
                Issue.record("refused within the budget (\(events) events): \(error.reason)")
                return nil
            }
            #expect(error.reason.contains("field \"binary_trace.\(refusedAt)\""), "\(refusedAt): \(error.reason)")
            #expect(error.reason.contains("(EngineReplyLimits.maxDecodedBytes"), "\(error.reason)")
        }
        return refusedAt
    }

    @Test func runLengthsAroundTheBudgetDecodeOrAreRefusedAtTheRunThatPassesIt() async throws {
        await propertyCheck(count: fuzzCases, input: Gen<UInt64>.value()) { word in
            var choices = WordChoices(word)
            // Half the cases cross the budget within the frame limit (every run holding 8 to 12
            // views), half stay small (decoded in full, with a few events).
            let crossing = choices.take(2) == 0
            let keys = crossing ? 8 + choices.take(5) : 1 + choices.take(12)
            let runCount = 1 + choices.take(4)
            var runs: [(frames: Int, views: [Int])] = []
            for _ in 0..<runCount {
                var views = (0..<keys).filter { _ in crossing || choices.take(3) != 0 }
                if views.isEmpty { views = [0] }
                let length = crossing ? EngineReplyLimits.maxFrames / runCount : 1 + choices.take(300)
                runs.append((length, views))
            }
            // Every key held by some run.
            let held = Set(runs.flatMap(\.views))
            runs[0].views += (0..<keys).filter { !held.contains($0) }
            let refusedAt = Self.check(keys: keys, runs: runs, events: crossing ? 0 : choices.take(50))
            #expect(!crossing || refusedAt != nil, "the drawn runs do not cross the budget: \(runs.map { ($0.frames, $0.views.count) })")
        }
    }

    /// One run of 8 views fills the budget up to a few hundred events short of it, and the events'
    /// run (a few bytes however long) is drawn around what is left: refused at the events' count
    /// or the text's, or decoded. Each decoded case builds about 128 MiB, so at most 24 cases.
    @Test func eventRunsAroundTheBudgetDecodeOrAreRefusedAtTheCountThatPassesIt() async throws {
        await propertyCheck(count: min(fuzzCases, 24), input: Gen<UInt64>.value()) { word in
            var choices = WordChoices(word)
            let keys = 8
            let perFrame = DecodedSize.frameBytes + keys * DecodedSize.viewStateBytes
            let room = DecodedSize.eventBytes * choices.take(300)
            let frames = (EngineReplyLimits.maxDecodedBytes - keys * DecodedSize.textBytes - room) / perFrame
            let left = EngineReplyLimits.maxDecodedBytes - keys * DecodedSize.textBytes - frames * perFrame
            let events = max(0, left / DecodedSize.eventBytes + choices.take(4) - 1)
            Self.check(keys: keys, runs: [(frames, Array(0..<keys))], events: events)
        }
    }

    @Test func inlineSpecControllerCountsAroundTheLimitsAreRefusedExactlyPastThem() async throws {
        await propertyCheck(count: fuzzCases, input: Gen<UInt64>.value()) { word in
            var choices = WordChoices(word)
            var spec = try #require(ScenarioCatalog.named("nav.interactive-pop"))
            func count(_ limit: Int) -> Int {
                // Around the limit, or far past it (the 2,000 presented controllers of issue 48).
                [limit - 1, limit, limit + 1, 1 + choices.take(limit), 2 * limit, 2000][choices.take(6)]
            }
            let controllers = count(ScenarioLimits.maxControllers)
            let presented = count(ScenarioLimits.maxPresented)
            let stack = count(ScenarioLimits.maxControllers)
            spec.hierarchy.controllers = (0..<controllers).map { "C\($0)" }
            spec.hierarchy.presented = (0..<presented).map { "P\($0)" }
            spec.action.stack = (0..<stack).map { "S\($0)" }
            let expected: String? =
                controllers > ScenarioLimits.maxControllers
                ? "field \"hierarchy.controllers\": \(controllers) controllers is more than \(ScenarioLimits.maxControllers)"
                : presented > ScenarioLimits.maxPresented
                    ? "field \"hierarchy.presented\": \(presented) controllers is more than \(ScenarioLimits.maxPresented)"
                    : stack > ScenarioLimits.maxControllers
                        ? "field \"action.stack\": \(stack) controllers is more than \(ScenarioLimits.maxControllers)" : nil
            let started = ContinuousClock.now
            do throws(ReelFailure) {
                _ = try ScenarioResolver().resolve(name: "x", specJSON: spec.canonicalJSON)
                #expect(expected == nil, "accepted past a limit: \(expected ?? "")")
            } catch {
                #expect(expected.map { error.message.contains($0) } == true, "\(error.message)")
            }
            #expect(ContinuousClock.now - started < .seconds(5))
        }
    }
}
