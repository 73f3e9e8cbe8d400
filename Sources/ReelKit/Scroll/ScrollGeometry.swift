import ReelTiming

/// A scroll view's geometry: its adjusted insets, the range its offset rests in, and the rubber
/// band a drag past an edge shows.
enum ScrollGeometry {
    /// Apple's `contentInsetAdjustmentBehavior`: `.never` adds nothing, `.always` the four safe
    /// area insets, `.scrollableAxes` those of the axes the content scrolls along (longer than the
    /// bounds, or always bouncing), `.automatic` as `.scrollableAxes` plus the top and bottom when
    /// the scroll view is inside a navigation controller.
    static func adjustedInset(of view: UIScrollView) -> UIEdgeInsets {
        let own = view.contentInset
        let behavior = view.contentInsetAdjustmentBehavior
        if behavior == .never { return own }
        let safe = view.safeAreaInsets
        var vertical = behavior == .always || view.contentSize.height > view.frame.height || view.alwaysBounceVertical
        let horizontal = behavior == .always || view.contentSize.width > view.frame.width || view.alwaysBounceHorizontal
        if behavior == .automatic, view.enclosingController?.navigationController != nil { vertical = true }
        return UIEdgeInsets(
            top: own.top + (vertical ? safe.top : 0), left: own.left + (horizontal ? safe.left : 0),
            bottom: own.bottom + (vertical ? safe.bottom : 0), right: own.right + (horizontal ? safe.right : 0))
    }

    /// Where the offset rests, per axis: from -inset.left (top) to contentSize + inset - bounds,
    /// never below the start (content shorter than the bounds rests at the start).
    static func offsetRange(of view: UIScrollView) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        let inset = view.adjustedContentInset
        let size = view.contentSize
        let lowX = Double(0 - inset.left)
        let lowY = Double(0 - inset.top)
        let highX = max(lowX, Double(size.width + inset.right - view.frame.width))
        let highY = max(lowY, Double(size.height + inset.bottom - view.frame.height))
        return (lowX...highX, lowY...highY)
    }

    /// The offset a drag shows for the unbanded offset `value`: inside the range as it is; past an
    /// edge the rubber band (with `bounces`, extent the bounds' length), else the edge.
    static func banded(_ value: Double, range: ClosedRange<Double>, extent: Double, bounces: Bool) -> Double {
        let edge = min(max(value, range.lowerBound), range.upperBound)
        guard value != edge else { return value }
        guard bounces, extent > 0 else { return edge }
        let band = RubberBand.distance(abs(value - edge), extent: extent, coefficient: ScrollPhysics.rubberBandCoefficient)
        return value > edge ? edge + band : edge - band
    }

    /// The unbanded offset that shows `offset` (the inverse of `banded`, per axis); an offset past
    /// the band's reach (set by code) stands for itself.
    static func unbanded(_ offset: CGPoint, in view: UIScrollView) -> CGPoint {
        let range = offsetRange(of: view)
        func axis(_ value: Double, _ range: ClosedRange<Double>, _ extent: Double) -> Double {
            let edge = min(max(value, range.lowerBound), range.upperBound)
            let shown = abs(value - edge)
            guard view.bounces, shown > 0, shown < extent else { return value }
            let pull = RubberBand.pull(showing: shown, extent: extent, coefficient: ScrollPhysics.rubberBandCoefficient)
            return value > edge ? edge + pull : edge - pull
        }
        return CGPoint(
            x: axis(Double(offset.x), range.x, Double(view.frame.width)), y: axis(Double(offset.y), range.y, Double(view.frame.height)))
    }
}

extension UIView {
    /// The controller whose view is this view or its nearest ancestor with one.
    var enclosingController: UIViewController? {
        var current: UIView? = self
        while let view = current {
            if let owner = view.owningController { return owner }
            current = view.superview
        }
        return nil
    }
}
