import ReelTrace
import Testing

@testable import ReelEngine

/// The fluid back swipe's rubber band drawn (`backswipe.rubber_band_drawn`, engine 0.6.0): D26 turns
/// percent clamping off in fluid mode (`_setClampsPercentComplete:0`), so progress outside 0...1
/// reaches the views. Expected numbers from b(x) = (1 - 1 / (c x / d + 1)) d, c = 0.55, d = 0.5, and
/// the slide's ends (B from x 0 to W, A from -0.3 W to 0 on a pop), continued linearly past them.
@Suite struct FluidRubberBandTests {
    static let W = 390.0, T = 0.35
    static let ios26 = EngineProfile.preset(named: "uikit-ios26")!
    static let undrawn = try! ios26.overriding([("backswipe.rubber_band_drawn", .bool(false))])

    static func band(_ x: Double) -> Double { (1 - 1 / (0.55 * x / 0.5 + 1)) * 0.5 }
    static func tick(atOrAfter t: Double) -> Double { (t * 60 - 1e-6).rounded(.up) / 60 }

    /// The views at progress q of a pop, continued past the ends: B at q W, A at -0.3 W (1 - q).
    static func expectSlide(_ frame: Frame, at q: Double, _ comment: String) {
        #expect(abs(frame.progress - q) < 1e-9, "\(comment): progress \(frame.progress), expected \(q)")
        #expect(abs((view(frame, "B.view")?.x ?? .nan) - q * W) < 1e-6, "\(comment): B")
        #expect(abs((view(frame, "A.view")?.x ?? .nan) + 0.3 * W * (1 - q)) < 1e-6, "\(comment): A")
    }

    /// An edge swipe 6 pt a move from x = 5 to 65 (it begins at 18 pt, the back recognizer's 15 pt
    /// removed from the previous move's 12: all 12 lost), back to x = 1 and resting there for 6 moves
    /// (the velocity falls to 0), then lifted: p = (x - 17) / W is -16 / W at the end, drawn as -b(16 / W). Released there with v = 0 it cancels, from the band:
    /// the remaining distance b takes T (completion speed = remaining fraction), linearly.
    @Test func aSwipePulledBackPastItsStartShowsTheBandAndCancelsFromIt() throws {
        let dt = 1.0 / 60
        var touches = [Touch(t: 0.1, id: 0, phase: .began, x: 5, y: 400)]
        var x = 5.0
        for _ in 1...10 {
            x += 6
            touches.append(Touch(t: touches.last!.t + dt, id: 0, phase: .moved, x: x, y: 400))
        }
        while x > 1 {
            x = max(x - 6, 1)
            touches.append(Touch(t: touches.last!.t + dt, id: 0, phase: .moved, x: x, y: 400))
        }
        let arrival = touches.last!.t
        for _ in 1...6 { touches.append(Touch(t: touches.last!.t + dt, id: 0, phase: .moved, x: 1, y: 400)) }
        let release = touches.last!.t
        touches.append(Touch(t: release, id: 0, phase: .ended, x: 1, y: 400))

        let trace = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.ios26)
        // Start: the began event (move 3, x = 23) starts the transition without an update: its frame
        // shows the views where they start; the next move's update (x = 29) is p = 12 / W, inside 0...1.
        let began = try #require(trace.events.first { $0.kind == "gesture" && $0.detail == "began" })
        #expect(abs(began.t - (0.1 + 3 * dt)) < 1e-12)
        Self.expectSlide(try #require(trace.frames.first), at: 0, "first frame")
        #expect(trace.events.contains { $0.detail == Simulation.call("updateInteractiveTransition", fraction: 12 / Self.W) })
        // Middle: resting at x = 1, banded below 0.
        let q = -Self.band(16 / Self.W)
        let resting = trace.frames.filter { $0.t > arrival + 1e-9 && $0.t < release - 1e-9 }
        #expect(!resting.isEmpty)
        for frame in resting { Self.expectSlide(frame, at: q, "resting at t \(frame.t)") }
        #expect(trace.events.contains { $0.detail == Simulation.call("updateInteractiveTransition", fraction: q) })
        // End: cancelled over T, from q to 0 with no jump.
        #expect(trace.events.contains { $0.detail == "cancelInteractiveTransition" })
        for frame in trace.frames where frame.t > release + 1e-9 && frame.t < release + Self.T - 1e-9 {
            Self.expectSlide(frame, at: q * (1 - (frame.t - release) / Self.T), "cancelling at t \(frame.t)")
        }
        let last = try #require(trace.frames.last)
        #expect(abs(last.t - Self.tick(atOrAfter: release + Self.T)) < 1e-9)
        #expect(last.progress == 0 && view(last, "B.view")?.x == 0)
        #expect(!trace.outcome.completed)

        // Without drawing the band the same swipe never shows progress below 0.
        let clamped = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.undrawn)
        #expect(clamped.frames.allSatisfy { $0.progress >= 0 })
        #expect(clamped.events.contains { $0.detail == "updateInteractiveTransition(0.0000)" })
        #expect(!clamped.outcome.completed)
    }

    /// The swipe above, cancelling from the band q over T, is grabbed again at the edge halfway (T / 2
    /// after the release): the views stop where they are on screen, at q / 2, still below 0, and stay
    /// there while the new finger rests; its lift (before it began) cancels again from there.
    @Test func aFingerTakesTheReleaseFromTheBandBackWhereItIs() throws {
        let dt = 1.0 / 60
        var touches = [Touch(t: 0.1, id: 0, phase: .began, x: 5, y: 400)]
        for x in [11.0, 17, 23, 29, 35, 41, 47, 53, 59, 65, 59, 53, 47, 41, 35, 29, 23, 17, 11, 5, 1, 1, 1, 1, 1, 1, 1] {
            touches.append(Touch(t: touches.last!.t + dt, id: 0, phase: .moved, x: x, y: 400))
        }
        let release = touches.last!.t
        touches.append(Touch(t: release, id: 0, phase: .ended, x: 1, y: 400))
        let landing = release + Self.T / 2
        touches.append(Touch(t: landing, id: 1, phase: .began, x: 5, y: 400))
        for k in 1...5 { touches.append(Touch(t: landing + Double(k) * dt, id: 1, phase: .moved, x: 5, y: 400)) }
        touches.append(Touch(t: touches.last!.t, id: 1, phase: .ended, x: 5, y: 400))

        let q = -Self.band(16 / Self.W)
        let trace = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.ios26)
        #expect(trace.events.contains { abs($0.t - landing) < 1e-12 && $0.detail == "pauseInteractiveTransition" })
        let held = trace.frames.filter { $0.t > landing && $0.t < landing + 5 * dt }
        #expect(held.count >= 4)
        for frame in held { Self.expectSlide(frame, at: q / 2, "held at t \(frame.t)") }
        #expect(trace.frames.filter { $0.t > release }.allSatisfy { $0.progress <= 0 && $0.progress >= q - 1e-12 })
        #expect(trace.frames.last?.progress == 0 && !trace.outcome.completed)
    }

    /// Released finishing, grabbed 0.1 s later at the edge and dragged 150 pt at 300 pt/s: p = paused +
    /// 140 / W passes 1 and is drawn 1 + b(p - 1), B beyond the screen's right edge. Resting there for 6
    /// moves (v = 0) and released, it finishes back to 1 over T (completion speed = the distance left).
    @Test func aSwipePastTheEndShowsTheBandAndFinishesFromIt() throws {
        var touches = steadyDrag(x0: 5, y0: 400, dx: 300, speed: 300)
        let grab = touches.last!.t + 0.1
        touches += steadyDrag(x0: 5, y0: 400, dx: 150, speed: 300).dropLast().map {
            Touch(t: grab + $0.t - 0.1, id: 1, phase: $0.phase, x: $0.x, y: $0.y)
        }
        let arrival = touches.last!.t
        for _ in 1...6 { touches.append(Touch(t: touches.last!.t + 1.0 / 60, id: 1, phase: .moved, x: 155, y: 400)) }
        let release = touches.last!.t
        touches.append(Touch(t: release, id: 1, phase: .ended, x: 155, y: 400))
        // The first swipe: released at p0 = 290 / W and 300 pt/s, finishing linearly over min(T, (1 - p0) W / 300).
        let p0 = 290 / Self.W
        let remaining = min(Self.T, (1 - p0) * Self.W / 300)
        let paused = p0 + (1 - p0) * 0.1 / remaining
        let reached = paused + 140 / Self.W
        #expect(reached > 1)
        let q = 1 + Self.band(reached - 1)

        let trace = try runCatalog("nav.interactive-pop", touches: touches, profile: Self.ios26)
        // Start: the regrab pauses the finishing animation where it is.
        #expect(trace.events.contains { abs($0.t - grab) < 1e-9 && $0.detail == "pauseInteractiveTransition" })
        // Middle: resting past the end, banded.
        let resting = trace.frames.filter { $0.t > arrival + 1e-9 && $0.t < release - 1e-9 }
        #expect(!resting.isEmpty)
        for frame in resting { Self.expectSlide(frame, at: q, "resting at t \(frame.t)") }
        // End: back to 1 over T, no jump.
        #expect(trace.events.contains { $0.detail == "finishInteractiveTransition" })
        for frame in trace.frames where frame.t > release + 1e-9 && frame.t < release + Self.T - 1e-9 {
            Self.expectSlide(frame, at: q - (q - 1) * (frame.t - release) / Self.T, "finishing at t \(frame.t)")
        }
        let last = try #require(trace.frames.last)
        #expect(abs(last.t - Self.tick(atOrAfter: release + Self.T)) < 1e-9)
        #expect(last.progress == 1)
        #expect(trace.outcome.completed)
    }

    /// The release's map from the clock to the views meets both ends, in all four cases: a finish or a
    /// cancel from past 1 or below 0.
    @Test(arguments: [(1.2, true), (1.2, false), (-0.1, true), (-0.1, false)])
    func theReleaseStartsWhereTheViewsAreAndEndsAtTheEnd(progress: Double, finishing: Bool) {
        let overshoot = ProgressOvershoot(releasedAt: progress, finishing: finishing)
        let target = finishing ? 1.0 : 0.0
        #expect(abs(overshoot.progress(atClockFraction: overshoot.clockStart) - progress) < 1e-12)
        #expect(abs(overshoot.progress(atClockFraction: target) - target) < 1e-12)
        #expect(overshoot.remaining == abs(progress - target))
        #expect((0...1).contains(overshoot.clockStart) && overshoot.clockStart != target)
    }
}
