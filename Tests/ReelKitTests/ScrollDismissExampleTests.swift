import Foundation
import ReelEngine
import ReelGestures
import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTiming
import ReelTrace
import Testing

/// ScrollDismissExample: the pull-to-dismiss over a scrolled list, every frame and the decision
/// computed here from the example's rule (content offset max(120 - T, 0), sheet top
/// 100 + max(T - 120, 0); dismissed iff pulled + (v / 1000) 0.99 / 0.01 > 200), the list's pan as
/// UIKit's (vertical only: it begins when the drag has moved 10 pt vertically first) and the
/// scroll view's deceleration and bounce (ScrollRules) when the sheet did not move.
@Suite struct ScrollDismissExampleTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let top = 100.0, start = 120.0
    /// The list's offsets rest in 0...(2,400 + 34 - 744): the safe area's 34 pt at the bottom of
    /// the 390 x 844 phone is added to the content inset (automatic adjustment, vertical content).
    static let range = 0.0...(2_400 + 34 - 744)

    /// The list's pan: the built-in pan limited to the vertical axis.
    static func listPan(_ touches: [Touch]) -> GestureReplay {
        var pan = PanRecognizer(
            parameters: .init(hysteresis: GestureReplay.number("pan.hysteresis"), axis: .vertical, velocity: GestureReplay.velocity))
        var replay = GestureReplay()
        for event in GestureReplay.events(touches) {
            for state in pan.handle(event) {
                replay.readings.append(.init(t: event.t, state: state, translation: pan.translation, scale: 1, velocity: pan.velocity))
            }
        }
        return replay
    }

    enum Kind: Hashable { case dismissed, back, scrolled, offList, still }

    struct Expected {
        var kind: Kind
        /// The sheet's top and the content's offset at a frame's time (nil: the sheet is gone).
        var at: (Double) -> (card: Double, offset: Double)
        var completes: Bool
    }

    /// Whether a session is one finger's: the rule below follows one finger (a second finger on
    /// the list scrolls it while the sheet's pan follows both, which it does not model).

    /// The rule for one session (nil for a case it does not model: more than one finger, or the
    /// list's pan beginning after the sheet's).
    static func expected(_ touches: [Touch], dismissDistance: Double = 200) -> Expected? {
        guard GestureReplay.isOneFinger(touches) else { return nil }
        let sheet = GestureReplay.pan(touches)
        guard let began = sheet.began, let end = sheet.end else {
            return Expected(kind: .still, at: { _ in (top, start) }, completes: false)
        }
        let list = listPan(touches)
        let onList = (touches.first?.y ?? 0) >= top
        let holds = onList && list.began?.t == began.t
        // The list's pan beginning after the sheet's is not this rule's case.
        if onList, !holds, list.began != nil { return nil }
        let s = holds ? start : 0
        func dragged(_ t: Double) -> (card: Double, offset: Double) {
            guard let move = sheet.lastMove(atOrBefore: t) else { return (top, start) }
            let translation = move.translation.y
            return (top + max(translation - s, 0), holds ? max(start - translation, 0) : start)
        }
        let released = dragged(end.t)
        let pulled = released.card - top
        if pulled > 0 {
            let d = 0.99
            let dismissed = end.state == .ended && pulled + end.velocity.y / 1000 * d / (1 - d) > dismissDistance
            let to = dismissed ? 844.0 : top
            return Expected(
                kind: dismissed ? .dismissed : .back,
                at: { t in
                    guard t >= end.t else { return dragged(t) }
                    let f = TimingCurve.easeOut.value(at: min((t - end.t) / 0.3, 1))
                    return (released.card + (to - released.card) * f, released.offset)
                }, completes: dismissed)
        }
        guard holds, let lift = list.end, lift.state == .ended else {
            return Expected(kind: holds ? .scrolled : .offList, at: dragged, completes: false)
        }
        // The sheet did not move: the list decelerates from where the drag left it.
        let x0 = released.offset
        let v = -lift.velocity.y
        let p = ScrollRules.projection(v, rate: 0.998)
        let moves = abs(p) > ScrollRules.restingDistance && min(max(x0 + p, range.lowerBound), range.upperBound) != x0
        let crossing: Double? = range.contains(x0 + p) ? nil : log(1 - ((x0 + p < 0 ? 0 : range.upperBound) - x0) / p) / (1000 * log(0.998))
        return Expected(
            kind: .scrolled,
            at: { t in
                guard t >= end.t, moves else { return dragged(t) }
                let tau = t - end.t
                if let crossing, tau >= crossing {
                    let edge = x0 + p < 0 ? 0 : range.upperBound
                    let speed = v * pow(0.998, 1000 * crossing)
                    return (top, edge + (ScrollRules.bounce(from: 0, velocity: speed, after: tau - crossing) ?? 0))
                }
                if tau >= ScrollRules.restTime(p, rate: 0.998) - 1e-9 { return (top, x0 + p) }
                return (top, ScrollRules.decelerated(x0, projection: p, rate: 0.998, after: tau))
            }, completes: false)
    }

    @MainActor static func check(_ touches: [Touch], scene: ReelKitScene = ScrollDismissExample.scene) throws -> Kind? {
        let trace = try ReelKitEngine(scenes: [scene], name: "scroll-dismiss", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
        guard let expected = expected(touches) else { return nil }
        for frame in trace.frames {
            guard let card = frame.views.first(where: { $0.key == "card" }),
                let content = frame.views.first(where: { $0.key == "list.content" })
            else { continue }
            let shown = (card: card.y, offset: card.y - content.y)
            let rule = expected.at(frame.t)
            #expect(abs(shown.card - rule.card) < 1e-6 && abs(shown.offset - rule.offset) < 1e-6, "t \(frame.t): \(shown) vs \(rule)")
            // The scroll view's own trace values carry its offset (content_offset_y).
            if let list = frame.views.first(where: { $0.key == "list" }) {
                #expect(abs(list.contentOffsetY - rule.offset) < 1e-6 && list.contentOffsetX == 0, "t \(frame.t): traced offset")
            } else {
                Issue.record("t \(frame.t): no list view")
            }
        }
        #expect(trace.outcome.completed == expected.completes)
        return expected.kind
    }

    /// A drag landing on the list at y 300 and pulling 300 pt down: the content scrolls from 120 to
    /// its top, then the sheet follows the rest of the drag, and is dismissed.
    @MainActor @Test func aDragThatStartsScrolledDownScrollsThenHandsOffAtTheTop() throws {
        let touches = ScrollRules.drag(from: 300, step: 10, moves: 30)
        #expect(try Self.check(touches) == .dismissed)
        let trace = try ReelKitEngine(scenes: [ScrollDismissExample.scene], name: "scroll-dismiss", version: "1").run(
            scenario: ScrollDismissExample.scene.spec, device: Self.device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
        let states = trace.frames.compactMap { frame -> (card: Double, offset: Double)? in
            guard let card = frame.views.first(where: { $0.key == "card" }),
                let content = frame.views.first(where: { $0.key == "list.content" })
            else { return nil }
            return (card.y, card.y - content.y)
        }
        #expect(states.contains { $0.card == 100 && $0.offset > 0 && $0.offset < 120 })
        #expect(states.contains { $0.card > 100 && $0.offset == 0 })
        #expect(!states.contains { $0.card > 100 && $0.offset > 0 })
    }

    @MainActor @Test func synthesizedDragsFollowTheHandOffRuleAndItsDecision() throws {
        let scene = ScrollDismissExample.scene
        let synthesizer = GestureSynthesizer(scenario: scene.spec, device: Self.device, refreshHz: 60, seed: 7)
        var kinds: [Kind: Int] = [:]
        var unmodelled = 0
        var oneFinger = 0
        for index in 0..<80 {
            let touches = synthesizer.session(index: index).touches
            guard GestureReplay.isOneFinger(touches) else { continue }
            oneFinger += 1
            if let kind = try Self.check(touches) {
                kinds[kind, default: 0] += 1
            } else {
                unmodelled += 1
            }
        }
        #expect(unmodelled == 0)
        #expect(oneFinger >= 40, "the seed gives mostly one-finger sessions (\(oneFinger) of 80)")
        #expect((kinds[.dismissed] ?? 0) > 0 && (kinds[.back] ?? 0) > 0 && (kinds[.scrolled] ?? 0) > 0, "\(kinds)")
    }
}
