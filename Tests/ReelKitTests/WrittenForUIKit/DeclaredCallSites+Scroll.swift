import UIKit

// Call sites for the scroll view rows of docs/KIT.md's API table (UIScrollView, its delegate,
// UITableView, UICollectionView), written from Apple's documented declarations with their labels,
// defaults and result types pinned.

extension DeclaredCallSites {
    /// A scroll view's properties and methods as a team's code calls them; returns the scroll view.
    static func scrollViews(in view: UIView, delegate: UIScrollViewDelegate) -> UIScrollView {
        let scrollView = UIScrollView(frame: view.bounds)
        scrollView.contentSize = CGSize(width: 390, height: 2_000)
        scrollView.contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 20, right: 0)
        let _: UIEdgeInsets = scrollView.adjustedContentInset
        scrollView.contentInsetAdjustmentBehavior = .never
        let _: UIScrollView.ContentInsetAdjustmentBehavior = .scrollableAxes
        scrollView.bounces = true
        scrollView.alwaysBounceVertical = true
        scrollView.alwaysBounceHorizontal = false
        scrollView.isScrollEnabled = true
        scrollView.decelerationRate = .fast
        scrollView.decelerationRate = UIScrollView.DecelerationRate.normal
        let _: CGFloat = scrollView.decelerationRate.rawValue
        let _: Bool = scrollView.isTracking
        let _: Bool = scrollView.isDragging
        let _: Bool = scrollView.isDecelerating
        let pan: UIPanGestureRecognizer = scrollView.panGestureRecognizer
        let _: CGPoint = pan.translation(in: scrollView)
        scrollView.delegate = delegate
        scrollView.contentOffset = CGPoint(x: 0, y: 10)
        let _: CGPoint = scrollView.contentOffset
        let _: CGSize = scrollView.contentSize
        scrollView.setContentOffset(CGPoint(x: 0, y: 20), animated: false)
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 1_000, width: 10, height: 10), animated: false)
        view.addSubview(scrollView)
        let table = UITableView(frame: .zero, style: .insetGrouped)
        let _: UITableView.Style = table.style
        let _ = UITableView(frame: .zero)
        let layout = UICollectionViewFlowLayout()
        layout.scrollDirection = .horizontal
        let collection = UICollectionView(frame: .zero, collectionViewLayout: layout)
        let _: UICollectionViewLayout = collection.collectionViewLayout
        return scrollView
    }

    /// A delegate implementing every UIScrollViewDelegate method UIKit declares that ReelKit calls.
    final class ScrollDelegate: NSObject, UIScrollViewDelegate, UITableViewDelegate, UICollectionViewDelegate {
        func scrollViewDidScroll(_ scrollView: UIScrollView) {}
        func scrollViewWillBeginDragging(_ scrollView: UIScrollView) {}
        func scrollViewWillEndDragging(
            _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
        ) {
            targetContentOffset.pointee = scrollView.contentOffset
        }
        func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {}
        func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) {}
        func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {}
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) {}
    }
}
