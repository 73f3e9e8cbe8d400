/// The horizontal scroll view in a content-pop scenario's content (`ScenarioSpec.contentScroll`):
/// its content offset and content width along x, points. Its bounds are the screen's width and
/// its minimum offset is 0 (no insets).
public struct ContentScrollSpec: Sendable, Hashable, Codable {
    /// `contentOffset.x`, points.
    public var offset: Double
    /// `contentSize.width`, points.
    public var contentWidth: Double

    public init(offset: Double, contentWidth: Double) {
        self.offset = offset
        self.contentWidth = contentWidth
    }

    /// Whether the scroll view can scroll the content towards `back`'s side: a swipe travelling
    /// rightwards (`back` = +1) scrolls towards offset 0, leftwards (-1) towards the maximum offset.
    /// D26 `_UIParallaxTransitionPanGestureRecognizer _needsDynamicDependentRequirementForGestureRecognizer:`:
    /// a scroll view that cannot scroll in x, or sits at its minimum offset (left edge) or maximum
    /// (right edge), waits for the back swipe to fail; otherwise its pan, which begins first, wins.
    func canScroll(travelling back: Double, boundsWidth: Double) -> Bool {
        let maximum = contentWidth - boundsWidth
        guard maximum > 0 else { return false }
        return back > 0 ? offset > 0 : offset < maximum
    }
}
