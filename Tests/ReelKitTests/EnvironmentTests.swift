import ReelKit
import ReelTrace
import Testing

/// The environment transition code reads (UIScreen, UIApplication, UIDevice), manual appearance
/// forwarding, and content views as frames.
@Suite @MainActor struct EnvironmentTests {
    static let tap = [Touch(t: 0, id: 0, phase: .began, x: 100, y: 100), Touch(t: 0.1, id: 0, phase: .ended, x: 100, y: 100)]

    static func run(_ device: Device, touches: [Touch] = tap, _ build: @escaping @MainActor @Sendable (UIWindow) -> Void) throws -> Trace {
        let scene = ReelKitScene(name: "environment", trigger: TriggerSpec(kind: .tap), build: build)
        return try ReelKitEngine(scenes: [scene], name: "e", version: "1").run(
            scenario: scene.spec, device: device, refreshHz: 60, touches: touches, outcomeHierarchy: false)
    }

    /// The screen is the session's device; an iPad is a screen whose shorter side is >= 744 pt.
    @Test(arguments: [(430.0, 932.0, UIUserInterfaceIdiom.phone), (744, 1133, .pad), (1024, 768, .pad), (440, 956, .phone)])
    func theScreenAndIdiomAreTheSessionsDevice(width: Double, height: Double, idiom: UIUserInterfaceIdiom) throws {
        nonisolated(unsafe) var seen: (CGRect, CGFloat, UIUserInterfaceIdiom, Bool)?
        _ = try Self.run(Device(width: width, height: height, scale: 2)) { window in
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            seen = (
                UIScreen.main.bounds, UIScreen.main.scale, UIDevice.current.userInterfaceIdiom,
                UIApplication.shared.windows.count == 1 && UIApplication.shared.keyWindow === window
            )
        }
        #expect(seen?.0 == CGRect(x: 0, y: 0, width: width, height: height))
        #expect(seen?.1 == 2)
        #expect(seen?.2 == idiom)
        #expect(seen?.3 == true)
    }

    /// A custom container forwarding appearance by hand: the child's will/did callbacks are
    /// recorded in UIKit's order; an end without a begin records nothing.
    @Test func manualAppearanceForwardingRecordsTheChildsCallbacks() throws {
        let trace = try Self.run(Device(width: 390, height: 844, scale: 3)) { window in
            let container = UIViewController()
            window.rootViewController = container
            window.makeKeyAndVisible()
            let child = UIViewController()
            child.restorationIdentifier = "child"
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in
                child.endAppearanceTransition()
                child.beginAppearanceTransition(true, animated: false)
                child.endAppearanceTransition()
                child.beginAppearanceTransition(false, animated: true)
                child.endAppearanceTransition()
            }
            container.view.addGestureRecognizer(tap)
        }
        let calls = trace.events.filter { $0.kind == "lifecycle" && $0.subject == "child" }.map(\.detail)
        #expect(calls == ["viewWillAppear", "viewDidAppear", "viewWillDisappear", "viewDidDisappear"])
    }

    /// `UIImageView(image:)` takes the image's size as UIKit does; a button's title for a state
    /// falls back to the normal one.
    @Test func contentViewsKeepTheirValues() {
        let image = UIImageView(image: UIImage(size: CGSize(width: 120, height: 80)))
        #expect(image.frame == CGRect(x: 0, y: 0, width: 120, height: 80))
        #expect(UIImageView(image: nil).frame == .zero)
        #expect(UIImage(named: "card")?.name == "card")
        let button = UIButton(type: .system)
        button.setTitle("Close", for: .normal)
        button.setTitle("Closing", for: .highlighted)
        #expect(button.title(for: .highlighted) == "Closing")
        #expect(button.title(for: .selected) == "Close")
        #expect(button.buttonType == .system)
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 200, height: 20))
        label.text = "Title"
        #expect(label.text == "Title" && label.frame.width == 200)
    }
}

/// isBeingPresented / isBeingDismissed as the presented controller's appearance callbacks see them.
@Suite @MainActor struct PresentationPhaseTests {
    final class Sheet: UIViewController {
        var seen: [String] = []
        override func viewWillAppear(_ animated: Bool) { seen.append("willAppear \(isBeingPresented) \(isBeingDismissed)") }
        override func viewDidAppear(_ animated: Bool) { seen.append("didAppear \(isBeingPresented) \(isBeingDismissed)") }
        override func viewWillDisappear(_ animated: Bool) { seen.append("willDisappear \(isBeingPresented) \(isBeingDismissed)") }
        override func viewDidDisappear(_ animated: Bool) { seen.append("didDisappear \(isBeingPresented) \(isBeingDismissed)") }
    }

    @Test func theCallbacksOfAPresentationAndADismissalSeeTheirPhase() throws {
        nonisolated(unsafe) var sheet: Sheet?
        nonisolated(unsafe) var between: (Bool, Bool)?
        _ = try EnvironmentTests.run(Device(width: 390, height: 844, scale: 3)) { window in
            let root = UIViewController()
            window.rootViewController = root
            window.makeKeyAndVisible()
            let made = Sheet()
            sheet = made
            root.present(made, animated: false)
            between = (made.isBeingPresented, made.isBeingDismissed)
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in made.dismiss(animated: false) }
            window.addGestureRecognizer(tap)
        }
        #expect(between! == (false, false), "the presentation ended")
        #expect(
            sheet?.seen == [
                "willAppear true false", "didAppear true false", "willDisappear false true", "didDisappear false true",
            ])
    }
}

/// Feedback generators' calls are `feedback` events at the time of the touch that made them.
@Suite @MainActor struct FeedbackGeneratorTests {
    @Test func hapticsAreRecordedAsEventsWhenTheyFire() throws {
        let trace = try EnvironmentTests.run(Device(width: 390, height: 844, scale: 3)) { window in
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            let impact = UIImpactFeedbackGenerator(style: .rigid)
            let tap = UITapGestureRecognizer(target: nil, action: nil)
            tap.addTarget { _ in
                impact.prepare()
                impact.impactOccurred(intensity: 0.62)
                UINotificationFeedbackGenerator().notificationOccurred(.success)
                UISelectionFeedbackGenerator().selectionChanged()
            }
            window.addGestureRecognizer(tap)
        }
        let feedback = trace.events.filter { $0.kind == "feedback" }.map { "\($0.t) \($0.subject) \($0.detail)" }
        // The tap recognizes at the lift, 0.1 s.
        #expect(
            feedback == [
                "0.1 impact.rigid prepare", "0.1 impact.rigid impactOccurred(0.6200)", "0.1 notification notificationOccurred(success)",
                "0.1 selection selectionChanged",
            ])
    }
}
