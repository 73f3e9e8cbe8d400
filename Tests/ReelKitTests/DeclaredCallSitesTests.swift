import ReelKit
import ReelTrace
import Testing

/// WrittenForUIKit/DeclaredCallSites.swift compiles: UIKit's declarations for every row of KIT.md's
/// API table. These run parts of it and the signatures this issue changed, with numbers from
/// UIKit's rules.
@Suite @MainActor struct DeclaredCallSitesTests {
    static let device = Device(width: 390, height: 844, scale: 3)
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 195, y: 422), Touch(t: 0.1, id: 0, phase: .ended, x: 195, y: 422)]

    static func run(_ scene: ReelKitScene) throws -> Trace {
        try ReelKitEngine(scenes: [scene], name: "declared", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: tap, outcomeHierarchy: false)
    }

    /// A point of `inner` (at 5, 7 in `outer`, at 10, 20 in the window) is offset by both frames;
    /// the window's hit test at (20, 30) lands in `inner`, the front-most view containing it.
    @Test func theViewCallSitesConvertAndHitTestByTheFrames() throws {
        var result: (converted: CGPoint, hitTag: Int)?
        let scene = ReelKitScene(name: "views", trigger: TriggerSpec(kind: .tap)) { window in
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            result = DeclaredCallSites.views(in: window)
        }
        _ = try Self.run(scene)
        #expect(result?.converted == CGPoint(x: 1 + 5 + 10, y: 2 + 7 + 20))
        #expect(result?.hitTag == 7)
    }

    /// The controllers' and the animations' call sites run as a session without an error.
    @Test func theControllerAndAnimationCallSitesRun() throws {
        let scene = ReelKitScene(name: "controllers", trigger: TriggerSpec(kind: .tap)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            DeclaredCallSites.controllers(root)
            let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            root.view.addSubview(box)
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in DeclaredCallSites.animations(box) }
            root.view.addGestureRecognizer(tap)
        }
        let trace = try Self.run(scene)
        #expect(!trace.frames.isEmpty)
    }

    /// `UISpringTimingParameters()` is UIKit's system spring, mass 3, stiffness 1000, damping 500
    /// (D26, docs/SOURCES.md): its animator's frames are those of the spring spelt out.
    @Test func theDefaultSpringIsTheSystemSpring() throws {
        func frames(_ parameters: @escaping @MainActor @Sendable () -> UISpringTimingParameters) throws -> [Double] {
            let scene = ReelKitScene(name: "spring", trigger: TriggerSpec(kind: .tap)) { window in
                let root = UIViewController()
                window.rootViewController = root
                window.makeKeyAndVisible()
                let box = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                box.accessibilityIdentifier = "box"
                root.view.addSubview(box)
                let tap = UITapGestureRecognizer(target: nil, action: nil)
                tap.addTarget { _ in
                    let animator = UIViewPropertyAnimator(duration: 0.5, timingParameters: parameters())
                    animator.addAnimations { box.frame.origin.y = 300 }
                    animator.startAnimation()
                }
                root.view.addGestureRecognizer(tap)
            }
            return try Self.run(scene).frames.compactMap { $0.views.first { $0.key == "box" }?.y }
        }
        let system = try frames { UISpringTimingParameters() }
        let spelt = try frames { UISpringTimingParameters(mass: 3, stiffness: 1000, damping: 500, initialVelocity: CGVector(dx: 0, dy: 0)) }
        let underdamped = try frames { UISpringTimingParameters(dampingRatio: 0.5) }
        #expect(system.count > 3)
        #expect(system == spelt)
        #expect(system != underdamped)
    }

    /// `presentingViewController` is not optional: the presenter given at init, else the presented
    /// controller's presenter; read before either exists, the session stops with an error naming it.
    @Test func presentingViewControllerIsThePresenterAndNotOptional() throws {
        var named: String?
        let scene = ReelKitScene(name: "presenting", trigger: TriggerSpec(kind: .tap)) { window in
            let root = UIViewController()
            root.restorationIdentifier = "root"
            window.rootViewController = root
            window.makeKeyAndVisible()
            let presented = UIViewController()
            root.present(presented, animated: false)
            named = presented.presentationController?.presentingViewController.restorationIdentifier
        }
        _ = try Self.run(scene)
        #expect(named == "root")

        let early = ReelKitScene(name: "early", trigger: TriggerSpec(kind: .tap)) { window in
            window.rootViewController = UIViewController()
            let controller = UIPresentationController(presentedViewController: UIViewController(), presenting: nil)
            _ = controller.presentingViewController
        }
        #expect(throws: ReelKitError.self) { try Self.run(early) }
    }

    /// A selector cannot be sent on Linux: a recognizer made with one stops the session with an
    /// error naming it (nil target and action, as UIKit allows, is no error).
    @Test func aSelectorActionIsAnErrorNamingIt() throws {
        let scene = ReelKitScene(name: "selector", trigger: TriggerSpec(kind: .tap)) { window in
            window.rootViewController = UIViewController()
            window.rootViewController?.view.addGestureRecognizer(UIPanGestureRecognizer(target: nil, action: Selector("handlePan:")))
        }
        let error = #expect(throws: ReelKitError.self) { try Self.run(scene) }
        #expect(error?.message.contains("\"handlePan:\"") == true, "\(error?.message ?? "")")
    }
}
