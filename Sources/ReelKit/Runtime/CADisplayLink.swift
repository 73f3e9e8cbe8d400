import ReelTiming

/// QuartzCore's display link: a timer called at the display's ticks, for code that reads or moves
/// views frame by frame (a recorder reading on-screen geometry, an animation driven by hand).
///
/// As UIKit's, it is made with a target and its method, added to a run loop, and called at each
/// display tick until `invalidate()`; `timestamp` is the time of the tick being shown,
/// `targetTimestamp` the next tick's, `duration` the display's tick (1 / refresh rate), all on the
/// session's clock (the touches' `timestamp`s, `CACurrentMediaTime()`). `preferredFrameRateRange`
/// asks for fewer calls: a link preferring 30 Hz on a 60 Hz display is called at every second tick.
///
/// ReelKit renders a display tick only while something moves (a transition, an animation, a
/// gesture in progress; docs/KIT.md): a link is called at those ticks, after the tick's frame is
/// sampled and before the completions the tick runs, and does not itself keep ticks coming (a
/// link that alone moves views, with nothing else animating, sees no tick: a departure from
/// UIKit, where an unpaused link keeps the display refreshing).
///
/// ```swift
/// let link = CADisplayLink(target: self, selector: Recorder.tick)   // UIKit: #selector(tick(_:))
/// link.preferredFrameRateRange = CAFrameRateRange(minimum: 30, maximum: 60, preferred: 60)
/// link.add(to: .main, forMode: .common)
/// // ... later
/// link.invalidate()
/// ```
@MainActor open class CADisplayLink: NSObject {
    /// The time of the tick being shown, seconds on the session's clock (0 before the first call).
    public private(set) var timestamp: TimeInterval = 0
    /// The time of the next tick the link will be called at.
    public private(set) var targetTimestamp: TimeInterval = 0
    /// Seconds between two of the display's ticks (1 / refresh rate); 0 before the first call.
    public private(set) var duration: TimeInterval = 0
    /// The rate the link wants to be called at; the default (all zero) is the display's own rate.
    public var preferredFrameRateRange = CAFrameRateRange.default
    /// The older form of `preferredFrameRateRange.preferred` (0: the display's rate).
    public var preferredFramesPerSecond = 0
    /// A paused link is not called; it stays on its run loop.
    public var isPaused = false

    private var action: ((CADisplayLink) -> Void)?
    private weak var runtime: KitRuntime?

    /// UIKit's initializer with an Objective-C selector, which cannot be sent without the
    /// Objective-C runtime: the session stops with an error naming it (use the method-reference form).
    public init(target: Any, selector sel: Selector) {
        super.init()
        KitRuntime.current?.fail(
            KitFailure(
                message:
                    "CADisplayLink(target:selector: \"\(sel.name)\"): a selector cannot be sent without the Objective-C runtime; pass a method reference (`selector: Type.method`)"
            ))
    }

    /// `init(target:selector:)` with a method reference: `CADisplayLink(target: self, selector: Recorder.tick)`.
    /// As UIKit's, the link holds its target until it is invalidated.
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> @MainActor (CADisplayLink) -> Void) {
        action = { link in selector(target)(link) }
        super.init()
    }

    /// Starts calling the link at the session's display ticks (every mode: ReelKit has no tracking mode).
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard action != nil, runtime == nil, let current = KitRuntime.current else { return }
        runtime = current
        current.displayLinks.append(self)
    }

    /// Stops calling the link; it may be added again.
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        runtime?.displayLinks.removeAll { $0 === self }
        runtime = nil
    }

    /// Removes the link from its run loop for good and lets its target go.
    public func invalidate() {
        remove(from: .main, forMode: .common)
        action = nil
    }

    /// Calls the link for display tick `tick` when it is due at the rate it prefers.
    func fire(tick: Int, clock: FrameClock) {
        guard !isPaused, let action else { return }
        let refreshHz = clock.refreshHz
        let preferred = Double(preferredFrameRateRange.preferred ?? preferredFrameRateRange.maximum)
        let wanted = preferred > 0 ? preferred : Double(preferredFramesPerSecond)
        let interval = wanted > 0 && wanted < refreshHz ? max(1, Int((refreshHz / wanted).rounded())) : 1
        guard tick % interval == 0 else { return }
        duration = clock.interval
        timestamp = clock.time(ofTick: tick)
        targetTimestamp = clock.time(ofTick: tick + interval)
        action(self)
    }
}

/// The frame rates a display link asks for (QuartzCore's `CAFrameRateRange`), in frames per second.
public nonisolated struct CAFrameRateRange: Sendable, Hashable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?

    public init(minimum: Float, maximum: Float, preferred: Float?) {
        self.minimum = minimum
        self.maximum = maximum
        self.preferred = preferred
    }

    /// The display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
}

extension KitRuntime {
    /// Calls the display links added to the session for display tick `tick` (each once, in the
    /// order they were added; a link added or removed by a call takes effect from the next tick).
    func fireDisplayLinks(tick: Int) {
        guard !displayLinks.isEmpty else { return }
        for link in displayLinks { link.fire(tick: tick, clock: frameClock) }
    }
}
