/// An image as transitions use it: a size, no pixels.
@MainActor open class UIImage: NSObject {
    public let size: CGSize
    /// The asset's name, when it came from `init?(named:)`.
    public let name: String?

    /// No asset catalog is modelled: a named image is a zero-size image of that name.
    public init?(named name: String) {
        self.name = name
        size = .zero
    }

    public init(size: CGSize) {
        name = nil
        self.size = size
    }
}

/// A view showing an image: a frame in traces (no drawing); `init(image:)` sizes it to the image.
@MainActor open class UIImageView: UIView {
    @exclusivity(unchecked) public var image: UIImage?

    public init(image: UIImage?) {
        self.image = image
        super.init(frame: CGRect(origin: .zero, size: image?.size ?? .zero))
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
}

/// A label: its text kept, a frame in traces (no text layout).
@MainActor open class UILabel: UIView {
    @exclusivity(unchecked) public var text: String?
    @exclusivity(unchecked) public var numberOfLines = 1
    @exclusivity(unchecked) public var textColor: UIColor?
}

/// A button: its titles per state and its actions are kept; a frame in traces. Touches reach
/// recognizers only (ReelKit models no control events).
@MainActor open class UIButton: UIControl {
    /// UIButton.ButtonType with UIKit's raw values.
    public nonisolated enum ButtonType: Int, Sendable {
        case custom = 0
        case system = 1
        case close = 7
    }

    public let buttonType: ButtonType
    @exclusivity(unchecked) private var titles: [UInt: String] = [:]

    public init(type buttonType: ButtonType) {
        self.buttonType = buttonType
        super.init(frame: .zero)
    }

    public override init(frame: CGRect) {
        buttonType = .custom
        super.init(frame: frame)
    }

    public func setTitle(_ title: String?, for state: UIControl.State) { titles[state.rawValue] = title }
    public func title(for state: UIControl.State) -> String? { titles[state.rawValue] ?? titles[UIControl.State.normal.rawValue] }
}

/// A control: its enabled, selected and highlighted flags kept, a frame in traces. ReelKit models
/// no control events (target-action on controls): touches reach gesture recognizers only.
@MainActor open class UIControl: UIView {
    /// UIControl.State with UIKit's raw values.
    public nonisolated struct State: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let normal = State([])
        public static let highlighted = State(rawValue: 1 << 0)
        public static let disabled = State(rawValue: 1 << 1)
        public static let selected = State(rawValue: 1 << 2)
    }

    @exclusivity(unchecked) public var isEnabled = true
    @exclusivity(unchecked) public var isSelected = false
    @exclusivity(unchecked) public var isHighlighted = false
}
