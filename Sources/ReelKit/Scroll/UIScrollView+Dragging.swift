import ReelTiming

/// What the scroll view's pan does (UIKit's `handlePan:`): at `.began` the content stops and the
/// delegate hears `scrollViewWillBeginDragging`; while the finger moves the offset is the drag's
/// start minus the translation along each draggable axis, rubber-banded past an edge; at the lift
/// the delegate may change where the content will rest (`scrollViewWillEndDragging`), then the
/// content decelerates there, or bounces back to the edge it was pulled past (ScrollMotion.swift).
extension UIScrollView {
    func panChanged() {
        switch pan.state {
        case .began:
            stopMotion()
            dragOrigin = ScrollGeometry.unbanded(boundsOrigin, in: self)
            delegate?.scrollViewWillBeginDragging(self)
            drag()
        case .changed:
            drag()
        case .ended:
            endDragging(fingerVelocity: pan.velocity(in: self))
        case .cancelled:
            endDragging(fingerVelocity: .zero)
        default:
            break
        }
    }

    /// A finger landed: a moving content stops where it is (UIKit: a touch catches a deceleration).
    func fingerLanded() {
        fingerDown = true
        stopMotion()
    }

    /// The offset for the pan's translation: start - translation per draggable axis, banded.
    private func drag() {
        guard let dragOrigin else { return }
        let translation = pan.translation(in: self)
        let axes = draggableAxes
        let range = ScrollGeometry.offsetRange(of: self)
        var offset = boundsOrigin
        if axes.x {
            offset.x = ScrollGeometry.banded(
                Double(dragOrigin.x - translation.x), range: range.x, extent: Double(frame.width), bounces: bounces)
        }
        if axes.y {
            offset.y = ScrollGeometry.banded(
                Double(dragOrigin.y - translation.y), range: range.y, extent: Double(frame.height), bounces: bounces)
        }
        applyingDrag = true
        setBoundsOrigin(offset)
        applyingDrag = false
    }

    /// The lift: the delegate's `scrollViewWillEndDragging` with the content's velocity (points per
    /// millisecond) and where it would rest (the projection (v / 1000) d / (1 - d), within the
    /// edges; the edge when pulled past it), then the motion there, `scrollViewDidEndDragging`, and
    /// `scrollViewWillBeginDecelerating` when the content moves on.
    private func endDragging(fingerVelocity: CGPoint) {
        dragOrigin = nil
        guard let runtime = KitRuntime.current else { return }
        let axes = draggableAxes
        // The content moves against the finger.
        let velocity = CGPoint(x: axes.x ? -fingerVelocity.x : 0, y: axes.y ? -fingerVelocity.y : 0)
        guard velocity.x.isFinite, velocity.y.isFinite else {
            runtime.fail(
                KitFailure(
                    message:
                        "scroll view '\(traceKey)': the drag ended at a velocity of (\(velocity.x), \(velocity.y)) pt/s (not a finite number)"
                ))
            return
        }
        let range = ScrollGeometry.offsetRange(of: self)
        let rate = ReelTiming.DecelerationRate(rawValue: Double(decelerationRate.rawValue))
        let released = boundsOrigin
        let proposed = CGPoint(
            x: ScrollMotion.restingOffset(Double(released.x), velocity: Double(velocity.x), range: range.x, rate: rate),
            y: ScrollMotion.restingOffset(Double(released.y), velocity: Double(velocity.y), range: range.y, rate: rate))
        var target = proposed
        withUnsafeMutablePointer(to: &target) { pointer in
            delegate?.scrollViewWillEndDragging(
                self, withVelocity: CGPoint(x: velocity.x / 1000, y: velocity.y / 1000), targetContentOffset: pointer)
        }
        guard runtime.failure == nil else { return }
        guard target.x.isFinite, target.y.isFinite else {
            runtime.fail(
                KitFailure(
                    message:
                        "scroll view '\(traceKey)': scrollViewWillEndDragging set targetContentOffset to (\(target.x), \(target.y)) (not a finite number)"
                ))
            return
        }
        let motion = ScrollMotion.release(
            from: released, velocity: velocity, proposed: proposed, target: target, range: range, rate: rate,
            extent: (Double(frame.width), Double(frame.height)), bounces: bounces, at: runtime.now)
        if let motion {
            if let duration = motion.duration, duration > KitLimits.timeCap {
                runtime.fail(
                    KitFailure(
                        message:
                            "scroll view '\(traceKey)': the content released at (\(velocity.x), \(velocity.y)) pt/s toward (\(target.x), \(target.y)) "
                            + "would move for \(duration) s, more than the session's time cap (\(KitLimits.timeCap) s)"))
                return
            }
            start(motion, in: runtime)
        }
        delegate?.scrollViewDidEndDragging(self, willDecelerate: motion != nil)
        if motion != nil { delegate?.scrollViewWillBeginDecelerating(self) }
    }
}
