/// Haptics as events: a generator's calls are recorded as `feedback` events (subject the
/// generator, e.g. `impact.medium`; detail the call), so a test can see the haptic fire at the
/// threshold. Nothing vibrates; `prepare()` is recorded too (UIKit warms the engine there).
@MainActor open class UIFeedbackGenerator: NSObject {
    /// The generator's name in events.
    var feedbackSubject: String { "feedback" }

    public func prepare() { record("prepare") }

    func record(_ call: String) { KitRuntime.current?.emit("feedback", feedbackSubject, call) }
}

@MainActor open class UIImpactFeedbackGenerator: UIFeedbackGenerator {
    /// UIImpactFeedbackGenerator.FeedbackStyle with UIKit's raw values.
    public nonisolated enum FeedbackStyle: Int, Sendable {
        case light = 0
        case medium = 1
        case heavy = 2
        case soft = 3
        case rigid = 4
        var name: String { ["light", "medium", "heavy", "soft", "rigid"][rawValue] }
    }

    public let style: FeedbackStyle

    public init(style: FeedbackStyle) {
        self.style = style
        super.init()
    }

    public override convenience init() { self.init(style: .medium) }

    override var feedbackSubject: String { "impact." + style.name }

    public func impactOccurred() { record("impactOccurred") }
    /// `intensity` is clamped to 0...1 and written with four decimals.
    public func impactOccurred(intensity: CGFloat) {
        record(TransitionCallText.call("impactOccurred", Double(min(max(intensity, 0), 1))))
    }
}

@MainActor open class UISelectionFeedbackGenerator: UIFeedbackGenerator {
    override var feedbackSubject: String { "selection" }
    public func selectionChanged() { record("selectionChanged") }
}

@MainActor open class UINotificationFeedbackGenerator: UIFeedbackGenerator {
    /// UINotificationFeedbackGenerator.FeedbackType with UIKit's raw values.
    public nonisolated enum FeedbackType: Int, Sendable {
        case success = 0
        case warning = 1
        case error = 2
        var name: String { ["success", "warning", "error"][rawValue] }
    }

    override var feedbackSubject: String { "notification" }
    public func notificationOccurred(_ notificationType: FeedbackType) { record("notificationOccurred(\(notificationType.name))") }
}
