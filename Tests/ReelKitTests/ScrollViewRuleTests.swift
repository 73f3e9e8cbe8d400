import Foundation
import ReelEngine
import ReelKit
import ReelTiming
import ReelTrace
import Testing

/// UIScrollView in sessions: the offset a drag shows (rubber band past an edge), the deceleration
/// after the lift by the rate per millisecond to its projection, the delegate's target, the bounce
/// back, animated offsets, the delegate's calls, and the content's frames in window space, each
/// computed here from the rule (ScrollRules) and the pan's readings (GestureReplay).
@Suite @MainActor struct ScrollViewRuleTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    /// The list's frame in the window and its content's height: offsets rest in 0...1400.
    static let listTop = 100.0, listHeight = 600.0, contentHeight = 2_000.0
    static let range = 0.0...(contentHeight - listHeight)

    /// The delegate calls a scroll view makes, as text ("didScroll 12.5", "willEndDragging ...").
    @MainActor final class Log: UIScrollViewDelegate {
        var calls: [String] = []
        var snapTarget: CGPoint?
        func scrollViewDidScroll(_ scrollView: UIScrollView) { calls.append("didScroll") }
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { calls.append("willBeginDragging") }
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            calls.append("willEndDragging \(velocity.y) \(targetContentOffset.pointee.y)")
            if let snapTarget { targetContentOffset.pointee = snapTarget }
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
            calls.append("didEndDragging \(decelerate) decelerating \(scrollView.isDecelerating)")
        }
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { calls.append("willBeginDecelerating") }
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
            calls.append("didEndDecelerating \(scrollView.contentOffset.y) decelerating \(scrollView.isDecelerating)")
        }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { calls.append("didEndScrollingAnimation") }
        /// The calls other than didScroll.
        var milestones: [String] { calls.filter { $0 != "didScroll" } }
    }

    /// A scene whose home view holds `list` (0, 100, 390 x 600; content 390 x 2,000 with a view
    /// "content" over it, no inset adjustment), scrolled to `offset`, its delegate `log`.
    static func run(
        _ name: String, offset: Double, touches: [Touch], log: Log, rate: UIScrollView.DecelerationRate = .normal,
        configure: @escaping @MainActor @Sendable (UIScrollView, UIViewController) -> Void = { _, _ in }
    ) throws -> Trace {
        let scene = ReelKitScene(name: name, trigger: TriggerSpec(kind: .pan, direction: .down, extent: 400)) { window in
            let home = UIViewController()
            home.restorationIdentifier = "home"
            window.rootViewController = home
            window.makeKeyAndVisible()
            let list = UIScrollView(frame: CGRect(x: 0, y: listTop, width: 390, height: listHeight))
            list.accessibilityIdentifier = "list"
            list.contentInsetAdjustmentBehavior = .never
            list.contentSize = CGSize(width: 390, height: contentHeight)
            list.decelerationRate = rate
            let content = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: contentHeight))
            content.accessibilityIdentifier = "content"
            list.addSubview(content)
            home.view.addSubview(list)
            list.contentOffset = CGPoint(x: 0, y: offset)
            list.delegate = log
            configure(list, home)
        }
        return try ReelKitEngine(scenes: [scene], name: "scroll", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
    }

    static func message(_ body: () throws -> Trace) -> String {
        do {
            _ = try body()
            return ""
        } catch {
            return "\(error)"
        }
    }

    /// The content offset a frame shows: the list's top minus the content view's window y.
    static func offset(in frame: Frame) -> Double? {
        frame.views.first { $0.key == "content" }.map { listTop - $0.y }
    }

    /// What the drag shows at `t`: the last began/changed reading's translation, banded.
    static func dragged(_ replay: GestureReplay, from s0: Double, at t: Double) -> Double? {
        replay.lastMove(atOrBefore: t).map { ScrollRules.banded(s0 - $0.translation.y, range: range, extent: listHeight) }
    }

    @Test func aDragPastTheTopRubberBandsAndBouncesBackOnTheCriticallyDampedSpring() throws {
        let touches = ScrollRules.drag(from: 300, step: 12, moves: 15)
        let log = Log()
        let trace = try Self.run("scroll.band", offset: 0, touches: touches, log: log)
        let replay = GestureReplay.pan(touches)
        let end = try #require(replay.end)
        let released = try #require(Self.dragged(replay, from: 0, at: end.t))
        #expect(released < 0 && released > -Self.listHeight)
        var bounced = 0
        for frame in trace.frames {
            let shown = try #require(Self.offset(in: frame))
            let expected: Double
            if frame.t < end.t {
                expected = try #require(Self.dragged(replay, from: 0, at: frame.t))
            } else {
                // Pulled past the top: back to 0 from the banded offset at the content's velocity.
                expected = ScrollRules.bounce(from: released, velocity: -end.velocity.y, after: frame.t - end.t) ?? 0
                bounced += 1
            }
            #expect(abs(shown - expected) < 1e-9, "t \(frame.t): \(shown) vs \(expected)")
        }
        #expect(bounced > 10 && trace.frames.last.flatMap(Self.offset) == 0)
        #expect(
            log.milestones == [
                "willBeginDragging", "willEndDragging \(-end.velocity.y / 1000) 0.0", "didEndDragging true decelerating true",
                "willBeginDecelerating", "didEndDecelerating 0.0 decelerating false",
            ])
    }

    @Test(arguments: [UIScrollView.DecelerationRate.normal, .fast])
    func aFlickDeceleratesByTheRateToItsProjection(rate: UIScrollView.DecelerationRate) throws {
        let touches = ScrollRules.drag(from: 600, step: -20, moves: 6)
        let log = Log()
        let trace = try Self.run("scroll.flick", offset: 600, touches: touches, log: log, rate: rate)
        let replay = GestureReplay.pan(touches)
        let end = try #require(replay.end)
        let x0 = try #require(Self.dragged(replay, from: 600, at: end.t))
        let d = Double(rate.rawValue)
        let v = -end.velocity.y
        let p = ScrollRules.projection(v, rate: d)
        #expect(v > 1_000 && Self.range.contains(x0 + p))
        let restTime = ScrollRules.restTime(p, rate: d)
        for frame in trace.frames {
            let shown = try #require(Self.offset(in: frame))
            let expected =
                frame.t < end.t
                ? try #require(Self.dragged(replay, from: 600, at: frame.t))
                : frame.t - end.t >= restTime - 1e-9
                    ? x0 + p : ScrollRules.decelerated(x0, projection: p, rate: d, after: frame.t - end.t)
            #expect(abs(shown - expected) < 1e-9, "t \(frame.t): \(shown) vs \(expected)")
        }
        let last = try #require(trace.frames.last)
        #expect(abs(last.t - end.t - restTime) < 1.0 / 60 + 1e-9)
        #expect(
            log.milestones == [
                "willBeginDragging", "willEndDragging \(v / 1000) \(x0 + p)", "didEndDragging true decelerating true",
                "willBeginDecelerating", "didEndDecelerating \(x0 + p) decelerating false",
            ])
    }

    @Test func aTargetTheDelegateMovesIsWhereTheContentRests() throws {
        let touches = ScrollRules.drag(from: 600, step: -20, moves: 6)
        let log = Log()
        log.snapTarget = CGPoint(x: 0, y: 1_000)
        let trace = try Self.run("scroll.snap", offset: 600, touches: touches, log: log)
        let replay = GestureReplay.pan(touches)
        let end = try #require(replay.end)
        let x0 = try #require(Self.dragged(replay, from: 600, at: end.t))
        // The velocity whose projection is the delegate's target: P = 1000 - x0.
        let p = 1_000 - x0
        let restTime = ScrollRules.restTime(p, rate: 0.998)
        for frame in trace.frames where frame.t >= end.t {
            let shown = try #require(Self.offset(in: frame))
            let expected =
                frame.t - end.t >= restTime - 1e-9 ? 1_000 : ScrollRules.decelerated(x0, projection: p, rate: 0.998, after: frame.t - end.t)
            #expect(abs(shown - expected) < 1e-9, "t \(frame.t): \(shown) vs \(expected)")
        }
        #expect(trace.frames.last.flatMap(Self.offset).map { abs($0 - 1_000) < 1e-9 } == true)
    }

    @Test func aFlickPastTheEndDeceleratesToTheEdgeAndBouncesBackFromIt() throws {
        let touches = ScrollRules.drag(from: 600, step: -25, moves: 6)
        let log = Log()
        let trace = try Self.run("scroll.edge", offset: 1_200, touches: touches, log: log)
        let replay = GestureReplay.pan(touches)
        let end = try #require(replay.end)
        let x0 = try #require(Self.dragged(replay, from: 1_200, at: end.t))
        let v = -end.velocity.y
        let p = ScrollRules.projection(v, rate: 0.998)
        let edge = Self.range.upperBound
        #expect(x0 < edge && x0 + p > edge)
        // The free path reaches the edge where x0 + P (1 - d^(1000 τ)) = edge; the bounce starts
        // there at the velocity v d^(1000 τ).
        let crossing = Foundation.log(1 - (edge - x0) / p) / (1000 * Foundation.log(0.998))
        let speed = v * pow(0.998, 1000 * crossing)
        var past = 0
        for frame in trace.frames where frame.t >= end.t {
            let shown = try #require(Self.offset(in: frame))
            let tau = frame.t - end.t
            let expected =
                tau < crossing
                ? ScrollRules.decelerated(x0, projection: p, rate: 0.998, after: tau)
                : edge + (ScrollRules.bounce(from: 0, velocity: speed, after: tau - crossing) ?? 0)
            if shown > edge { past += 1 }
            #expect(abs(shown - expected) < 1e-6, "t \(frame.t): \(shown) vs \(expected)")
        }
        #expect(past > 3 && trace.frames.last.flatMap(Self.offset) == edge)
        #expect(log.milestones[1] == "willEndDragging \(v / 1000) \(edge)")
    }

    @Test func setContentOffsetAnimatedEasesInAndOutOverAThirdOfASecond() throws {
        let tap = [Touch(t: 0.1, id: 1, phase: .began, x: 200, y: 300), Touch(t: 0.15, id: 1, phase: .ended, x: 200, y: 300)]
        let log = Log()
        let trace = try Self.run("scroll.animated", offset: 0, touches: tap, log: log) { list, _ in
            let tapRecognizer = UITapGestureRecognizer()
            tapRecognizer.addTarget { _ in list.setContentOffset(CGPoint(x: 0, y: 500), animated: true) }
            list.addGestureRecognizer(tapRecognizer)
        }
        #expect(!trace.frames.isEmpty)
        for frame in trace.frames {
            let shown = try #require(Self.offset(in: frame))
            let f = TimingCurve.easeInEaseOut.value(at: min((frame.t - 0.15) / 0.3, 1))
            #expect(abs(shown - 500 * f) < 1e-9, "t \(frame.t)")
        }
        #expect(trace.frames.last.flatMap(Self.offset) == 500)
        #expect(log.milestones == ["didEndScrollingAnimation"])
    }

    @Test func theContentSitsInContentCoordinatesForFramesHitTestsAndConversions() throws {
        var found: (converted: CGPoint, hit: Bool, observed: [CGFloat])?
        let log = Log()
        _ = try Self.run("scroll.coordinates", offset: 0, touches: ScrollRules.drag(from: 300, step: 5, moves: 3), log: log) { list, home in
            let row = UIView(frame: CGRect(x: 0, y: 900, width: 390, height: 50))
            list.addSubview(row)
            var observed: [CGFloat] = []
            let observation = list.observe(\.contentOffset, options: [.new]) { _, change in observed.append(change.newValue?.y ?? -1) }
            list.contentOffset = CGPoint(x: 0, y: 600)
            list.contentOffset = CGPoint(x: 0, y: 600)
            observation.invalidate()
            // The row at content y 900, scrolled by 600, shows at 100 + 900 - 600 = 400 in the window.
            found = (row.convert(CGPoint.zero, to: nil), home.view.window?.hitTest(CGPoint(x: 10, y: 410), with: nil) === row, observed)
        }
        #expect(found?.converted == CGPoint(x: 0, y: 400))
        #expect(found?.hit == true)
        #expect(found?.observed == [600])
    }

    /// Apple's `contentInsetAdjustmentBehavior`, on the 390 x 844 phone (safe area 47 top, 34
    /// bottom): a full-screen scroll view with a 10 pt content inset on each edge.
    @Test func adjustedContentInsetAddsTheSafeAreaEdgesTheBehaviorNames() throws {
        var insets: [String: UIEdgeInsets] = [:]
        let scene = ReelKitScene(name: "scroll.insets", trigger: TriggerSpec(kind: .tap)) { window in
            let home = UIViewController()
            let navigation = UINavigationController(rootViewController: home)
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            @MainActor func inset(
                _ behavior: UIScrollView.ContentInsetAdjustmentBehavior, height: CGFloat, bounce: Bool = false, in view: UIView
            )
                -> UIEdgeInsets
            {
                let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
                list.contentInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
                list.contentSize = CGSize(width: 390, height: height)
                list.alwaysBounceVertical = bounce
                list.contentInsetAdjustmentBehavior = behavior
                view.addSubview(list)
                return list.adjustedContentInset
            }
            let plain = UIView(frame: window.bounds)
            window.addSubview(plain)
            insets["never"] = inset(.never, height: 2_000, in: plain)
            insets["always"] = inset(.always, height: 100, in: plain)
            insets["scrollable tall"] = inset(.scrollableAxes, height: 2_000, in: plain)
            insets["scrollable short"] = inset(.scrollableAxes, height: 100, in: plain)
            insets["scrollable bouncing"] = inset(.scrollableAxes, height: 100, bounce: true, in: plain)
            insets["automatic short"] = inset(.automatic, height: 100, in: plain)
            insets["automatic in navigation"] = inset(.automatic, height: 100, in: home.view)
        }
        _ = try ReelKitEngine(scenes: [scene], name: "insets", version: "1").run(
            scenario: scene.spec, device: Self.device, refreshHz: 60, touches: [], outcomeHierarchy: false)
        let own = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
        let vertical = UIEdgeInsets(top: 10 + 47, left: 10, bottom: 10 + 34, right: 10)
        #expect(insets["never"] == own)
        #expect(insets["always"] == vertical)  // portrait: no side insets
        #expect(insets["scrollable tall"] == vertical)
        #expect(insets["scrollable short"] == own)
        #expect(insets["scrollable bouncing"] == vertical)
        #expect(insets["automatic short"] == own)
        #expect(insets["automatic in navigation"] == vertical)
    }

    @Test func aTableViewBouncesWhateverItsContentAndACollectionViewScrollsItsContent() throws {
        var kinds: (UITableView.Style, Bool, Bool)?
        let touches = ScrollRules.drag(from: 300, step: 10, moves: 8)
        let trace = try Self.run("scroll.table", offset: 0, touches: touches, log: Log()) { list, home in
            let table = UITableView(frame: CGRect(x: 0, y: 100, width: 390, height: 600), style: .grouped)
            table.accessibilityIdentifier = "table"
            table.contentInsetAdjustmentBehavior = .never
            let rows = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 100))
            rows.accessibilityIdentifier = "rows"
            table.addSubview(rows)
            home.view.addSubview(table)
            let collection = UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout())
            kinds = (table.style, table.alwaysBounceVertical, collection.alwaysBounceVertical)
        }
        #expect(kinds?.0 == .grouped && kinds?.1 == true && kinds?.2 == false)
        // The table (in front of the list) gets the drag: no content, yet it rubber-bands (always bouncing).
        let replay = GestureReplay.pan(touches)
        let end = try #require(replay.end)
        let frame = try #require(trace.frames.last { $0.t < end.t })
        let rows = try #require(frame.views.first { $0.key == "rows" })
        let translation = try #require(replay.lastMove(atOrBefore: frame.t)).translation.y
        #expect(abs((100 - rows.y) - -ScrollRules.band(translation, extent: 600)) < 1e-9)
        #expect(Self.offset(in: frame) == 0)
    }

    /// WrittenForUIKit/DeclaredCallSites+Scroll.swift runs: after its sets (10, then 20), the rect
    /// at content y 1,000...1,010 is brought into the 844 pt bounds by the least scroll:
    /// 1,010 - 844 = 166, within the offsets' range 0...(2,000 + 20 - 844).
    @Test func theScrollViewCallSitesRunAndScrollTheRectIntoView() throws {
        var offset: CGFloat?
        let scene = ReelKitScene(name: "scroll.declared", trigger: TriggerSpec(kind: .tap)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let delegate = DeclaredCallSites.ScrollDelegate()
            offset = DeclaredCallSites.scrollViews(in: root.view, delegate: delegate).contentOffset.y
        }
        _ = try ReelKitEngine(scenes: [scene], name: "declared", version: "1").run(
            scenario: scene.spec, device: Self.device, refreshHz: 60, touches: [], outcomeHierarchy: false)
        #expect(offset == 166)
    }
}
