import ReelKit
import Testing

/// Constraint systems laid out by ReelKit, the expected frames solved by hand from the equations
/// (Apple's NSLayoutConstraint: first.attribute = multiplier × second.attribute + constant).
@Suite @MainActor struct AutoLayoutConstraintTests {
    static func root() -> UIView { UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844)) }

    static func child(of root: UIView, _ name: String = "child") -> UIView {
        let view = UIView()
        view.accessibilityIdentifier = name
        view.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(view)
        return view
    }

    @Test func aViewPinnedToItsSuperviewsEdges() {
        let root = Self.root()
        let view = Self.child(of: root)
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16),
            view.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -16),
            view.topAnchor.constraint(equalTo: root.topAnchor, constant: 20), view.heightAnchor.constraint(equalToConstant: 100),
        ])
        root.layoutIfNeeded()
        // x = 16; x + w = 390 - 16 so w = 358; y = 20; h = 100.
        #expect(view.frame == CGRect(x: 16, y: 20, width: 390 - 32, height: 100))
        #expect(UIView().translatesAutoresizingMaskIntoConstraints)
    }

    @Test func aCentredViewWithMultipliersAndItsSubviewInItsCoordinates() {
        let root = Self.root()
        let view = Self.child(of: root)
        let inner = Self.child(of: view, "inner")
        NSLayoutConstraint.activate([
            view.centerXAnchor.constraint(equalTo: root.centerXAnchor), view.centerYAnchor.constraint(equalTo: root.centerYAnchor),
            view.widthAnchor.constraint(equalTo: root.widthAnchor, multiplier: 0.5),
            view.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.25, constant: 10),
            inner.leftAnchor.constraint(equalTo: view.leftAnchor, constant: 5), inner.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            inner.widthAnchor.constraint(equalToConstant: 30), inner.heightAnchor.constraint(equalToConstant: 40),
        ])
        root.layoutIfNeeded()
        // w = 390 / 2; h = 844 / 4 + 10; x + w / 2 = 390 / 2; y + h / 2 = 844 / 2.
        let w = 390.0 * 0.5
        let h = 844.0 * 0.25 + 10
        #expect(view.frame == CGRect(x: 195 - w / 2, y: 422 - h / 2, width: w, height: h))
        // The inner view's frame is in its superview's coordinates: x = 5, y + 40 = h.
        #expect(inner.frame == CGRect(x: 5, y: h - 40, width: 30, height: 40))
    }

    @Test func inequalitiesWithPriorities() {
        let root = Self.root()
        let view = Self.child(of: root)
        let wide = view.widthAnchor.constraint(equalToConstant: 350)
        wide.priority = .defaultHigh
        let narrow = view.widthAnchor.constraint(equalToConstant: 200)
        narrow.priority = .defaultLow
        NSLayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: root.leftAnchor), view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10), view.widthAnchor.constraint(lessThanOrEqualToConstant: 300),
            view.widthAnchor.constraint(greaterThanOrEqualToConstant: 100), wide, narrow,
        ])
        root.layoutIfNeeded()
        // 100 <= w <= 300 required; cost 750 |w - 350| + 250 |w - 200| falls (slope -750 + 250) up to the bound: w = 300.
        #expect(view.frame.width == 300)
        // Swapped priorities: cost 250 |w - 350| + 750 |w - 200| is least at 200.
        wide.priority = .defaultLow
        narrow.priority = .defaultHigh
        root.layoutIfNeeded()
        #expect(view.frame.width == 200)
    }

    final class Label: UIView {
        override var intrinsicContentSize: CGSize { CGSize(width: 100, height: 40) }
    }

    @Test func intrinsicSizeWithHuggingAgainstCompressionResistance() {
        let root = Self.root()
        let label = Label()
        label.translatesAutoresizingMaskIntoConstraints = false
        root.addSubview(label)
        let stretch = label.widthAnchor.constraint(greaterThanOrEqualToConstant: 150)
        stretch.priority = UILayoutPriority(500)
        NSLayoutConstraint.activate([
            label.leftAnchor.constraint(equalTo: root.leftAnchor, constant: 20), label.topAnchor.constraint(equalTo: root.topAnchor),
            stretch,
        ])
        root.layoutIfNeeded()
        // Hugging (w <= 100) at 250 loses to w >= 150 at 500: w = 150; the height is intrinsic (40).
        #expect(label.frame == CGRect(x: 20, y: 0, width: 150, height: 40))
        #expect(label.contentHuggingPriority(for: .horizontal) == .defaultLow)
        #expect(label.contentCompressionResistancePriority(for: .horizontal) == .defaultHigh)
        stretch.isActive = false
        let squeeze = label.widthAnchor.constraint(lessThanOrEqualToConstant: 60)
        squeeze.priority = UILayoutPriority(500)
        squeeze.isActive = true
        root.layoutIfNeeded()
        // Compression resistance (w >= 100) at 750 beats w <= 60 at 500.
        #expect(label.frame.width == 100)
        label.setContentCompressionResistancePriority(.defaultLow, for: .horizontal)
        root.layoutIfNeeded()
        // Now 250 < 500: w = 60.
        #expect(label.frame.width == 60)
    }

    @Test func leadingAndTrailingFollowTheLayoutDirection() {
        let root = Self.root()
        let view = Self.child(of: root)
        view.semanticContentAttribute = .forceRightToLeft
        root.semanticContentAttribute = .forceRightToLeft
        NSLayoutConstraint.activate([
            view.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 16), view.widthAnchor.constraint(equalToConstant: 100),
            view.topAnchor.constraint(equalTo: root.topAnchor), view.heightAnchor.constraint(equalToConstant: 10),
        ])
        root.layoutIfNeeded()
        // Right to left: leading is the right edge and the constant runs leftwards: x + 100 = 390 - 16.
        #expect(abs(view.frame.minX - (390 - 16 - 100)) < 1e-9)
    }

    @Test func aTranslatedFrameIsHeldAndAGuideIsSolved() {
        let root = Self.root()
        let fixed = UIView(frame: CGRect(x: 10, y: 30, width: 50, height: 60))
        root.addSubview(fixed)
        let guide = UILayoutGuide()
        root.addLayoutGuide(guide)
        let view = Self.child(of: root)
        NSLayoutConstraint.activate([
            guide.leftAnchor.constraint(equalTo: fixed.rightAnchor), guide.rightAnchor.constraint(equalTo: root.rightAnchor),
            guide.topAnchor.constraint(equalTo: fixed.bottomAnchor), guide.heightAnchor.constraint(equalToConstant: 0),
            view.centerXAnchor.constraint(equalTo: guide.centerXAnchor), view.topAnchor.constraint(equalTo: guide.topAnchor),
            view.widthAnchor.constraint(equalToConstant: 20), view.heightAnchor.constraint(equalToConstant: 20),
        ])
        root.layoutIfNeeded()
        // The guide runs from fixed's right (60) to 390 at y = 90; the view centres on it: x = (60 + 390) / 2 - 10.
        #expect(fixed.frame == CGRect(x: 10, y: 30, width: 50, height: 60))
        #expect(guide.layoutFrame == CGRect(x: 60, y: 90, width: 330, height: 0))
        #expect(view.frame == CGRect(x: (60 + 390) / 2 - 10, y: 90, width: 20, height: 20))
    }

    @Test func anUnsatisfiablePairBreaksTheConstraintAddedLast() {
        let root = Self.root()
        let view = Self.child(of: root)
        let first = view.widthAnchor.constraint(equalToConstant: 100)
        let second = view.widthAnchor.constraint(equalToConstant: 200)
        NSLayoutConstraint.activate([
            view.leftAnchor.constraint(equalTo: root.leftAnchor), view.topAnchor.constraint(equalTo: root.topAnchor),
            view.heightAnchor.constraint(equalToConstant: 10), first, second,
        ])
        root.layoutIfNeeded()
        #expect(view.frame.width == 100)
        #expect(second.isBroken && !first.isBroken)
    }
}
