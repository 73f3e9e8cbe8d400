import ReelKit
import Testing

/// `observe(\.frame, options:changeHandler:)` on views: reported at each set that changes the
/// value, with the old and new values asked for; none after invalidate or once the observation is freed.
@Suite @MainActor struct KeyValueObservingTests {
    final class Card: UIView {}

    @Test func aFrameObservationSeesEachChangeUntilInvalidated() {
        let card = Card(frame: CGRect(x: 0, y: 400, width: 390, height: 444))
        var changes: [(CGFloat?, CGFloat?)] = []
        let observation = card.observe(\.frame, options: [.old, .new]) { view, change in
            changes.append((change.oldValue?.origin.y, change.newValue?.origin.y))
        }
        card.frame.origin.y = 500
        card.frame.origin.y = 500
        card.center = CGPoint(x: card.center.x, y: card.center.y + 10)
        #expect(changes.count == 2, "a set to the same value is not a change")
        #expect(changes.first! == (400, 500))
        #expect(changes.last! == (500, 510), "center moves the frame")
        observation.invalidate()
        card.frame.origin.y = 0
        #expect(changes.count == 2)
    }

    @Test func alphaWithInitialAndAFreedObservation() {
        let view = UIView()
        var seen: [CGFloat?] = []
        var observation: NSKeyValueObservation? = view.observe(\.alpha, options: [.initial, .new]) { _, change in
            seen.append(change.newValue)
        }
        view.alpha = 0.5
        #expect(seen == [1, 0.5])
        _ = observation
        observation = nil
        view.alpha = 0.2
        #expect(seen == [1, 0.5], "freed: no more reports")
    }
}
