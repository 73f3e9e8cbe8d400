import ReelRecorder
import UIKit

// A card over a home screen, dismissed by dragging it down (the ReelKit example card.dismiss,
// written for UIKit): the app the macOS workflow's UI test swipes, recording with ReelRecorder.

@main final class AppDelegate: UIResponder, UIApplicationDelegate {}

final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    private var recorder: TouchRecorder?

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions) {
        guard let windowScene = scene as? UIWindowScene else { return }
        var system = utsname()
        uname(&system)
        let model = withUnsafeBytes(of: system.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let recorder = TouchRecorder(
            scenario: "card.dismiss", tags: ["sample", "iOS " + UIDevice.current.systemVersion, model],
            limits: RecorderLimits(deliveryBatch: 1),
            outcome: OutcomeRecording(systemVersion: UIDevice.current.systemVersion, deviceModel: model))
        let documents = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask)[0]
        recorder.delivery = try? SessionFolder(path: documents.appendingPathComponent("reel").path, maximumBytes: 8 << 20)
        self.recorder = recorder
        let window = RecordingWindow(frame: windowScene.coordinateSpace.bounds, recorder: recorder)
        window.windowScene = windowScene
        window.rootViewController = HomeViewController()
        window.makeKeyAndVisible()
        self.window = window
    }
}

final class HomeViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let interaction = CardDrag()
    let animator = CardSpring()

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        guard presentedViewController == nil else { return }
        let card = CardViewController()
        card.modalPresentationStyle = .overFullScreen
        card.transitioningDelegate = self
        present(card, animated: false)
        interaction.attach(to: card)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { animator }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        interaction.isDragging ? interaction : nil
    }
}

final class CardViewController: UIViewController {
    let cardView = UIView()

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .clear
        cardView.backgroundColor = .systemBlue
        cardView.accessibilityIdentifier = "card"
        cardView.frame = CGRect(x: 0, y: 400, width: view.bounds.width, height: view.bounds.height - 400)
        view.addSubview(cardView)
    }
}

final class CardDrag: UIPercentDrivenInteractiveTransition {
    private(set) var isDragging = false
    private weak var card: CardViewController?

    func attach(to card: CardViewController) {
        self.card = card
        card.view.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: #selector(drag(_:))))
    }

    @objc func drag(_ pan: UIPanGestureRecognizer) {
        guard let card else { return }
        let progress = min(max(pan.translation(in: card.view).y / card.cardView.bounds.height, 0), 1)
        switch pan.state {
        case .began:
            isDragging = true
            card.dismiss(animated: true)
        case .changed: update(progress)
        case .ended:
            isDragging = false
            if progress > 0.35 { finish() } else { cancel() }
        default:
            isDragging = false
            cancel()
        }
    }
}

final class CardSpring: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { 0.5 }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        let card = (transitionContext.viewController(forKey: .from) as? CardViewController)?.cardView
        let bottom = transitionContext.containerView.bounds.height
        let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.9) { card?.frame.origin.y = bottom }
        animator.addCompletion { position in transitionContext.completeTransition(position == .end) }
        animator.startAnimation()
    }
}
