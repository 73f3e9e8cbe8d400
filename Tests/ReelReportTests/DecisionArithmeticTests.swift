import Foundation
import ReelEngine
import ReelGestures
import ReelSynth
import ReelTiming
import ReelTrace
import Testing

/// Issue 33: every decision is explained by its rule's arithmetic on the inputs the engine gave
/// the rule. For each interactive catalog scenario, 3,000 synthesized sessions: the arithmetic
/// `reel show` prints (`CompletionPolicy.arithmetic`) decides as the engine did, and the test
/// recomputes each rule from the recorded inputs with the published formulas below, written here
/// from their sources (UIKit D26's back-swipe projection, UIScrollView's deceleration, the seeds'
/// thresholds), not from the engine's code.
@Suite("The decision arithmetic is the engine's decision")
struct DecisionArithmeticTests {
    static let sessionsPerScenario = 3_000

    /// The published rule of `policy` on `input`: the value compared, the threshold, and whether it finishes.
    private func published(_ policy: CompletionPolicy, _ i: DecisionInput) -> (value: Double?, threshold: Double?, finish: Bool) {
        if i.gestureCancelled { return (nil, nil, false) }
        switch policy {
        case .progressThreshold(let threshold):
            return (i.progress, threshold, i.progress > threshold)
        case .velocitySign(let includesZero):
            return (i.velocity, 0, includesZero ? i.velocity >= 0 : i.velocity > 0)
        case .projection(let d, let threshold):
            // UIScrollView: distance to rest = (v / 1000) * d / (1 - d), d per millisecond.
            let value = i.progress + (i.velocity / 1000) * d / (1 - d) / i.extent
            return (value, threshold, value > threshold)
        case .backSwipe(let distance, let maximum, let minimumSamples):
            if i.sampleCount < minimumSamples { return (i.velocity, 0, i.velocity > 0) }
            let t = i.transitionDuration
            let value = i.progress + i.meanVelocity * t + i.meanAcceleration * t * t / 2
            let threshold = min(distance / i.extent, maximum)
            return (value, threshold, value > threshold)
        case .uikitBackSwipe(let distance, let maximum, let minimumSamples):
            if !i.hasChanged { return (nil, nil, false) }
            if i.sampleCount < minimumSamples { return (i.meanVelocity, 0, i.meanVelocity > 0) }
            // D26: p + a T^2 / 2 + v T against min(187.5 / width, 0.5).
            let t = i.transitionDuration
            let value = i.progress + i.meanAcceleration * 0.5 * t * t + i.meanVelocity * t
            let threshold = min(distance / i.extent, maximum)
            return (value, threshold, value > threshold)
        case .thresholdOrFlick(let threshold, let flick):
            return (i.progress, threshold, i.progress > threshold || i.velocity >= flick)
        }
    }

    static let interactive = ScenarioCatalog.all.filter { $0.interaction != nil }

    /// Scenarios whose synthesized sessions never reach a completion rule under the built-in
    /// profile: a content swipe is not a back swipe before iOS 26's fluid back swipe (the edge
    /// recognizer fails it), and the interrupted push is started by a tap its synthesized sessions
    /// hold alone.
    static let noRuleWithTheBuiltinProfile: Set<String> = ["nav.content-swipe-pop", "nav.interrupt-push"]

    @Test(arguments: interactive.map(\.name))
    func everyDecisionOfAScenarioIsItsArithmetic(_ name: String) throws {
        let spec = try #require(ScenarioCatalog.named(name))
        let engine = Engine()
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 33)
        var decided = 0
        var outcomes: [String: [Bool: Int]] = [:]
        for index in 0..<Self.sessionsPerScenario {
            let touches = synthesizer.session(index: index).touches
            let (trace, decisions) = try engine.runRecordingDecisions(scenario: spec, device: .phone, refreshHz: 60, touches: touches)
            // Collecting changes nothing: the trace is the one `run` makes.
            if index < 50 {
                #expect(try engine.run(scenario: spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: false) == trace)
            }
            guard let last = decisions.last else { continue }
            decided += 1
            for record in decisions {
                let arithmetic = record.arithmetic
                let rule = published(record.policy, record.input)
                #expect(arithmetic.finish == record.finish, "\(name) #\(index): \(arithmetic.line)")
                #expect(rule.finish == record.finish, "\(name) #\(index): the published rule disagrees with \(arithmetic.line)")
                #expect(arithmetic.threshold == rule.threshold, "\(name) #\(index)")
                if let value = rule.value { #expect(arithmetic.value == value, "\(name) #\(index)") }
            }
            // The recognizer's final state: some controllers check their rule while the finger
            // moves and cancel when the recognizer ends cancelled.
            let cancelled = trace.events.last { $0.kind == "gesture" }?.detail == "cancelled"
            outcomes["finish=\(last.finish) cancelled=\(cancelled)", default: [:]][trace.outcome.completed, default: 0] += 1
        }
        // Given the recognizer's final state, each decision maps to one outcome (a push reversed
        // by a back swipe inverts it), so the last decision tells the session's outcome.
        for (decision, byOutcome) in outcomes {
            #expect(byOutcome.count == 1, "\(name): \(decision) ended as \(byOutcome)")
        }
        if !Engine.decidesByCompletionPolicy(spec) {
            // The sheet detents pick a detent by their own rule, which no completion policy takes.
            #expect(decided == 0, "\(name)")
        } else if !Self.noRuleWithTheBuiltinProfile.contains(name) {
            #expect(decided > 0, "\(name): no session reached its completion rule")
        }
    }

    /// The sheet detent and zoom dismissal scenarios decide by rules of their own: engine 0.7.0's
    /// zoom end rule (D26's `_UIDismissInteraction` end handler: scale < scaleDismissThreshold,
    /// else translation + 0.099 × velocity > dismissThreshold) and the sheet's resting detent (D26
    /// `_UISheetInteraction draggingEndedInSource:`: the detent closest to `_UIHyperInteractor`'s
    /// projection position + v r / (1 - r) / 1000 with r = 0.99, one detent further at 1000 pt/s
    /// or more when moving away from the detent closest to the position). For 3,000 sessions of
    /// each, the arithmetic the engine writes out is recomputed here from its inputs, and tells
    /// the session's outcome.
    @Test(arguments: interactive.filter { !Engine.decidesByCompletionPolicy($0) }.map(\.name))
    func everySheetAndZoomReleaseIsItsArithmetic(_ name: String) throws {
        let spec = try #require(ScenarioCatalog.named(name))
        let engine = Engine()
        let synthesizer = GestureSynthesizer(scenario: spec, device: .phone, refreshHz: 60, seed: 33)
        var decided = 0
        var outcomes: [String: Set<Bool>] = [:]
        for index in 0..<Self.sessionsPerScenario {
            let touches = synthesizer.session(index: index).touches
            let (trace, explained) = try engine.runExplained(
                scenario: spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            if index < 20 {
                #expect(try engine.run(scenario: spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: false) == trace)
            }
            guard let d = explained else { continue }
            decided += 1
            let position = try #require(d.progress)
            let velocity = try #require(d.velocity)
            let k = try #require(d.horizon)
            let value = try #require(d.value)
            let threshold = try #require(d.threshold)
            switch d.rule {
            case "zoomEndRule":
                #expect(k == 0.099, "\(name) #\(index)")
                #expect(value == position + 0.099 * velocity, "\(name) #\(index): \(d.line)")
                #expect(.number(threshold) == engine.profile.value("systemzoom.dismiss_threshold"))
                let scale = try #require(d.scale)
                let scaleThreshold = try #require(d.scaleThreshold)
                #expect(d.finish == (scale < scaleThreshold || value > threshold), "\(name) #\(index): \(d.line)")
            case "sheetDetentRelease":
                let r = 0.99
                #expect(k == r / (1 - r) / 1000, "\(name) #\(index)")
                #expect(value == position + velocity * k, "\(name) #\(index): \(d.line)")
                // The detents the source lists, ascending, to 0.1 pt: "detents dismiss 0.0, medium 402.0, large 760.0)".
                let list = try #require(d.source.range(of: "detents ")).upperBound
                let detents = d.source[list...].dropLast(1).split(separator: ",").map { entry in
                    let words = entry.split(separator: " ")
                    return (name: String(words[0]), value: Double(words[1])!)
                }
                func closest(_ x: Double) -> Int {
                    // Ties go to the larger detent.
                    var best = 0
                    for i in detents.indices where abs(detents[i].value - x) <= abs(detents[best].value - x) { best = i }
                    return best
                }
                let near = closest(position)
                var chosen = closest(value)
                let movingAway = (position < detents[near].value) == (velocity < 0)
                if abs(velocity) >= 1000, chosen == near, movingAway {
                    chosen = min(max(near + (velocity >= 0 ? 1 : -1), 0), detents.count - 1)
                }
                // The source prints each detent to 0.1 pt.
                #expect(abs(threshold - detents[chosen].value) <= 0.05, "\(name) #\(index): \(d.line)")
                #expect(d.finish == (detents[chosen].name == "dismiss"), "\(name) #\(index): \(d.line)")
            default:
                Issue.record("\(name) #\(index): unexpected rule \(d.rule)")
            }
            let cancelled = trace.events.last { $0.kind == "gesture" }?.detail == "cancelled"
            outcomes["finish=\(d.finish) cancelled=\(cancelled)", default: []].insert(trace.outcome.completed)
        }
        for (decision, seen) in outcomes { #expect(seen.count == 1, "\(name): \(decision) ended as \(seen)") }
        #expect(decided > 0, "\(name): no release decided")
    }
}
