import ReelKit

/// A pan subclass that decides its direction itself, in the style of the libraries' "directional
/// pan" recognizers: `VerticalPanGestureRecognizer` lets UIKit's pan begin, then in its own
/// `touchesMoved` cancels itself when, at the moment it began, the finger had gone further
/// sideways than up or down (|translation.x| > |translation.y|). A card ("card", 350 x 400 at
/// (20, 200)) follows a vertical pan downwards (y = 200 + max(translation.y, 0)); on release it
/// slides off the screen (to y = the window's height, 0.25 s ease-out) when it was dragged more than
/// `DirectionalPanExample.dismissDistance` (150 pt), else back to y = 200 the same way; a cancelled
/// pan puts it back at once.
public enum DirectionalPanExample {
    public static let dismissDistance: CGFloat = 150
    public static let cardFrame = CGRect(x: 20, y: 200, width: 350, height: 400)
    public static let settleDuration: TimeInterval = 0.25

    public static let scene = ReelKitScene(
        name: "card.vertical-pan", summary: "A card dragged down by a pan subclass that refuses sideways drags",
        trigger: TriggerSpec(kind: .pan, direction: .down, extent: 250)
    ) { window in
        let root = DirectionalCardViewController()
        root.restorationIdentifier = "home"
        window.rootViewController = root
        window.makeKeyAndVisible()
    }
}

/// UIPanGestureRecognizer that keeps only vertical drags: it cancels itself when it began sideways.
public final class VerticalPanGestureRecognizer: UIPanGestureRecognizer {
    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .began else { return }
        let moved = translation(in: view)
        if abs(moved.x) > abs(moved.y) { state = .cancelled }
    }
}

/// The screen with the card and its recognizer.
final class DirectionalCardViewController: UIViewController {
    let card = UIView(frame: DirectionalPanExample.cardFrame)

    override func viewDidLoad() {
        super.viewDidLoad()
        card.accessibilityIdentifier = "card"
        view.addSubview(card)
        card.addGestureRecognizer(VerticalPanGestureRecognizer(target: self, action: DirectionalCardViewController.handlePan))
    }

    func handlePan(_ pan: UIPanGestureRecognizer) {
        let start = DirectionalPanExample.cardFrame
        let down = max(pan.translation(in: view).y, 0)
        switch pan.state {
        case .began, .changed:
            card.frame = start.offsetBy(dx: 0, dy: down)
        case .ended:
            let target = down > DirectionalPanExample.dismissDistance ? start.offsetBy(dx: 0, dy: view.bounds.height - start.minY) : start
            UIView.animate(withDuration: DirectionalPanExample.settleDuration, delay: 0, options: .curveEaseOut) {
                self.card.frame = target
            }
        case .cancelled:
            card.frame = start
        default:
            break
        }
    }
}
