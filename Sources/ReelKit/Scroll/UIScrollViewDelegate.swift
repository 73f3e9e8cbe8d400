/// UIScrollViewDelegate; every method is optional (empty defaults, as UIKit's).
///
/// ```swift
/// func scrollViewWillEndDragging(
///     _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
/// ) {
///     targetContentOffset.pointee.y = (targetContentOffset.pointee.y / 100).rounded() * 100  // snap to rows
/// }
/// ```
@MainActor public protocol UIScrollViewDelegate: AnyObject {
    /// The content offset changed (a drag, a deceleration, a bounce, an animation, or a set).
    func scrollViewDidScroll(_ scrollView: UIScrollView)
    /// The pan began dragging the content.
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView)
    /// The finger lifts: `velocity` is the content's, points per millisecond; `targetContentOffset`
    /// is where the content will rest, and the delegate may change it.
    func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>)
    /// The drag ended; `decelerate` tells whether the content moves on (decelerating or bouncing back).
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool)
    /// The content starts moving on its own after the lift.
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView)
    /// The deceleration (or bounce back) came to rest.
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView)
    /// `setContentOffset(_:animated: true)` or `scrollRectToVisible(_:animated: true)` finished.
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView)
}

extension UIScrollViewDelegate {
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {}
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {}
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
    public func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
    public func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
}
