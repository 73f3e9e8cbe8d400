import ReelKit

/// A photo shown full screen over the gallery closes with a pinch: progress = 1 - the pinch's scale
/// (clamped to 0...1); the animator shrinks the photo to a fifth and fades it out, linearly over
/// 0.3 s, scrubbed by the pinch; at the end it closes if progress > 0.3, else grows back.
public enum PinchCloseExample {
    public static let duration: TimeInterval = 0.3
    public static let closedScale: CGFloat = 0.2
    public static let threshold: CGFloat = 0.3

    public static let scene = ReelKitScene(
        name: "photo.pinch-close", summary: "Pinch in closes the photo (progress = 1 - scale, closes above 0.3)",
        trigger: TriggerSpec(kind: .pinch, threshold: Double(threshold))
    ) { window in
        let gallery = GalleryViewController()
        gallery.restorationIdentifier = "gallery"
        window.rootViewController = gallery
        window.makeKeyAndVisible()
        gallery.openPhoto()
    }
}

final class GalleryViewController: UIViewController, UIViewControllerTransitioningDelegate {
    let pinchClose = PinchCloseInteraction()
    let shrink = ShrinkAwayAnimator()

    func openPhoto() {
        let photo = UIViewController()
        photo.restorationIdentifier = "photo"
        photo.modalPresentationStyle = .overFullScreen
        photo.transitioningDelegate = self
        present(photo, animated: false)
        pinchClose.attach(to: photo)
    }

    func animationController(forDismissed dismissed: UIViewController) -> UIViewControllerAnimatedTransitioning? { shrink }

    func interactionControllerForDismissal(using animator: UIViewControllerAnimatedTransitioning)
        -> UIViewControllerInteractiveTransitioning?
    {
        pinchClose.isPinching ? pinchClose : nil
    }
}

final class PinchCloseInteraction: UIPercentDrivenInteractiveTransition {
    private(set) var isPinching = false
    private weak var photo: UIViewController?

    func attach(to photo: UIViewController) {
        self.photo = photo
        photo.view.addGestureRecognizer(UIPinchGestureRecognizer(target: self, action: PinchCloseInteraction.pinched))
    }

    func pinched(_ pinch: UIPinchGestureRecognizer) {
        let progress = min(max(1 - pinch.scale, 0), 1)
        switch pinch.state {
        case .began:
            isPinching = true
            photo?.dismiss(animated: true)
        case .changed:
            update(progress)
        case .ended:
            isPinching = false
            if progress > PinchCloseExample.threshold { finish() } else { cancel() }
        case .cancelled, .failed:
            isPinching = false
            cancel()
        default:
            break
        }
    }
}

final class ShrinkAwayAnimator: UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: UIViewControllerContextTransitioning?) -> TimeInterval { PinchCloseExample.duration }

    func animateTransition(using transitionContext: UIViewControllerContextTransitioning) {
        guard let photoView = transitionContext.view(forKey: .from) else { return }
        let scale = PinchCloseExample.closedScale
        UIView.animate(
            withDuration: transitionDuration(using: transitionContext), delay: 0, options: .curveLinear,
            animations: {
                photoView.transform = CGAffineTransform(scaleX: scale, y: scale)
                photoView.alpha = 0
            },
            completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    }
}
