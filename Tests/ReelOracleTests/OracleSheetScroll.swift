/// The system sheet with a scroll view filling it (`sheet.scroll-handoff`): the scroll view's pan
/// drives the content and, at the content's top edge or while expanding, the sheet. Read from D26
/// `_UISheetInteraction _scrollView:adjustedUnconstrainedOffsetForUnconstrainedOffset:startOffset:
/// horizontalVelocity:verticalVelocity:animator:`, called with the scroll view's unconstrained offset
/// u = start offset - the pan's translation.y (content offset 300 of 2,000 pt, the catalog's; top
/// edge `_maxTopOffset` 0):
/// - `u < maxTopOffset` (`v12 < v17`): the sheet takes the overscroll, translation `v17 - v12`
///   (down), the scroll view's velocity is zeroed and the content stays at its top;
/// - `u > startOffset` with `scrollingExpandsToLargerDetentWhenScrolledToEdge` (set in `init`,
///   `v19`): the sheet rises by the upward travel while it has room to its largest detent
///   (`y - v12 >= v24`), then stays there and the content scrolls the rest;
/// - otherwise the content scrolls and a sheet already dragging gets translation 0 (`v24 = 0.0`);
/// - the sheet's drag begins (`draggingBeganFromSource:`) the first time the first two cases hold;
/// - the velocity handed to `draggingChangedInSource:` is the scroll pan's `velocityInView:` when
///   the scroll view's own `_verticalVelocity` is 0 (it was zeroed above: the sheet takes the finger),
///   else 0 (the content scrolls);
/// - the release is the sheet's (`draggingEndedInSource:` from the scroll view's pan ending):
///   `OracleSheetDetents.release` on the sheet's unconstrained value and that velocity.
///
/// Where the reading is the oracle's own: the method compares the travel since the pan's start offset,
/// so a finger that drags the sheet down past the content's top and comes back up above the point
/// where it reached the top returns the sheet to its starting detent (translation 0) and scrolls the
/// content; the engine's reading (`engineReading`) takes each step's direction instead (coming back up,
/// the sheet rises towards its largest detent first, carrying the finger's velocity). Which one UIKit
/// does hangs on `_unconstrainedPoint` + `_initialTranslation` (the sheet's point at the drag's start,
/// read here) and on when `_verticalVelocity` is 0, neither of which the decompile pins down.
struct OracleSheetScroll: OracleHandler {
    /// The catalog's scroll view: content 2,000 pt tall at offset 300 (its top edge at offset 0).
    static let contentHeight = 2000.0
    static let startOffset = 300.0
    /// The sheet the scroll view fills (resting at medium, not modal).
    var sheet = OracleSheetDetents()
    /// Whether to take the engine's reading (each step's direction) instead of the oracle's.
    let stepwise: Bool
    private var dragging = false
    private var sheetValue = OracleSheetDetents.medium
    private var velocity = 0.0
    /// Stepwise reading: the content offset and the last translation.
    private var contentOffset = OracleSheetScroll.startOffset
    private var lastTranslation = 0.0

    init(stepwise: Bool) { self.stepwise = stepwise }

    mutating func handle(_ action: OracleAction) -> OracleDecision? {
        switch action.state {
        case .began, .changed:
            if stepwise { step(action) } else { adjust(action) }
            return nil
        case .ended, .cancelled:
            guard dragging else {
                // The content alone scrolled: the sheet stays where it rests.
                return OracleDecision(finish: false, progress: nil, started: true, resting: .medium)
            }
            return sheet.release(value: sheetValue, velocity: velocity)
        case .possible, .failed:
            return nil
        }
    }

    /// `_scrollView:adjustedUnconstrainedOffsetForUnconstrainedOffset:...` on the whole travel.
    private mutating func adjust(_ action: OracleAction) {
        let u = Self.startOffset - action.translation.y
        let room = OracleSheetDetents.large - sheet.startValue
        if u < 0 {
            dragging = true
            sheetValue = sheet.startValue + u
            velocity = -action.velocity.y
        } else if u > Self.startOffset {
            dragging = true
            let rise = u - Self.startOffset
            if rise <= room {
                sheetValue = sheet.startValue + rise
                velocity = -action.velocity.y
            } else {
                sheetValue = OracleSheetDetents.large
                velocity = 0
            }
        } else if dragging {
            sheetValue = sheet.startValue
            velocity = 0
        }
    }

    /// The engine's reading: each step of the finger goes to the content or the sheet by its own
    /// direction (down: the content until its top, then the sheet; up: the sheet until its largest
    /// detent, then the content), the release carrying the pan's velocity.
    private mutating func step(_ action: OracleAction) {
        let dy = action.translation.y - lastTranslation
        lastTranslation = action.translation.y
        let maximum = max(Self.contentHeight - OracleSheetDetents.large, 0)
        let proposed = contentOffset - dy
        var sheetDelta = 0.0
        if proposed < 0 {
            contentOffset = 0
            sheetDelta = proposed
        } else if proposed > contentOffset {
            let room = max(OracleSheetDetents.large - sheetValue, 0)
            let rise = proposed - contentOffset
            if rise <= room {
                sheetDelta = rise
            } else {
                contentOffset = min(proposed - room, maximum)
                sheetDelta = room
            }
        } else {
            contentOffset = min(proposed, maximum)
        }
        if sheetDelta != 0 { dragging = true }
        guard dragging else { return }
        sheetValue += sheetDelta
        velocity = -action.velocity.y
    }
}
