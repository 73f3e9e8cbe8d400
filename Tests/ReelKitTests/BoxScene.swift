import ReelKit
import ReelTrace

/// The scene the animation rule suites share: a root controller with a 100 x 100 "box" at the
/// origin, optionally a 10 x 10 "timer" view at y 500 (whose alpha animations schedule later calls),
/// and a tap that runs the test's action.
enum BoxScene {
    struct Views {
        let box: UIView
        let timer: UIView?
        let root: UIViewController
    }

    static func make(name: String, withTimer: Bool, _ action: @escaping @MainActor @Sendable (Views) -> Void) -> ReelKitScene {
        ReelKitScene(name: name, trigger: TriggerSpec(kind: .tap)) { window in
            let root = UIViewController()
            root.restorationIdentifier = "root"
            window.rootViewController = root
            window.makeKeyAndVisible()
            let box = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            box.accessibilityIdentifier = "box"
            root.view.addSubview(box)
            var timer: UIView?
            if withTimer {
                let view = UIView(frame: CGRect(x: 0, y: 500, width: 10, height: 10))
                view.accessibilityIdentifier = "timer"
                root.view.addSubview(view)
                timer = view
            }
            let views = Views(box: box, timer: timer, root: root)
            let tap = UITapGestureRecognizer()
            tap.addTarget { _ in action(views) }
            root.view.addGestureRecognizer(tap)
        }
    }
}
