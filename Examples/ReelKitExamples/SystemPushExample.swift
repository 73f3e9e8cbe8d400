import ReelKit

/// The catalog's `nav.push` as an app has it: a tap on A's view pushes B with the navigation
/// controller's own slide (no delegate).
public enum SystemPushExample {
    public static let scene = ReelKitScene(catalogScenario: "nav.push") { window in
        let first = TapToPushViewController()
        first.restorationIdentifier = "A"
        let navigation = UINavigationController(rootViewController: first)
        navigation.restorationIdentifier = "nav"
        window.rootViewController = navigation
        window.makeKeyAndVisible()
    }!
}

final class TapToPushViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        view.addGestureRecognizer(UITapGestureRecognizer(target: self, action: TapToPushViewController.push))
    }

    func push(_ tap: UITapGestureRecognizer) {
        let next = UIViewController()
        next.restorationIdentifier = "B"
        navigationController?.pushViewController(next, animated: true)
    }
}
