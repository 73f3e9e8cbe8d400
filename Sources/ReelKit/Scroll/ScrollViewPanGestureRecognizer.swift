import ReelGestures

/// A scroll view's own pan (UIKit's UIScrollViewPanGestureRecognizer): the built-in pan, which may
/// begin only along the axes the scroll view can be dragged along as the finger lands (neither:
/// it never begins), and which tells the scroll view when fingers land (a moving content stops,
/// `isTracking`) and when the last one lifts. Named `<scroll view>.pan` in gesture events.
final class ScrollViewPanGestureRecognizer: UIPanGestureRecognizer {
    @exclusivity(unchecked) weak var scrollView: UIScrollView?

    override var defaultName: String { (scrollView?.traceKey ?? "scrollView") + ".pan" }

    override func sequenceBegan() {
        super.sequenceBegan()
        let axes: (x: Bool, y: Bool) = scrollView?.draggableAxes ?? (false, false)
        let axis: PanAxis = axes.x && axes.y ? .none : axes.x ? .horizontal : .vertical
        pan = UIPanGestureRecognizer.makePan(
            minimum: minimumNumberOfTouches, maximum: maximumNumberOfTouches, axis: axis, begins: axes.x || axes.y)
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        scrollView?.fingerLanded()
    }

    override func reset() {
        super.reset()
        scrollView?.fingerDown = false
    }
}
