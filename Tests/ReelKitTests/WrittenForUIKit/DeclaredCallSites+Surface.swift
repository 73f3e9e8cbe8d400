import UIKit

// Call sites for the rows issue 52's second part added to docs/KIT.md's API table (long press,
// swipe, responder touches, isMovingTo/FromParent, the navigation bar's hidden state, the tab bar
// controller, traits, safe areas and margins, autoresizing, visual effect views), written from
// Apple's documented declarations with their labels, defaults and result types pinned.

extension DeclaredCallSites {
    static func pressAndSwipe(_ view: UIView) {
        let press = UILongPressGestureRecognizer(target: nil, action: nil)
        press.minimumPressDuration = 0.5 as TimeInterval
        press.allowableMovement = 10 as CGFloat
        press.numberOfTouchesRequired = 1
        press.numberOfTapsRequired = 0
        let swipe = UISwipeGestureRecognizer(target: nil, action: nil)
        swipe.direction = [.left, .right]
        let _: UISwipeGestureRecognizer.Direction = .up
        swipe.numberOfTouchesRequired = 1
        swipe.cancelsTouchesInView = false
        swipe.delaysTouchesBegan = false
        swipe.delaysTouchesEnded = true
        view.addGestureRecognizer(press)
        view.addGestureRecognizer(swipe)
    }

    /// UIResponder's touches methods as a view subclass overrides them.
    final class TouchedView: UIView {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesBegan(touches, with: event) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesMoved(touches, with: event) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesEnded(touches, with: event) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesCancelled(touches, with: event) }
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
        }
    }

    final class TouchedController: UIViewController {
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { super.touchesBegan(touches, with: event) }
        override func viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator) {
            super.viewWillTransition(to: size, with: coordinator)
        }
        override func traitCollectionDidChange(_ previousTraitCollection: UITraitCollection?) {
            super.traitCollectionDidChange(previousTraitCollection)
        }
        override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            let _: Bool = isMovingToParent
            let _: Bool = isMovingFromParent
        }
    }

    final class TabDelegate: NSObject, UITabBarControllerDelegate {
        func tabBarController(
            _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController, to toVC: UIViewController
        ) -> UIViewControllerAnimatedTransitioning? { nil }
        func tabBarController(
            _ tabBarController: UITabBarController, interactionControllerFor animationController: UIViewControllerAnimatedTransitioning
        ) -> UIViewControllerInteractiveTransitioning? { nil }
        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController) -> Bool { true }
        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {}
    }

    static func containers(_ navigation: UINavigationController, delegate: TabDelegate) {
        navigation.setNavigationBarHidden(true, animated: true)
        navigation.isNavigationBarHidden = false
        let tabs = UITabBarController()
        tabs.viewControllers = [UIViewController(), UIViewController()]
        tabs.setViewControllers([UIViewController()], animated: false)
        tabs.selectedIndex = 0
        let _: UIViewController? = tabs.selectedViewController
        let _: [UIViewController]? = tabs.viewControllers
        tabs.delegate = delegate
        let _: UITabBarController? = UIViewController().tabBarController
    }

    static func environment(_ view: UIView, _ controller: UIViewController) {
        let traits: UITraitCollection = controller.traitCollection
        let _: UIUserInterfaceSizeClass = traits.horizontalSizeClass
        let _: UIUserInterfaceSizeClass = traits.verticalSizeClass
        let _: CGFloat = traits.displayScale
        let _: UIUserInterfaceStyle = traits.userInterfaceStyle
        let _: UITraitEnvironmentLayoutDirection = traits.layoutDirection
        let _: UITraitCollection = view.traitCollection
        let _: UIEdgeInsets = view.safeAreaInsets
        let _: UILayoutGuide = view.safeAreaLayoutGuide
        view.layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
        view.insetsLayoutMarginsFromSafeArea = true
        let _: UILayoutGuide = view.layoutMarginsGuide
        let _: CGRect = view.bounds.inset(by: view.safeAreaInsets)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        let _: UIView.AutoresizingMask = .flexibleLeftMargin
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .dark))
        blur.effect = nil
        let _: UIView = blur.contentView
        let _: UIVisualEffect? = blur.effect
        view.addSubview(blur)
    }
}
