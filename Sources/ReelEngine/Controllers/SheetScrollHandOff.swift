/// A scroll view filling the sheet, whose pan the sheet shares (D26 `_UISheetInteraction
/// _scrollView:adjustedUnconstrainedOffsetForUnconstrainedOffset:...` and
/// `_shouldInteractWithDescendentScrollView:startOffset:maxTopOffset:`): each movement of the
/// finger goes to the content or to the sheet. Moving down, the content scrolls until its top edge,
/// then the overscroll moves the sheet; moving up with `prefersScrollingExpandsWhenScrolledToEdge`,
/// the sheet rises to its largest detent first and the content scrolls with the rest.
struct SheetScrollHandOff: Sendable, Hashable {
    /// The content's offset from its top edge (0 = scrolled to the top), points.
    private(set) var contentOffset: Double
    /// The largest offset: content height less the large sheet's height.
    let maximumOffset: Double
    let contentHeight: Double
    /// `prefersScrollingExpandsWhenScrolledToEdge`.
    let expandsAtEdge: Bool
    /// The large detent's value, where expanding stops.
    let largeValue: Double
    /// A pan beginning sooner than this after the previous one ended leaves the sheet alone while
    /// it is at rest (MinimumSheetSwipeInterval, 0.4 s).
    let minimumSwipeInterval: Double
    /// Whether the sheet takes part in the current pan.
    private(set) var sheetInteracts = true
    private var lastPanEnd: Double?

    /// The content view's key in frames.
    static func contentKey(_ presented: String) -> String { presented + ".content" }

    init(profile: EngineProfile, largeValue: Double) {
        contentHeight = profile.number(.sheetdetentContentHeight)
        maximumOffset = max(contentHeight - largeValue, 0)
        contentOffset = min(profile.number(.sheetdetentContentOffset), maximumOffset)
        expandsAtEdge = profile.bool(.sheetdetentScrollingExpands)
        self.largeValue = largeValue
        minimumSwipeInterval = profile.number(.sheetdetentMinimumSwipeInterval)
    }

    /// The content's frame inside the sheet's frame, in window points.
    func contentFrame(sheet: Rect) -> Rect {
        Rect(x: sheet.x, y: sheet.y - contentOffset, w: sheet.w, h: contentHeight)
    }

    /// A pan begins at `t`: a quick successive swipe (within the minimum interval of the last one)
    /// scrolls only, unless the sheet's spring is still running.
    mutating func panBegan(at t: Double, sheetAnimating: Bool) {
        let quick = lastPanEnd.map { t - $0 < minimumSwipeInterval } ?? false
        sheetInteracts = !quick || sheetAnimating
    }

    mutating func panEnded(at t: Double) { lastPanEnd = t }

    /// The finger moved `fingerDelta` points (down positive) with the sheet's unconstrained value
    /// at `sheetValue`: scrolls the content by its share and returns the sheet's (value change,
    /// upwards positive).
    mutating func step(fingerDelta: Double, sheetValue: Double) -> Double {
        let proposed = contentOffset - fingerDelta
        guard sheetInteracts else {
            contentOffset = min(max(proposed, 0), maximumOffset)
            return 0
        }
        if proposed < 0 {
            // Pulled past the top edge: the overscroll moves the sheet down.
            contentOffset = 0
            return proposed
        }
        if proposed > contentOffset, expandsAtEdge {
            // Moving up: the sheet rises to its largest detent first.
            let room = max(largeValue - sheetValue, 0)
            let rise = proposed - contentOffset
            if rise <= room { return rise }
            contentOffset = min(proposed - room, maximumOffset)
            return room
        }
        contentOffset = min(proposed, maximumOffset)
        return 0
    }
}
