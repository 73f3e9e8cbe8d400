import ReelTiming

/// UIScrollView: a view whose bounds' origin is its `contentOffset`, dragged by its own
/// `panGestureRecognizer` (the built-in pan: 10 pt hysteresis, UIKit's smoothed velocity),
/// rubber-banding past its edges while dragged (`bounces`), decelerating after the lift at
/// `decelerationRate` per millisecond and bouncing back to an edge, with UIKit's delegate calls.
/// Its subviews sit in content coordinates: a subview at y = 900 of a scroll view scrolled to
/// y = 600 shows 300 pt below the scroll view's top. The rules and their sources: docs/KIT.md
/// ("Scroll views").
///
/// ```swift
/// let list = UIScrollView(frame: sheet.bounds)
/// list.contentSize = CGSize(width: 390, height: 2_000)
/// list.delegate = self                       // scrollViewDidScroll, ...WillEndDragging, ...
/// sheet.addSubview(list)
/// list.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
/// ```
@MainActor open class UIScrollView: UIView {
    /// The velocity's factor per millisecond once the finger lifts (Apple: `.normal` 0.998, `.fast` 0.99).
    public nonisolated struct DecelerationRate: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// 0.998 per millisecond.
        public static let normal = DecelerationRate(rawValue: 0.998)
        /// 0.99 per millisecond.
        public static let fast = DecelerationRate(rawValue: 0.99)
    }

    /// Which safe-area edges `adjustedContentInset` adds to `contentInset` (UIKit's raw values).
    public nonisolated enum ContentInsetAdjustmentBehavior: Int, Sendable {
        /// As `scrollableAxes`, and the top and bottom always inside a navigation controller.
        case automatic = 0
        /// The edges of the axes the content scrolls along (taller or wider than the bounds, or always bouncing).
        case scrollableAxes = 1
        /// None: `adjustedContentInset == contentInset`.
        case never = 2
        /// All four.
        case always = 3
    }

    /// Told of scrolling, dragging and deceleration (UIScrollViewDelegate.swift).
    @exclusivity(unchecked) public weak var delegate: UIScrollViewDelegate?
    @exclusivity(unchecked) public var bounces = true
    /// Vertical drags rubber-band even when the content is not taller than the bounds (with `bounces`).
    @exclusivity(unchecked) public var alwaysBounceVertical = false
    /// Horizontal drags rubber-band even when the content is not wider than the bounds (with `bounces`).
    @exclusivity(unchecked) public var alwaysBounceHorizontal = false
    @exclusivity(unchecked) public var decelerationRate: DecelerationRate = .normal
    @exclusivity(unchecked) public var contentInsetAdjustmentBehavior: ContentInsetAdjustmentBehavior = .automatic
    /// Whether the pan drags the content (false: the scroll view's pan is disabled).
    @exclusivity(unchecked) public var isScrollEnabled = true { didSet { pan.isEnabled = isScrollEnabled } }

    @exclusivity(unchecked) private var size = CGSize.zero
    @exclusivity(unchecked) private var inset = UIEdgeInsets.zero
    /// The scroll view's own pan; its action drags the content (UIScrollView+Dragging.swift).
    let pan = ScrollViewPanGestureRecognizer()
    /// While dragged: the unbanded offset the drag started from (the offset is this - translation, banded).
    @exclusivity(unchecked) var dragOrigin: CGPoint?
    /// The drag itself is setting the offset (a set by anyone else re-bases `dragOrigin`).
    @exclusivity(unchecked) var applyingDrag = false
    /// The content moving on its own after a lift or `setContentOffset(_:animated: true)` (ScrollMotion.swift).
    @exclusivity(unchecked) var motion: ScrollMotion?
    /// A finger is down on the scroll view (its pan has a finger).
    @exclusivity(unchecked) var fingerDown = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
        pan.scrollView = self
        pan.addTarget { [weak self] _ in self?.panChanged() }
        addGestureRecognizer(pan)
    }

    /// The scroll view's pan gesture recognizer (UIKit's UIScrollViewPanGestureRecognizer): add
    /// `require(toFail:)` or simultaneous recognition against it from your own recognizers.
    public var panGestureRecognizer: UIPanGestureRecognizer { pan }

    /// The point of the content at the scroll view's top-left corner: its bounds' origin. Setting
    /// it moves the content at once (stopping a deceleration) and tells `scrollViewDidScroll`.
    public var contentOffset: CGPoint {
        get { boundsOrigin }
        set { setContentOffset(newValue, animated: false) }
    }

    /// The content's size; a NaN or infinite one stops the session with an error naming it.
    public var contentSize: CGSize {
        get { size }
        set {
            guard finite("contentSize", [("width", newValue.width), ("height", newValue.height)]) else { return }
            size = newValue
        }
    }

    /// Extra room around the content, in points (a NaN or infinite edge is a session error).
    public var contentInset: UIEdgeInsets {
        get { inset }
        set {
            let edges = [("top", newValue.top), ("left", newValue.left), ("bottom", newValue.bottom), ("right", newValue.right)]
            guard finite("contentInset", edges) else { return }
            inset = newValue
        }
    }

    /// `contentInset` plus the safe area insets `contentInsetAdjustmentBehavior` adds.
    public var adjustedContentInset: UIEdgeInsets { ScrollGeometry.adjustedInset(of: self) }

    /// A finger is on the scroll view (from its landing to its lift, dragging or not).
    public var isTracking: Bool { fingerDown }
    /// The pan is dragging the content.
    public var isDragging: Bool { dragOrigin != nil }
    /// The content moves on its own after a lift (decelerating or bouncing back).
    public var isDecelerating: Bool { motion?.kind == .deceleration }

    /// Moves the content to `contentOffset`: at once, or with an animation
    /// (`ScrollPhysics.animationDuration`, ease in-out) ending with `scrollViewDidEndScrollingAnimation`.
    public func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        guard finite("contentOffset", [("x", contentOffset.x), ("y", contentOffset.y)]) else { return }
        stopMotion()
        if animated, contentOffset != boundsOrigin, let runtime = KitRuntime.current {
            start(ScrollMotion.animation(from: boundsOrigin, to: contentOffset, at: runtime.now), in: runtime)
            return
        }
        setBoundsOrigin(contentOffset)
    }

    /// Scrolls the least distance that shows `rect` (content coordinates), within the content's edges.
    public func scrollRectToVisible(_ rect: CGRect, animated: Bool) {
        let range = ScrollGeometry.offsetRange(of: self)
        func axis(_ offset: CGFloat, _ length: CGFloat, _ low: CGFloat, _ high: CGFloat, _ range: ClosedRange<Double>) -> CGFloat {
            var wanted = offset
            if high - low > length || low < offset {
                wanted = low
            } else if high > offset + length {
                wanted = high - length
            }
            return min(max(wanted, range.lowerBound), range.upperBound)
        }
        let target = CGPoint(
            x: axis(boundsOrigin.x, frame.width, rect.minX, rect.maxX, range.x),
            y: axis(boundsOrigin.y, frame.height, rect.minY, rect.maxY, range.y))
        setContentOffset(target, animated: animated)
    }

    override func boundsOriginChanged() {
        if let dragOrigin, !applyingDrag {
            // Someone moved the content while it is dragged: the drag continues from there.
            let translation = pan.translation(in: self)
            let unbanded = ScrollGeometry.unbanded(boundsOrigin, in: self)
            self.dragOrigin = CGPoint(
                x: draggableAxes.x ? unbanded.x + translation.x : dragOrigin.x,
                y: draggableAxes.y ? unbanded.y + translation.y : dragOrigin.y)
        }
        delegate?.scrollViewDidScroll(self)
    }

    /// The axes a drag moves the content along: enabled, and the content (with its insets) longer
    /// than the bounds, or always bouncing along it.
    var draggableAxes: (x: Bool, y: Bool) {
        guard isScrollEnabled else { return (false, false) }
        let inset = adjustedContentInset
        return (
            size.width + inset.left + inset.right > frame.width || (alwaysBounceHorizontal && bounces),
            size.height + inset.top + inset.bottom > frame.height || (alwaysBounceVertical && bounces)
        )
    }

    /// Starts the content moving on its own (a display tick advances it).
    func start(_ motion: ScrollMotion, in runtime: KitRuntime) {
        self.motion = motion
        if !runtime.movingScrollViews.contains(where: { $0 === self }) { runtime.movingScrollViews.append(self) }
    }

    /// Stops the content where it is (a finger landed, or the offset was set).
    func stopMotion() {
        guard motion != nil else { return }
        motion = nil
        KitRuntime.current?.movingScrollViews.removeAll { $0 === self }
    }

    /// What the content is doing, for the time cap's message.
    var motionDescription: String { motion?.description ?? "at rest" }

    /// Whether every value is finite; else the session stops with an error naming the first that is not.
    private func finite(_ property: String, _ values: [(String, CGFloat)]) -> Bool {
        guard let bad = values.first(where: { !$0.1.isFinite }) else { return true }
        let runtime = KitRuntime.current
        runtime?.fail(
            KitFailure(
                message:
                    "scroll view '\(traceKey)' set \(property).\(bad.0) to \(bad.1) at t = \(runtime?.now ?? 0) s (not a finite number)"))
        return false
    }
}

extension UIView {
    /// What the traces' `content_offset_x` / `content_offset_y` show for this view: its bounds'
    /// origin, which for a scroll view is its `contentOffset` (set at once, never animated, so the
    /// model value is the one on screen); (0, 0) for other views unless their bounds' origin was set.
    var traceContentOffset: CGPoint { boundsOrigin }
}
