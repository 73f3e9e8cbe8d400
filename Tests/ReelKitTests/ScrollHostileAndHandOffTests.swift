import Foundation
import ReelEngine
import ReelKit
import ReelTrace
import Testing

/// Scroll views against hostile code (NaN and infinite geometry, a target that would never come to
/// rest: a session error naming the cause, in bounded time) and against other recognizers (the
/// scroll view's pan wins exclusivity from an ancestor's pan, waits for nothing, yields to
/// `require(toFail:)` and recognizes together when a delegate allows it).
@Suite @MainActor struct ScrollHostileAndHandOffTests {
    typealias Rules = ScrollViewRuleTests

    /// A target the delegate sets (a NaN, or one that would take minutes to reach).
    @MainActor final class Target: UIScrollViewDelegate {
        let target: CGPoint
        init(_ target: CGPoint) { self.target = target }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) { targetContentOffset.pointee = target }
    }

    static let flick = ScrollRules.drag(from: 600, step: -20, moves: 6)

    @Test func anInfiniteContentSizeIsASessionErrorNamingIt() {
        let message = Rules.message {
            try Rules.run("scroll.infinite", offset: 0, touches: Self.flick, log: .init()) { list, _ in
                list.contentSize = CGSize(width: 390, height: CGFloat.infinity)
            }
        }
        #expect(message == "scene 'scroll.infinite': scroll view 'list' set contentSize.height to inf at t = 0.0 s (not a finite number)")
    }

    @Test func aNaNOffsetIsASessionErrorNamingIt() {
        let message = Rules.message {
            try Rules.run("scroll.nan", offset: 0, touches: Self.flick, log: .init()) { list, _ in
                list.contentOffset = CGPoint(x: 0, y: CGFloat.nan)
            }
        }
        #expect(message == "scene 'scroll.nan': scroll view 'list' set contentOffset.y to nan at t = 0.0 s (not a finite number)")
    }

    @Test func aNaNTargetFromTheDelegateIsASessionErrorNamingIt() {
        let delegate = Target(CGPoint(x: 0, y: CGFloat.nan))
        let message = Rules.message {
            try Rules.run("scroll.nan-target", offset: 600, touches: Self.flick, log: .init()) { list, _ in list.delegate = delegate }
        }
        #expect(
            message
                == "scene 'scroll.nan-target': scroll view 'list': scrollViewWillEndDragging set targetContentOffset to (0.0, nan) (not a finite number)"
        )
    }

    /// A target 1e300 pt away (in a content that tall): the projection's velocity is finite, but the
    /// remaining travel falls under half a point only after ln(0.5 / P) / (1000 ln 0.998) ≈ 345 s.
    @Test func aTargetThatWouldTakeMinutesStopsTheSessionAtOnce() {
        let delegate = Target(CGPoint(x: 0, y: 1e300))
        let clock = ContinuousClock()
        let started = clock.now
        let message = Rules.message {
            try Rules.run("scroll.unbounded", offset: 600, touches: Self.flick, log: .init()) { list, _ in
                list.contentSize = CGSize(width: 390, height: 1e301)
                list.delegate = delegate
            }
        }
        let elapsed = clock.now - started
        let replay = GestureReplay.pan(Self.flick)
        let x0 = 600 - (replay.end?.translation.y ?? 0)
        let restTime = ScrollRules.restTime(1e300 - x0, rate: 0.998)
        #expect(restTime > 300 && restTime < 400)
        #expect(message.hasPrefix("scene 'scroll.unbounded': scroll view 'list': the content released at (0.0, "))
        #expect(message.hasSuffix(" s, more than the session's time cap (30.0 s)"))
        let stated = message.components(separatedBy: "toward (0.0, 1e+300) would move for ").last?.components(separatedBy: " s,").first
        #expect(stated.flatMap(Double.init).map { abs($0 - restTime) < 1e-6 } == true, "\(message)")
        #expect(elapsed < .seconds(10))
    }

    // MARK: The scroll view's pan and an ancestor's

    /// A card (the list's superview's superview: the home view) with its own pan; `configure`
    /// relates it to the list's pan. The drag lands on the list.
    static func run(_ name: String, configure: @escaping @MainActor @Sendable (UIPanGestureRecognizer, UIScrollView) -> Void) throws
        -> Trace
    {
        try Rules.run(name, offset: 600, touches: ScrollRules.drag(from: 300, step: 10, moves: 8), log: .init()) { list, home in
            let pan = UIPanGestureRecognizer()
            pan.name = "card"
            home.view.addGestureRecognizer(pan)
            configure(pan, list)
        }
    }

    static func gestures(_ trace: Trace) -> [String] {
        trace.events.filter { $0.kind == "gesture" }.map { "\($0.subject) \($0.detail)" }
    }

    /// The lift's state, then what the content shows after the drag (the list moved or not).
    static func scrolled(_ trace: Trace) -> Bool {
        trace.frames.contains { ScrollViewRuleTests.offset(in: $0).map { $0 != 600 } ?? false }
    }

    @Test func theScrollViewsPanWinsOverAnAncestorsPan() throws {
        let trace = try Self.run("scroll.exclusive") { _, _ in }
        #expect(Self.gestures(trace).prefix(2) == ["list.pan began", "card failed"])
        #expect(Self.scrolled(trace))
    }

    @Test func anAncestorsPanRequiringTheScrollViewsToFailFailsWhenItBegins() throws {
        let trace = try Self.run("scroll.require") { pan, list in pan.require(toFail: list.panGestureRecognizer) }
        #expect(Self.gestures(trace).prefix(2) == ["list.pan began", "card failed"])
    }

    @MainActor final class Together: NSObject, UIGestureRecognizerDelegate {
        weak var list: UIScrollView?
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer, shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { otherGestureRecognizer === list?.panGestureRecognizer }
    }

    @Test func aDelegateAllowingBothLetsThemRecognizeTogether() throws {
        let together = Together()
        let trace = try Self.run("scroll.together") { pan, list in
            together.list = list
            pan.delegate = together
        }
        #expect(Self.gestures(trace).prefix(2) == ["list.pan began", "card began"])
        #expect(Self.scrolled(trace))
    }

    @Test func aScrollViewThatCannotScrollLeavesTheDragToTheAncestor() throws {
        let disabled = try Self.run("scroll.disabled") { _, list in list.isScrollEnabled = false }
        #expect(Self.gestures(disabled).first == "card began")
        #expect(!Self.scrolled(disabled))
        // Content no taller than the bounds, not always bouncing: the list's pan never begins.
        let short = try Self.run("scroll.short") { _, list in
            list.contentOffset = .zero
            list.contentSize = CGSize(width: 390, height: 600)
        }
        #expect(Self.gestures(short).first == "card began")
        #expect(!Self.gestures(short).contains("list.pan began"))
    }
}
