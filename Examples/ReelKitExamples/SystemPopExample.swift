import ReelKit

/// The catalog's `nav.interactive-pop` as an app has it: a navigation stack of A and B and nothing
/// else; the navigation controller's own back swipe (`interactivePopGestureRecognizer`) pops B with
/// UIKit's decision rule and the system slide.
public enum SystemPopExample {
    public static let scene = ReelKitScene(catalogScenario: "nav.interactive-pop") { window in
        let first = UIViewController()
        first.restorationIdentifier = "A"
        let second = UIViewController()
        second.restorationIdentifier = "B"
        let navigation = UINavigationController(rootViewController: first)
        navigation.restorationIdentifier = "nav"
        // Set before the stack is on screen: only the top controller's view loads.
        navigation.setViewControllers([first, second], animated: false)
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }!
}
