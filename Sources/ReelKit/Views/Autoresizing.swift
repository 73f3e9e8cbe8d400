extension UIView {
    /// UIView.AutoresizingMask with UIKit's raw values.
    public nonisolated struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let flexibleLeftMargin = AutoresizingMask(rawValue: 1 << 0)
        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleRightMargin = AutoresizingMask(rawValue: 1 << 2)
        public static let flexibleTopMargin = AutoresizingMask(rawValue: 1 << 3)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
        public static let flexibleBottomMargin = AutoresizingMask(rawValue: 1 << 5)
    }
}

/// What a superview's resize does to subviews with an autoresizing mask (Apple's
/// `UIView.autoresizingMask`: "When more than one option along the same axis is set, the default
/// behavior is to distribute the size difference proportionally among the flexible portions. The
/// larger the flexible portion, relative to the other flexible portions, the more it is likely to
/// grow"). Per axis, the portions are the margin before the view, its size and the margin after it
/// (in the superview's old bounds); the size change is shared among the flexible ones in proportion
/// to their current values, equally when those are all zero; with none flexible the view keeps
/// its origin and size (the far margin takes the change). Views with
/// `translatesAutoresizingMaskIntoConstraints == false` are left to Auto Layout.
///
/// ```swift
/// let bar = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 44))
/// bar.autoresizingMask = [.flexibleWidth, .flexibleBottomMargin]
/// header.addSubview(bar)
/// header.frame.size.width = 600  // bar.frame.width == 600
/// ```
enum Autoresizing {
    /// The subviews' new frames after `view` went from `oldSize` to its current size.
    static func resizeSubviews(of view: UIView, from oldSize: CGSize) {
        let newSize = view.bounds.size
        guard newSize != oldSize else { return }
        for subview in view.subviews where !subview.autoresizingMask.isEmpty && subview.translatesAutoresizingMaskIntoConstraints {
            let frame = subview.frame
            let x = share(
                before: frame.minX, size: frame.width, after: oldSize.width - frame.maxX, delta: newSize.width - oldSize.width,
                flexible: (
                    subview.autoresizingMask.contains(.flexibleLeftMargin), subview.autoresizingMask.contains(.flexibleWidth),
                    subview.autoresizingMask.contains(.flexibleRightMargin)
                ))
            let y = share(
                before: frame.minY, size: frame.height, after: oldSize.height - frame.maxY, delta: newSize.height - oldSize.height,
                flexible: (
                    subview.autoresizingMask.contains(.flexibleTopMargin), subview.autoresizingMask.contains(.flexibleHeight),
                    subview.autoresizingMask.contains(.flexibleBottomMargin)
                ))
            let resized = CGRect(
                x: frame.minX + x.origin, y: frame.minY + y.origin, width: frame.width + x.size, height: frame.height + y.size)
            if resized != frame { subview.frame = resized }
        }
    }

    /// One axis: how far the origin moves and how much the size grows.
    static func share(before: Double, size: Double, after: Double, delta: Double, flexible: (Bool, Bool, Bool)) -> (
        origin: Double, size: Double
    ) {
        let portions = [(flexible.0, max(before, 0)), (flexible.1, max(size, 0)), (flexible.2, max(after, 0))]
        let count = portions.filter(\.0).count
        guard count > 0 else { return (0, 0) }
        let total = portions.filter(\.0).map(\.1).reduce(0, +)
        func part(_ index: Int) -> Double {
            guard portions[index].0 else { return 0 }
            return total > 0 ? delta * portions[index].1 / total : delta / Double(count)
        }
        return (part(0), part(1))
    }
}
