import ReelEngine
import ReelKit
import ReelTiming
import ReelTrace
import Testing

/// Auto Layout in sessions: animated layout passes, broken constraints in the trace, and hostile
/// constraint code stopped with a session error naming the cause, in bounded time.
@Suite @MainActor struct AutoLayoutSessionTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let clock = FrameClock(refreshHz: 60)
    /// A tap at (200, 300): down at 0.1 s, up at 0.15 s (the tap is recognized at the lift).
    static let tap = [Touch(t: 0.1, id: 1, phase: .began, x: 200, y: 300), Touch(t: 0.15, id: 1, phase: .ended, x: 200, y: 300)]

    static func run(_ name: String, touches: [Touch] = tap, build: @escaping @MainActor @Sendable (UIWindow, UIViewController) -> Void)
        throws
        -> Trace
    {
        let scene = ReelKitScene(name: name, trigger: TriggerSpec(kind: .tap)) { window in
            let home = UIViewController()
            home.restorationIdentifier = "home"
            window.rootViewController = home
            window.makeKeyAndVisible()
            build(window, home)
        }
        return try ReelKitEngine(scenes: [scene], name: "autolayout", version: "1").run(
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

    /// A tap recognizer on `view` running `action` (the recognizer holds the closure).
    static func onTap(_ view: UIView, _ action: @escaping @MainActor () -> Void) {
        let tap = UITapGestureRecognizer()
        tap.addTarget { _ in action() }
        view.addGestureRecognizer(tap)
    }

    /// A sheet pinned to the bottom, its height constraint 200; a tap animates the constant to 600 with
    /// layoutIfNeeded inside UIView.animate (0.4 s, ease in-out).
    @Test func layoutIfNeededInsideAnAnimationBlockAnimatesTheSolvedFrames() throws {
        let trace = try Self.run("sheet.animated") { _, home in
            let sheet = UIView()
            sheet.accessibilityIdentifier = "sheet"
            sheet.translatesAutoresizingMaskIntoConstraints = false
            home.view.addSubview(sheet)
            let height = sheet.heightAnchor.constraint(equalToConstant: 200)
            NSLayoutConstraint.activate([
                sheet.leadingAnchor.constraint(equalTo: home.view.leadingAnchor),
                sheet.trailingAnchor.constraint(equalTo: home.view.trailingAnchor),
                sheet.bottomAnchor.constraint(equalTo: home.view.bottomAnchor), height,
            ])
            Self.onTap(home.view) {
                UIView.animate(withDuration: 0.4, delay: 0, options: .curveEaseInOut) {
                    height.constant = 600
                    home.view.layoutIfNeeded()
                }
            }
        }
        try #require(!trace.frames.isEmpty)
        let start = 0.15
        for frame in trace.frames {
            // The solved frames: before, h = 200 and y = 844 - 200; after, h = 600 and y = 844 - 600.
            let f = TimingCurve.easeInEaseOut.value(at: min((frame.t - start) / 0.4, 1))
            let h = 200 + (600 - 200) * f
            let sheet = try #require(frame.views.first { $0.key == "sheet" })
            #expect(abs(sheet.h - h) <= 1e-9 && abs(sheet.y - (844 - h)) <= 1e-9 && sheet.x == 0 && sheet.w == 390)
        }
        let last = Self.clock.time(ofTick: Self.clock.firstTick(atOrAfter: start + 0.4 - 1e-9))
        #expect(trace.frames.last?.t == last)
    }

    @Test func anUnsatisfiablePairIsBrokenAndRecordedInTheTrace() throws {
        let trace = try Self.run("layout.conflict") { _, home in
            let box = UIView()
            box.accessibilityIdentifier = "box"
            box.translatesAutoresizingMaskIntoConstraints = false
            home.view.addSubview(box)
            NSLayoutConstraint.activate([
                box.leftAnchor.constraint(equalTo: home.view.leftAnchor), box.topAnchor.constraint(equalTo: home.view.topAnchor),
                box.heightAnchor.constraint(equalToConstant: 10), box.widthAnchor.constraint(equalToConstant: 100),
            ])
            Self.onTap(home.view) {
                let wider = box.widthAnchor.constraint(equalToConstant: 200)
                wider.identifier = "box.wider"
                wider.isActive = true
                UIView.animate(withDuration: 0.1) { home.view.layoutIfNeeded() }
            }
        }
        let layout = trace.events.filter { $0.kind == "layout" }
        #expect(layout.count == 1)
        #expect(layout.first?.subject == "'box.wider'")
        #expect(
            layout.first?.detail == "Unable to simultaneously satisfy constraints: broke 'box.wider', in conflict with 'box.width == 100.0'"
        )
        #expect(!trace.frames.isEmpty)
        #expect(trace.frames.allSatisfy { $0.views.first { $0.key == "box" }?.w == 100 })
    }

    /// `count` views "v0", "v1", ... added to `root`, each 10 x 10 pt and 1 pt right of and below the
    /// one before (the first below `root`'s own origin): four constraints a view.
    static func addChain(of count: Int, to root: UIView) {
        var previous = root
        for index in 0..<count {
            let view = UIView()
            view.accessibilityIdentifier = "v\(index)"
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            NSLayoutConstraint.activate([
                view.leftAnchor.constraint(equalTo: previous.leftAnchor, constant: 1),
                view.topAnchor.constraint(equalTo: previous.topAnchor, constant: 1),
                view.widthAnchor.constraint(equalToConstant: 10), view.heightAnchor.constraint(equalToConstant: 10),
            ])
            previous = view
        }
    }

    @Test func tenThousandConstraintsStopTheSessionWithAnErrorInBoundedTime() throws {
        let message = Self.message {
            try Self.run("layout.hostile") { _, home in
                Self.addChain(of: 2_500, to: home.view)
            }
        }
        #expect(
            message
                == "scene 'layout.hostile': 10000 active layout constraints in the tree of 'window': more than Auto Layout's limit of 2000 per scene"
        )
    }

    @Test func aChainAtTheLimitSolvesToItsHandSolvedFrames() throws {
        // 500 views, 4 constraints each (2,000, the limit): view i at (i + 1, i + 1) in the root's coordinates.
        let trace = try Self.run("layout.chain", touches: Self.tap) { _, home in
            Self.addChain(of: 500, to: home.view)
            Self.onTap(home.view) { UIView.animate(withDuration: 0.05) { home.view.alpha = 0.5 } }
        }
        let frame = try #require(trace.frames.last)
        for index in [0, 1, 250, 499] {
            let view = try #require(frame.views.first { $0.key == "v\(index)" })
            #expect(abs(view.x - Double(index + 1)) < 1e-9 && abs(view.y - Double(index + 1)) < 1e-9 && view.w == 10)
        }
    }

    @Test func aNaNConstantIsASessionErrorNamingTheConstraint() {
        let message = Self.message {
            try Self.run("layout.nan") { _, home in
                let box = UIView()
                box.translatesAutoresizingMaskIntoConstraints = false
                home.view.addSubview(box)
                let width = box.widthAnchor.constraint(equalToConstant: .nan)
                width.identifier = "box.width"
                width.isActive = true
            }
        }
        #expect(message == "scene 'layout.nan': constraint 'box.width': its constant is nan (not a finite number)")
    }

    final class Restless: UIView {
        override func layoutSubviews() { setNeedsLayout() }
    }

    @Test func aCycleOfLayoutPassesIsBoundedAndASessionError() {
        let message = Self.message {
            try Self.run("layout.cycle") { _, home in
                let box = Restless()
                box.accessibilityIdentifier = "restless"
                box.translatesAutoresizingMaskIntoConstraints = false
                home.view.addSubview(box)
                box.widthAnchor.constraint(equalToConstant: 10).isActive = true
                box.setNeedsLayout()
            }
        }
        #expect(
            message
                == "scene 'layout.cycle': a cycle of layout passes: view 'restless' still needs layout after 100 passes (does its layoutSubviews or updateConstraints invalidate layout every time?)"
        )
    }

    @Test func anAmbiguousViewIsRecordedInTheTrace() throws {
        let trace = try Self.run("layout.ambiguous") { _, home in
            Self.onTap(home.view) {
                let box = UIView()
                box.accessibilityIdentifier = "loose"
                box.translatesAutoresizingMaskIntoConstraints = false
                home.view.addSubview(box)
                // Its width and x are fixed; nothing fixes its y or height.
                NSLayoutConstraint.activate([
                    box.leftAnchor.constraint(equalTo: home.view.leftAnchor, constant: 8), box.widthAnchor.constraint(equalToConstant: 50),
                ])
                UIView.animate(withDuration: 0.1) { home.view.alpha = 0.9 }
            }
        }
        let layout = trace.events.filter { $0.kind == "layout" }
        #expect(layout.map(\.subject) == ["loose (y, height)"] && layout.first?.detail == "ambiguous layout")
        #expect(trace.frames.last?.views.first { $0.key == "loose" }.map { ($0.x, $0.w) } ?? (0, 0) == (8, 50))
    }

    final class Counter: @unchecked Sendable { var count = 0 }

    @Test func aResizedSuperviewIsFollowedAtTheNextPassAndUpdateConstraintsRunsWhenAskedFor() throws {
        final class Panel: UIView {
            var counter: Counter?
            override func updateConstraints() {
                counter?.count += 1
                super.updateConstraints()
            }
        }
        let updates = Counter()
        let trace = try Self.run("layout.resize") { _, home in
            let panel = Panel(frame: CGRect(x: 0, y: 100, width: 200, height: 200))
            panel.accessibilityIdentifier = "panel"
            panel.counter = updates
            home.view.addSubview(panel)
            let badge = UIView()
            badge.accessibilityIdentifier = "badge"
            badge.translatesAutoresizingMaskIntoConstraints = false
            panel.addSubview(badge)
            NSLayoutConstraint.activate([
                badge.trailingAnchor.constraint(equalTo: panel.trailingAnchor, constant: -10),
                badge.bottomAnchor.constraint(equalTo: panel.bottomAnchor, constant: -10),
                badge.widthAnchor.constraint(equalToConstant: 20), badge.heightAnchor.constraint(equalToConstant: 20),
            ])
            Self.onTap(home.view) {
                panel.frame = CGRect(x: 0, y: 100, width: 300, height: 400)
                panel.setNeedsUpdateConstraints()
                UIView.animate(withDuration: 0.1) { home.view.alpha = 0.9 }
            }
        }
        // In the panel, x + 20 = width - 10 and y + 20 = height - 10: before the tap 200 x 200, after 300 x 400.
        for frame in trace.frames {
            let badge = try #require(frame.views.first { $0.key == "badge" })
            let (width, height) = frame.t >= 0.15 ? (300.0, 400.0) : (200, 200)
            #expect(badge.x == width - 10 - 20 && badge.y == 100 + height - 10 - 20)
        }
        #expect(trace.frames.contains { $0.t >= 0.15 })
        // Once, at the pass after the tap asked for it.
        #expect(updates.count == 1)
    }

    /// Misuses UIKit raises for: each a session error naming the constraint and the cause.
    @Test(arguments: ["axes", "location", "ancestor", "deallocated", "guide", "priority", "range"])
    func aMisusedConstraintIsASessionErrorNamingIt(_ misuse: String) {
        let message = Self.message {
            try Self.run("layout.misuse") { _, home in
                let box = UIView()
                box.accessibilityIdentifier = "box"
                box.translatesAutoresizingMaskIntoConstraints = false
                home.view.addSubview(box)
                let constraint: NSLayoutConstraint
                let stray = UIView()
                stray.accessibilityIdentifier = "stray"
                switch misuse {
                case "axes":
                    constraint = NSLayoutConstraint(
                        item: box, attribute: .left, relatedBy: .equal, toItem: home.view, attribute: .top, multiplier: 1, constant: 0)
                case "location":
                    constraint = NSLayoutConstraint(
                        item: box, attribute: .top, relatedBy: .equal, toItem: nil, attribute: .notAnAttribute, multiplier: 1, constant: 5)
                case "ancestor":
                    constraint = box.widthAnchor.constraint(equalTo: stray.widthAnchor)
                case "deallocated":
                    var gone: UIView? = UIView()
                    constraint = box.widthAnchor.constraint(equalTo: gone!.widthAnchor)
                    gone = nil
                case "guide":
                    constraint = UILayoutGuide().widthAnchor.constraint(equalTo: box.widthAnchor)
                case "priority":
                    constraint = box.widthAnchor.constraint(equalToConstant: 5)
                default:
                    constraint = box.widthAnchor.constraint(equalToConstant: 5)
                    constraint.priority = UILayoutPriority(1001)
                }
                constraint.identifier = "c"
                constraint.isActive = true
                if misuse == "priority" { constraint.priority = .defaultHigh }
                // While the stray view lives (the constraint holds its items weakly, as UIKit's do).
                if misuse == "ancestor" { withExtendedLifetime(stray) { home.view.layoutIfNeeded() } }
            }
        }
        let causes = [
            "axes": "constraint 'c': it relates left to top (attributes of different axes)",
            "location": "constraint 'c': a location (top) cannot be equal to a constant",
            "ancestor": "constraint 'c': its items have no common ancestor (stray is not in the tree)",
            "deallocated": "constraint 'c': its second item no longer exists (it was deallocated)",
            "guide": "constraint 'c' was activated while its first item is in no view (a layout guide without an owning view)",
            "priority":
                "constraint 'c' changed its priority from 1000.0 to 750.0 while active: UIKit does not support mutating a priority from required to not (or back) on an installed constraint",
            "range": "constraint 'c': its priority 1001.0 is outside 1...1000",
        ]
        #expect(message == "scene 'layout.misuse': " + causes[misuse]!)
    }
}
