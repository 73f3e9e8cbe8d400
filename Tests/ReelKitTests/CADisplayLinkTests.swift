import ReelKit
import ReelTrace
import Testing

/// ReelKit's CADisplayLink: called at the session's rendered display ticks with QuartzCore's
/// times (tick k at k / refresh rate, the next tick as its target), at the rate it prefers, until
/// it is invalidated; a selector, which Linux cannot send, stops the session naming it.
@Suite struct CADisplayLinkTests {
    @MainActor final class TickLog {
        var calls: [(timestamp: Double, target: Double, duration: Double, now: Double)] = []
        var invalidateAfter = Int.max

        func tick(_ link: CADisplayLink) {
            calls.append((link.timestamp, link.targetTimestamp, link.duration, CACurrentMediaTime()))
            if calls.count >= invalidateAfter { link.invalidate() }
        }
    }

    /// A view fading for 0.1 s from the scene's start, a link added to the main run loop, one tap
    /// at 0.5 s; ReelKit's trace and what the link saw.
    static func run(refreshHz: Double, configure: @escaping @MainActor @Sendable (CADisplayLink, TickLog) -> Void) throws -> (
        Trace, TickLog
    ) {
        nonisolated(unsafe) var log: TickLog?
        let scene = ReelKitScene(name: "link.fade", trigger: TriggerSpec(kind: .tap)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let box = UIView(frame: CGRect(x: 10, y: 20, width: 30, height: 40))
            box.accessibilityIdentifier = "box"
            root.view.addSubview(box)
            UIView.animate(withDuration: 0.1) { box.alpha = 0 }
            let ticks = TickLog()
            let link = CADisplayLink(target: ticks, selector: TickLog.tick)
            configure(link, ticks)
            link.add(to: .main, forMode: .common)
            log = ticks
        }
        let touches = [Touch(t: 0.5, id: 0, phase: .began, x: 100, y: 100), Touch(t: 0.55, id: 0, phase: .ended, x: 100, y: 100)]
        let trace = try ReelKitEngine(scenes: [scene], name: "links", version: "1").run(
            scenario: scene.spec, device: .phone, refreshHz: refreshHz, touches: touches, outcomeHierarchy: false)
        return (trace, log!)
    }

    @Test func theLinkIsCalledAtEveryRenderedTickWithQuartzCoresTimes() async throws {
        let (trace, log) = try Self.run(refreshHz: 60) { _, _ in }
        let calls = await MainActor.run { log.calls }
        // The fade renders ticks 0 ... 6 (6 / 60 = 0.1 s); the tap renders none.
        #expect(trace.frames.map(\.t) == (0...6).map { Double($0) / 60 })
        #expect(calls.map(\.timestamp) == trace.frames.map(\.t))
        #expect(calls.map(\.target) == (1...7).map { Double($0) / 60 })
        #expect(calls.allSatisfy { $0.duration == 1.0 / 60 && $0.now == $0.timestamp })
    }

    @Test func aPreferredRateBelowTheDisplaysIsEveryNthTick() async throws {
        let (trace, log) = try Self.run(refreshHz: 120) { link, _ in
            link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 30)
        }
        let calls = await MainActor.run { log.calls }
        // 0.1 s at 120 Hz is ticks 0 ... 12; at 30 Hz the link sees every fourth (120 / 30).
        #expect(trace.frames.count == 13)
        #expect(calls.map(\.timestamp) == stride(from: 0, through: 12, by: 4).map { Double($0) / 120 })
        #expect(calls.map(\.target) == stride(from: 4, through: 16, by: 4).map { Double($0) / 120 })
    }

    @Test func anInvalidatedOrPausedLinkIsNotCalled() async throws {
        let (_, invalidated) = try Self.run(refreshHz: 60) { _, ticks in ticks.invalidateAfter = 3 }
        #expect(await MainActor.run { invalidated.calls.count } == 3)
        let (_, paused) = try Self.run(refreshHz: 60) { link, _ in link.isPaused = true }
        #expect(await MainActor.run { paused.calls.isEmpty })
    }

    @Test func aSelectorStopsTheSessionNamingIt() throws {
        let scene = ReelKitScene(name: "link.selector", trigger: TriggerSpec(kind: .tap)) { window in
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            CADisplayLink(target: window, selector: Selector("step:")).add(to: .main, forMode: .common)
        }
        let touches = [Touch(t: 0, id: 0, phase: .began, x: 1, y: 1), Touch(t: 0.1, id: 0, phase: .ended, x: 1, y: 1)]
        #expect {
            try ReelKitEngine(scenes: [scene], name: "links", version: "1").run(
                scenario: scene.spec, device: .phone, refreshHz: 60, touches: touches, outcomeHierarchy: false)
        } throws: { error in
            "\(error)".contains("CADisplayLink(target:selector: \"step:\"): a selector cannot be sent")
        }
    }
}
