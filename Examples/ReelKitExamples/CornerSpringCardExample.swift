import ReelKit

/// A card whose top corners spring round when a drag picks it up and whose shadow fades with the
/// drag: the pan's began adds a `CASpringAnimation` of `cornerRadius` (0 to 24; mass 1, stiffness
/// 300, damping 15, over its settlingDuration); while dragging, the card follows the finger
/// (y = 400 + 444 f, f = translation.y / 444 clamped to 0...1) and `shadowOpacity` = 0.3 (1 - f),
/// set at once (a view's layer gives shadows no action). At the lift the card leaves (f > 0.5) or
/// settles back over 0.3 s ease out: the frame in a `UIView.animate` block, which on the way back
/// also animates cornerRadius to 0 (UIKit animates a view's layer's cornerRadius inside a block,
/// iOS 11 and later), and the shadow in a `CABasicAnimation` (ease out) to 0 or 0.3. No transition.
public enum CornerSpringCardExample {
    public static let cardTop: CGFloat = 400
    public static let cardHeight: CGFloat = 444
    public static let shadowOpacity: Float = 0.3
    public static let liftedRadius: CGFloat = 24
    public static let springStiffness: CGFloat = 300
    public static let springDamping: CGFloat = 15
    public static let settleDuration: TimeInterval = 0.3

    public static var scene: ReelKitScene { scene(liftedRadius: liftedRadius) }

    /// The scene with another radius for the lifted corners (a version with one layer constant
    /// changed, for the replay tests).
    public static func scene(liftedRadius: CGFloat) -> ReelKitScene {
        ReelKitScene(
            name: "card.corner-spring", summary: "Drag the card: its corners spring round, its shadow fades with the drag",
            trigger: TriggerSpec(kind: .pan, direction: .down, extent: 444)
        ) { window in build(window, liftedRadius: liftedRadius) }
    }

    /// The scene's hierarchy in `window` (the card is the view "card").
    @MainActor public static func build(_ window: UIWindow, liftedRadius: CGFloat = liftedRadius) {
        let home = CornerSpringCardController()
        home.liftedRadius = liftedRadius
        home.restorationIdentifier = "home"
        window.rootViewController = home
        window.makeKeyAndVisible()
    }
}

final class CornerSpringCardController: UIViewController {
    let card = UIView()
    var liftedRadius = CornerSpringCardExample.liftedRadius

    override func viewDidLoad() {
        super.viewDidLoad()
        card.accessibilityIdentifier = "card"
        card.frame = CGRect(x: 0, y: CornerSpringCardExample.cardTop, width: view.bounds.width, height: CornerSpringCardExample.cardHeight)
        card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
        card.layer.shadowOpacity = CornerSpringCardExample.shadowOpacity
        card.layer.shadowRadius = 12
        card.layer.shadowOffset = CGSize(width: 0, height: -2)
        view.addSubview(card)
        let pan = UIPanGestureRecognizer()
        pan.addTarget(self, action: CornerSpringCardController.drag)
        card.addGestureRecognizer(pan)
    }

    func drag(_ pan: UIPanGestureRecognizer) {
        let fraction = min(max(pan.translation(in: view).y / CornerSpringCardExample.cardHeight, 0), 1)
        switch pan.state {
        case .began:
            let spring = CASpringAnimation(keyPath: "cornerRadius")
            spring.fromValue = card.layer.cornerRadius
            spring.toValue = liftedRadius
            spring.stiffness = CornerSpringCardExample.springStiffness
            spring.damping = CornerSpringCardExample.springDamping
            spring.duration = spring.settlingDuration
            card.layer.cornerRadius = liftedRadius
            card.layer.add(spring, forKey: "lift")
            follow(fraction)
        case .changed:
            follow(fraction)
        case .ended:
            settle(leaving: fraction > 0.5)
        case .cancelled, .failed:
            settle(leaving: false)
        default:
            break
        }
    }

    private func follow(_ fraction: CGFloat) {
        card.frame.origin.y = CornerSpringCardExample.cardTop + CornerSpringCardExample.cardHeight * fraction
        card.layer.shadowOpacity = CornerSpringCardExample.shadowOpacity * Float(1 - fraction)
    }

    private func settle(leaving: Bool) {
        let shadow: Float = leaving ? 0 : CornerSpringCardExample.shadowOpacity
        let fade = CABasicAnimation(keyPath: "shadowOpacity")
        fade.fromValue = card.layer.shadowOpacity
        fade.toValue = shadow
        fade.duration = CornerSpringCardExample.settleDuration
        fade.timingFunction = CAMediaTimingFunction(name: .easeOut)
        card.layer.shadowOpacity = shadow
        card.layer.add(fade, forKey: "fade")
        if !leaving { card.layer.removeAnimation(forKey: "lift") }
        UIView.animate(
            withDuration: CornerSpringCardExample.settleDuration, delay: 0, options: .curveEaseOut,
            animations: {
                self.card.frame.origin.y = leaving ? self.view.bounds.height : CornerSpringCardExample.cardTop
                if !leaving { self.card.layer.cornerRadius = 0 }
            })
    }
}
