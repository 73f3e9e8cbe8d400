import Foundation
import ReelKit
import ReelTrace
import Testing

/// Issue 52's object-model leftovers, each from Apple's declarations:
/// - `class UIViewPropertyAnimator : NSObject, UIViewImplicitlyAnimating` (and UIViewImplicitlyAnimating
///   refines UIViewAnimating): NSObject's equality is `isEqual(_:)`, identity unless overridden.
/// - `init(nibName:bundle:)` designated, `init?(coder:)` required: a subclass with an initializer of
///   its own calls `super.init(nibName: nil, bundle: nil)` and writes `required init?(coder:)`.
@Suite @MainActor struct ObjectModelAdditionsTests {
    @Test func aPropertyAnimatorIsAnNSObjectEqualOnlyToItself() {
        let first = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut)
        let second = UIViewPropertyAnimator(duration: 0.3, curve: .easeInOut)
        let object: NSObject = first
        #expect(object.isEqual(first) && !object.isEqual(second))
        #expect(first == first && first != second)
        #expect(Set([first, second, first]).count == 2)
        #expect(first.description.contains("UIViewPropertyAnimator"))
        let animating: any UIViewAnimating = first
        let implicit: any UIViewImplicitlyAnimating = second
        #expect(animating.state == .inactive && implicit.state == .inactive)
    }

    /// NSObject's `==` calls `isEqual(_:)`, so a subclass's override decides. `isEqual(_:)` is
    /// NSObject's, not isolated to the main actor, so it reads the animator's state as code written
    /// for UIKit does, asserting the main actor.
    final class SameDuration: UIViewPropertyAnimator {
        override func isEqual(_ object: Any?) -> Bool {
            guard let other = object as? UIViewPropertyAnimator else { return false }
            return MainActor.assumeIsolated { other.duration == duration }
        }
    }

    @Test func anOverriddenIsEqualDecidesEquality() {
        let first = SameDuration(duration: 0.5, dampingRatio: 0.8)
        #expect(first == SameDuration(duration: 0.5, dampingRatio: 0.8))
        #expect(first != SameDuration(duration: 0.4, dampingRatio: 0.8))
    }

    /// A controller written for UIKit: its own initializer, and the one a storyboard would use.
    final class DetailViewController: UIViewController {
        let item: Int
        init(item: Int) {
            self.item = item
            super.init(nibName: nil, bundle: nil)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
        override func viewDidLoad() {
            super.viewDidLoad()
            view.accessibilityIdentifier = "detail\(item)"
        }
    }

    @Test func theInitializersAsUIKitDeclaresThem() throws {
        let plain = UIViewController(nibName: nil, bundle: nil)
        #expect(plain.nibName == nil && plain.nibBundle == nil)
        #expect(UIViewController().nibName == nil)
        let named = UIViewController(nibName: "Card", bundle: .main)
        #expect(named.nibName == "Card" && named.nibBundle === Bundle.main)
        // No archive is decoded: the coder initializer gives no controller.
        #expect(UIViewController(coder: NSCoder()) == nil)
        #expect(UINavigationController(coder: NSCoder()) == nil)
        #expect(UINavigationController(nibName: nil, bundle: nil).viewControllers.isEmpty)
        #expect(UITabBarController(nibName: nil, bundle: nil).viewControllers == nil)
        #expect(DetailViewController(item: 3).item == 3)
    }

    static func run(_ build: @escaping @MainActor @Sendable (UIWindow) -> Void) throws -> Trace {
        try EnvironmentTests.run(Device(width: 390, height: 844, scale: 3), build)
    }

    @Test func aSubclassMadeWithNilNibLoadsItsViewInASession() throws {
        // The scene is built before recording starts, so its lifecycle events are not in the trace:
        // what viewDidLoad set up is looked at instead.
        nonisolated(unsafe) var identifier: String?
        _ = try Self.run { window in
            let detail = DetailViewController(item: 7)
            window.rootViewController = detail
            window.makeKeyAndVisible()
            identifier = detail.viewIfLoaded?.accessibilityIdentifier
        }
        #expect(identifier == "detail7")
    }

    /// ReelKit loads no nibs: loading the view of a controller made with a nib name fails the
    /// session, naming the nib (rather than a plain view standing in for the nib's).
    @Test func aNibNamedControllerFailsTheSessionNamingTheNib() throws {
        let message: String
        do {
            _ = try Self.run { window in
                window.rootViewController = UIViewController(nibName: "CardViewController", bundle: nil)
                window.makeKeyAndVisible()
            }
            Issue.record("the session ran")
            return
        } catch {
            message = "\(error)"
        }
        #expect(message.contains("nib 'CardViewController'") && message.contains("loads no nibs"), "\(message)")
    }
}
