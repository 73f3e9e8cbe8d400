import ReelEngine
import ReelKit
import ReelKitExamples
import ReelSynth
import ReelTrace
import Testing

/// The tab slide (TabSlideExample) and the directional pan (DirectionalPanExample): decisions and
/// frames computed here from each example's own rule and the pan's readings (`GestureReplay`).
@Suite struct TabAndDirectionalExampleTests {
    static let device = Device(width: 390, height: 844, scale: 3)

    /// A fraction as UIKit stores it: the percent-driven clamp to 0...1, then D26's to 0.00001...0.99999.
    static func setFraction(_ value: Double) -> Double { min(max(min(max(value, 0), 1), 0.00001), 0.99999) }

    static func sessions(_ spec: ScenarioSpec, count: Int, seed: UInt64) -> [[Touch]] {
        let synthesizer = GestureSynthesizer(scenario: spec, device: device, refreshHz: 60, seed: seed)
        return (0..<count).map { synthesizer.session(index: $0).touches }
    }

    // MARK: Tab slide

    @Test func theTabSlideFollowsTheFingerAndDecidesByItsThresholdAndFlick() throws {
        let scene = TabSlideExample.scene
        let engine = ReelKitEngine(scenes: [scene], name: "tabs", version: "1")
        let width = Self.device.width
        var decided = (finished: 0, cancelled: 0)
        var checkedFrames = 0
        for (index, touches) in Self.sessions(scene.spec, count: 120, seed: 11).enumerated() {
            let trace = try engine.run(scenario: scene.spec, device: Self.device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
            let replay = GestureReplay.pan(touches)
            // The rule: a pan that begins leftwards selects the second tab; rightwards there is none.
            guard let began = replay.began, began.translation.x < 0, let end = replay.end else {
                #expect(!trace.events.contains { $0.kind == "transition" }, "session \(index): no switch")
                continue
            }
            let fraction = min(max(abs(end.translation.x) / width, 0), 1)
            let finishes = end.state == .ended && (fraction > 0.4 || -end.velocity.x > 600)
            #expect(trace.outcome.completed == finishes, "session \(index): fraction \(fraction), velocity \(end.velocity.x)")
            if finishes { decided.finished += 1 } else { decided.cancelled += 1 }
            for frame in trace.frames where frame.t < end.t {
                guard let incoming = frame.views.first(where: { $0.key == "profile.view" }),
                    let outgoing = frame.views.first(where: { $0.key == "feed.view" })
                else { continue }
                let moved = replay.lastMove(atOrBefore: frame.t)
                let shown = moved?.state == .changed ? Self.setFraction(abs(moved!.translation.x) / width) : 0
                #expect(abs(incoming.x - width * (1 - shown)) <= 1e-9, "session \(index) at \(frame.t): incoming x \(incoming.x)")
                #expect(abs(outgoing.x + width * shown) <= 1e-9, "session \(index) at \(frame.t): outgoing x \(outgoing.x)")
                checkedFrames += 1
            }
            // The last frame shows the end (before completion removes the other view): finished, feed
            // slid out to -width and profile at 0; cancelled, feed back at 0 and profile at width.
            let last = try #require(trace.frames.last)
            #expect(last.views.first { $0.key == "profile.view" }?.x == (finishes ? 0 : width), "session \(index)")
            #expect(last.views.first { $0.key == "feed.view" }?.x == (finishes ? -width : 0), "session \(index)")
        }
        #expect(decided.finished > 0 && decided.cancelled > 0, "both decisions occur: \(decided)")
        #expect(checkedFrames > 100)
    }

    // MARK: Directional pan

    static func drag(dx: Double, dy: Double, steps: Int = 12) -> [Touch] {
        var touches = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 400)]
        for k in 1...steps {
            let f = Double(k) / Double(steps)
            touches.append(Touch(t: 0.02 * Double(k), id: 0, phase: .moved, x: 195 + dx * f, y: 400 + dy * f))
        }
        touches.append(Touch(t: 0.02 * Double(steps + 1), id: 0, phase: .ended, x: 195 + dx, y: 400 + dy))
        return touches
    }

    static func run(_ touches: [Touch]) throws -> Trace {
        let scene = DirectionalPanExample.scene
        return try ReelKitEngine(scenes: [scene], name: "card", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
    }

    @Test(arguments: [100.0, 240.0])
    func aVerticalDragMovesTheCardAndTheReleaseSettlesItByTheDismissDistance(distance: Double) throws {
        let touches = Self.drag(dx: 8, dy: distance)
        let trace = try Self.run(touches)
        let replay = GestureReplay.pan(touches)
        let end = try #require(replay.end)
        #expect(trace.events.filter { $0.kind == "gesture" }.map(\.detail).first == "began")
        for frame in trace.frames where frame.t < end.t {
            let card = try #require(frame.views.first { $0.key == "card" })
            let down = max(replay.lastMove(atOrBefore: frame.t)?.translation.y ?? 0, 0)
            #expect(abs(card.y - (200 + down)) <= 1e-9, "at \(frame.t)")
        }
        let dismissed = max(end.translation.y, 0) > 150
        let last = try #require(trace.frames.last?.views.first { $0.key == "card" })
        #expect(last.y == (dismissed ? 844 : 200))
        #expect(distance > 150 ? dismissed : !dismissed)
    }

    @Test func aSidewaysDragIsCancelledByTheSubclassAndTheCardStays() throws {
        let touches = Self.drag(dx: 200, dy: 30)
        let trace = try Self.run(touches)
        let began = try #require(GestureReplay.pan(touches).began)
        // The rule: at the began event the finger had gone further sideways than down.
        #expect(abs(began.translation.x) > abs(began.translation.y))
        #expect(trace.events.filter { $0.kind == "gesture" }.map(\.detail) == ["began", "cancelled"])
        for frame in trace.frames {
            #expect(frame.views.first { $0.key == "card" }?.y == 200, "at \(frame.t)")
        }
    }
}
