import ReelKit
import ReelTrace
import Testing

/// Traits, safe areas, layout margins and autoresizing per device, against the published rules
/// (Apple's HIG size classes, `safeAreaInsets`, `autoresizingMask`), computed here.
@Suite @MainActor struct EnvironmentSurfaceTests {
    static func run(_ device: Device, touches: [Touch] = EnvironmentTests.tap, _ build: @escaping @MainActor @Sendable (UIWindow) -> Void)
        throws -> Trace
    {
        try EnvironmentTests.run(device, touches: touches, build)
    }

    struct Traits: Equatable {
        var horizontal: UIUserInterfaceSizeClass
        var vertical: UIUserInterfaceSizeClass
        var scale: CGFloat
    }

    /// HIG "Layout", device size classes: phones compact x regular in portrait; in landscape compact
    /// height, regular width on the Plus/Max phones (portrait width >= 414 pt); iPads regular x regular.
    @Test(arguments: [
        (390.0, 844.0, 3.0, Traits(horizontal: .compact, vertical: .regular, scale: 3)),
        (844, 390, 3, Traits(horizontal: .compact, vertical: .compact, scale: 3)),
        (932, 430, 3, Traits(horizontal: .regular, vertical: .compact, scale: 3)),
        (896, 414, 2, Traits(horizontal: .regular, vertical: .compact, scale: 2)),
        (820, 1180, 2, Traits(horizontal: .regular, vertical: .regular, scale: 2)),
    ])
    func traitsFollowTheDevicesSizeClasses(width: Double, height: Double, scale: Double, expected: Traits) throws {
        nonisolated(unsafe) var seen: Traits?
        nonisolated(unsafe) var style: UIUserInterfaceStyle?
        _ = try Self.run(Device(width: width, height: height, scale: scale)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let traits = root.traitCollection
            seen = Traits(horizontal: traits.horizontalSizeClass, vertical: traits.verticalSizeClass, scale: traits.displayScale)
            style = root.view.traitCollection.userInterfaceStyle
        }
        #expect(seen == expected)
        #expect(style == .light)
    }

    /// A subview's safe area is the part of the window's unsafe edges it covers (Apple's
    /// `safeAreaInsets`); the window's insets are the device's (59 top, 34 bottom on the 393 x 852
    /// phone; 59 left and right, 21 bottom in landscape).
    @Test func aSubviewsSafeAreaIsThePartOfTheUnsafeEdgesItCovers() throws {
        nonisolated(unsafe) var insets: [UIEdgeInsets] = []
        _ = try Self.run(Device(width: 393, height: 852, scale: 3)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let top = UIView(frame: CGRect(x: 0, y: 20, width: 393, height: 100))
            let middle = UIView(frame: CGRect(x: 0, y: 300, width: 393, height: 100))
            let bottom = UIView(frame: CGRect(x: 0, y: 800, width: 393, height: 52))
            for view in [top, middle, bottom] { root.view.addSubview(view) }
            insets = [root.view.safeAreaInsets, top.safeAreaInsets, middle.safeAreaInsets, bottom.safeAreaInsets]
        }
        let unsafeTop: CGFloat = 59
        let unsafeBottom: CGFloat = 34
        #expect(insets[0] == UIEdgeInsets(top: unsafeTop, left: 0, bottom: unsafeBottom, right: 0))
        #expect(insets[1] == UIEdgeInsets(top: unsafeTop - 20, left: 0, bottom: 0, right: 0))
        #expect(insets[2] == .zero)
        // The bottom view spans 800...852: the home indicator's 34 pt cover its last 34.
        #expect(insets[3] == UIEdgeInsets(top: 0, left: 0, bottom: 852 - (852 - unsafeBottom), right: 0))

        nonisolated(unsafe) var landscape: UIEdgeInsets?
        _ = try Self.run(Device(width: 852, height: 393, scale: 3)) { window in
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            landscape = window.rootViewController?.view.safeAreaInsets
        }
        #expect(landscape == UIEdgeInsets(top: 0, left: unsafeTop, bottom: 21, right: unsafeTop))
    }

    /// Constraints to the safe area guide and the margins guide solve to the bounds minus the
    /// insets (the margins measured from the safe area: 16 pt at a phone's root view sides, 8 pt elsewhere).
    @Test func viewsConstrainedToTheSafeAreaAndMarginsGuidesSitInsideThem() throws {
        nonisolated(unsafe) var frames: [CGRect] = []
        _ = try Self.run(Device(width: 390, height: 844, scale: 3)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let safe = UIView()
            let margins = UIView()
            for view in [safe, margins] {
                view.translatesAutoresizingMaskIntoConstraints = false
                root.view.addSubview(view)
            }
            NSLayoutConstraint.activate([
                safe.topAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.topAnchor),
                safe.bottomAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.bottomAnchor),
                safe.leadingAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.leadingAnchor),
                safe.trailingAnchor.constraint(equalTo: root.view.safeAreaLayoutGuide.trailingAnchor),
                margins.topAnchor.constraint(equalTo: root.view.layoutMarginsGuide.topAnchor),
                margins.leadingAnchor.constraint(equalTo: root.view.layoutMarginsGuide.leadingAnchor),
                margins.trailingAnchor.constraint(equalTo: root.view.layoutMarginsGuide.trailingAnchor),
                margins.heightAnchor.constraint(equalToConstant: 50),
            ])
            root.view.layoutIfNeeded()
            frames = [safe.frame, margins.frame, root.view.safeAreaLayoutGuide.layoutFrame]
        }
        let (top, bottom): (CGFloat, CGFloat) = (47, 34)  // the 390 x 844 phone
        let rootMargin: CGFloat = 16  // a compact-width root view's system minimum (sides); top and bottom: 8 pt of its own
        #expect(frames[0] == CGRect(x: 0, y: top, width: 390, height: 844 - top - bottom))
        #expect(frames[1] == CGRect(x: rootMargin, y: top + 8, width: 390 - 2 * rootMargin, height: 50))
        #expect(frames[2] == frames[0])
    }

    /// Apple's autoresizingMask: the size change is shared among the flexible portions in
    /// proportion to their current values; fixed portions keep theirs.
    @Test func autoresizingSharesASuperviewsResizeAmongTheFlexiblePortions() throws {
        nonisolated(unsafe) var frames: [CGRect] = []
        _ = try Self.run(Device(width: 390, height: 844, scale: 3)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let header = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 200))
            root.view.addSubview(header)
            let bar = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 44))
            bar.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
            let badge = UIView(frame: CGRect(x: 20, y: 60, width: 60, height: 40))
            badge.autoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin, .flexibleTopMargin]
            let fixed = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
            for view in [bar, badge, fixed] { header.addSubview(view) }
            header.frame = CGRect(x: 0, y: 0, width: 420, height: 260)
            frames = [bar.frame, badge.frame, fixed.frame]
        }
        let dw: CGFloat = 420 - 300
        let dh: CGFloat = 260 - 200
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 300 + dw, height: 44))
        // Badge: left margin 20, right margin 300 - 80 = 220 share dw as 20 : 220; its top margin alone takes dh.
        let left: CGFloat = 20
        let right: CGFloat = 300 - 80
        #expect(frames[1] == CGRect(x: 20 + dw * left / (left + right), y: 60 + dh, width: 60, height: 40))
        #expect(frames[2] == CGRect(x: 10, y: 10, width: 10, height: 10))
    }

    /// A UIVisualEffectView's content view fills it; setting its effect is an `effect` event.
    @Test func aVisualEffectViewsContentFillsItAndItsEffectIsRecorded() throws {
        nonisolated(unsafe) var content: CGRect?
        let trace = try Self.run(Device(width: 390, height: 844, scale: 3)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let blur = UIVisualEffectView(effect: nil)
            blur.accessibilityIdentifier = "blur"
            root.view.addSubview(blur)
            blur.frame = CGRect(x: 0, y: 100, width: 390, height: 300)
            content = blur.contentView.frame
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in blur.effect = UIBlurEffect(style: .dark) }
            root.view.addGestureRecognizer(tap)
        }
        #expect(content == CGRect(x: 0, y: 0, width: 390, height: 300))
        #expect(trace.events.filter { $0.kind == "effect" }.map { "\($0.subject) \($0.detail)" } == ["blur blur.dark"])
        // Set outside an animation, the effect shows whole from the tap's frame on.
        let set = try #require(trace.events.first { $0.kind == "effect" }?.t)
        for frame in trace.frames {
            let blur = try #require(frame.views.first { $0.key == "blur" })
            #expect(blur.effectFraction == (frame.t >= set - 1e-9 ? 1 : 0), "t \(frame.t)")
        }
    }

    /// A tap session over a full-screen effect view "blur" (no effect at first): `setUp` gets the
    /// view and the root controller and returns what the tap does.
    static func blurSession(_ setUp: @escaping @MainActor (UIVisualEffectView, UIViewController) -> @MainActor () -> Void) throws -> Trace {
        try Self.run(Device(width: 390, height: 844, scale: 3)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let blur = UIVisualEffectView(effect: nil)
            blur.accessibilityIdentifier = "blur"
            blur.frame = CGRect(x: 0, y: 0, width: 390, height: 844)
            root.view.addSubview(blur)
            let action = setUp(blur, root)
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in action() }
            root.view.addGestureRecognizer(tap)
        }
    }

    /// Setting the effect inside an animation block animates how far it shows: with
    /// `.curveLinear` over 0.4 s, (t - start) / 0.4 at each tick, then 1 (UIKit animates the blur
    /// in step with the block's other values; the fraction is that step).
    @Test func anEffectSetInAnAnimationBlockShowsAsTheBlocksFraction() throws {
        let trace = try Self.blurSession { blur, _ in
            { UIView.animate(withDuration: 0.4, delay: 0, options: [.curveLinear]) { blur.effect = UIBlurEffect(style: .dark) } }
        }
        let start = try #require(trace.events.first { $0.kind == "effect" }?.t)
        var between = 0
        for frame in trace.frames {
            let shown = try #require(frame.views.first { $0.key == "blur" }).effectFraction
            let expected = min(max((frame.t - start) / 0.4, 0), 1)
            #expect(abs(shown - expected) < 1e-9, "t \(frame.t): \(shown) vs \(expected)")
            if expected > 0 && expected < 1 { between += 1 }
        }
        // 0.4 s at 60 Hz: 23 ticks strictly between (a tick on the start or end aside).
        #expect(between >= 22, "\(between) frames between")
    }

    /// A paused property animator scrubbed to 0.4 shows the effect at 0.4 (a linear curve), as
    /// the common "blur follows the finger" code does.
    @Test func aScrubbedAnimatorHoldsTheEffectAtItsFraction() throws {
        let trace = try Self.blurSession { blur, root in
            // Something else animating for 0.2 s, so that ticks are rendered after the tap (ReelKit
            // renders none while nothing moves).
            let marker = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.view.addSubview(marker)
            let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { blur.effect = UIBlurEffect(style: .light) }
            return {
                animator.pauseAnimation()
                animator.fractionComplete = 0.4
                UIView.animate(withDuration: 0.2) { marker.alpha = 0.5 }
            }
        }
        let scrubbed = try #require(trace.events.first { $0.kind == "gesture" && $0.detail == "ended" }?.t)
        let after = trace.frames.filter { $0.t >= scrubbed - 1e-9 }
        #expect(!after.isEmpty)
        for frame in after {
            let shown = try #require(frame.views.first { $0.key == "blur" }).effectFraction
            #expect(abs(shown - 0.4) < 1e-9, "t \(frame.t): \(shown)")
        }
    }
}

/// WrittenForUIKit/DeclaredCallSites+Surface.swift compiles (the test) and runs in a session.
@Suite @MainActor struct SurfaceCallSitesTests {
    @Test func theSurfaceCallSitesRunWithoutASessionError() throws {
        nonisolated(unsafe) var kept: DeclaredCallSites.TabDelegate?
        let trace = try EnvironmentTests.run(Device(width: 390, height: 844, scale: 3)) { window in
            let delegate = DeclaredCallSites.TabDelegate()
            kept = delegate
            let root = DeclaredCallSites.TouchedController()
            let navigation = UINavigationController(rootViewController: root)
            window.rootViewController = navigation
            window.makeKeyAndVisible()
            let view = DeclaredCallSites.TouchedView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            root.view.addSubview(view)
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in
                DeclaredCallSites.pressAndSwipe(view)
                DeclaredCallSites.containers(navigation, delegate: delegate)
                DeclaredCallSites.environment(view, root)
            }
            root.view.addGestureRecognizer(tap)
        }
        #expect(
            trace.events.filter { $0.kind == "navigation" }.map(\.detail) == [
                "setNavigationBarHidden(true, animated: true)", "setNavigationBarHidden(false, animated: false)",
            ])
        #expect(trace.events.filter { $0.kind == "effect" }.map(\.detail) == ["none"])
        #expect(kept != nil)
    }
}
