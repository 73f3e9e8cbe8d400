/// What an animation's delegate hears (both optional).
public protocol CAAnimationDelegate: AnyObject {
    /// The animation's active time began.
    func animationDidStart(_ anim: CAAnimation)
    /// The animation ended (`finished` true) or was removed before its end (false).
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// Core Animation's animation: its media timing (duration, beginTime, timeOffset, speed,
/// repeatCount or repeatDuration, autoreverses, fillMode), isRemovedOnCompletion, a timing
/// function and a delegate (held strongly, as Core Animation holds it). Added to a layer with
/// `add(_:forKey:)`, a copy runs on the layer's clock.
///
/// The animation's active time at parent time t is (t - beginTime) x speed + timeOffset; one
/// cycle lasts the duration (twice with autoreverses), the active duration is repeatDuration, else
/// cycles x max(repeatCount, 1); before and after it the fill mode decides whether it shows its
/// start or end value.
open class CAAnimation: NSObject {
    @exclusivity(unchecked) public var duration: TimeInterval = 0
    @exclusivity(unchecked) public var beginTime: TimeInterval = 0
    @exclusivity(unchecked) public var timeOffset: TimeInterval = 0
    @exclusivity(unchecked) public var speed: Float = 1
    @exclusivity(unchecked) public var repeatCount: Float = 0
    @exclusivity(unchecked) public var repeatDuration: TimeInterval = 0
    @exclusivity(unchecked) public var autoreverses = false
    @exclusivity(unchecked) public var fillMode: CAMediaTimingFillMode = .removed
    @exclusivity(unchecked) public var isRemovedOnCompletion = true
    /// nil: linear.
    @exclusivity(unchecked) public var timingFunction: CAMediaTimingFunction?
    @exclusivity(unchecked) public var delegate: CAAnimationDelegate?
    /// Kept (additive and cumulative mixing: `isAdditive` is modelled, `isCumulative` not).
    @exclusivity(unchecked) public var isAdditive = false
    @exclusivity(unchecked) public var isCumulative = false

    public override init() {}

    /// A copy with the same values (what a layer runs); subclasses copy theirs.
    func copyAnimation() -> CAAnimation {
        let copy = CAAnimation()
        copy.copyTiming(from: self)
        return copy
    }

    func copyTiming(from other: CAAnimation) {
        duration = other.duration
        beginTime = other.beginTime
        timeOffset = other.timeOffset
        speed = other.speed
        repeatCount = other.repeatCount
        repeatDuration = other.repeatDuration
        autoreverses = other.autoreverses
        fillMode = other.fillMode
        isRemovedOnCompletion = other.isRemovedOnCompletion
        timingFunction = other.timingFunction
        delegate = other.delegate
        isAdditive = other.isAdditive
        isCumulative = other.isCumulative
    }

    // MARK: Timing

    /// The animation's active time at parent time `t`.
    func activeTime(parentTime t: Double) -> Double { (t - beginTime) * Double(speed) + timeOffset }

    /// One cycle: the duration, twice with autoreverses.
    var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// How long the animation is active (infinite for repeatCount .infinity).
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration * (repeatCount > 0 ? Double(repeatCount) : 1)
    }

    /// Whether the active time has ended by parent time `t` (within the tick tolerance).
    func hasEnded(parentTime t: Double) -> Bool {
        activeTime(parentTime: t) >= activeDuration - AnimationGroup.tickTolerance
    }

    /// Seconds into the current cycle's forward run (0...duration) at parent time `t`, or nil when
    /// the animation shows nothing then (outside its active time without a fill).
    func iterationTime(parentTime t: Double) -> Double? {
        let active = activeTime(parentTime: t)
        let total = activeDuration
        guard duration > 0 else { return active >= 0 || fillMode.fillsBackwards ? 0 : nil }
        if active < 0 { return fillMode.fillsBackwards ? 0 : nil }
        if active >= total - AnimationGroup.tickTolerance {
            guard fillMode.fillsForwards else { return nil }
            // The end of the last cycle, or where a fractional repeat stopped.
            let cycles = total / cycleDuration
            if abs(cycles - cycles.rounded()) < 1e-9 { return autoreverses ? 0 : duration }
            return forwardTime(inCycle: total.truncatingRemainder(dividingBy: cycleDuration))
        }
        return forwardTime(inCycle: active.truncatingRemainder(dividingBy: cycleDuration))
    }

    /// A time within a cycle as the forward run's time (the second half of an autoreversing cycle runs back).
    private func forwardTime(inCycle c: Double) -> Double { autoreverses && c > duration ? cycleDuration - c : c }

    /// The timing function's progress at `time` seconds into the forward run.
    func progress(atIteration time: Double) -> Double {
        let x = duration > 0 ? min(max(time / duration, 0), 1) : 1
        return timingFunction?.progress(x) ?? x
    }

    // MARK: Effect

    /// Applies the animation's value at parent time `t` to `copy` (a presentation copy).
    func apply(to copy: CALayer, parentTime t: Double) {}

    /// Why the animation cannot run on `layer` (a key path or value ReelKit does not model), or nil.
    func problem(on layer: CALayer) -> String? { nil }

    /// Durations of 0 become `fallback` (the transaction's, 0.25 s), here and in a group's animations.
    func resolveDurations(fallback: Double) {
        if duration == 0 { duration = fallback }
    }

    /// The animation's name in messages.
    var messageName: String { "\(type(of: self))" }
}

/// An animation of one key path of a layer ("cornerRadius", "position.y", "transform.scale", "path").
open class CAPropertyAnimation: CAAnimation {
    @exclusivity(unchecked) public var keyPath: String?

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    override var messageName: String { "\(type(of: self)) of '\(keyPath ?? "nil")'" }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        if let other = other as? CAPropertyAnimation { keyPath = other.keyPath }
    }

    /// The value at `time` seconds into the forward run, over the value beneath (`underlying`).
    func value(atIteration time: Double, underlying: LayerValue) -> LayerValue { underlying }

    override func apply(to copy: CALayer, parentTime t: Double) {
        guard let keyPath, let time = iterationTime(parentTime: t), let underlying = copy.layerValue(at: keyPath) else { return }
        let value = value(atIteration: time, underlying: underlying)
        copy.setLayerValue(isAdditive ? LayerValue.sum(underlying, value) : value, at: keyPath)
    }

    override func problem(on layer: CALayer) -> String? {
        guard let keyPath else { return "\(messageName) has no key path" }
        guard layer.layerValue(at: keyPath) != nil else {
            return "\(messageName) on \(layer.messageName): the key path is not one ReelKit models (docs/KIT.md, layers)"
        }
        return nil
    }

    /// Why `value` (an animation value) cannot stand for `keyPath` on `layer`, or nil.
    func valueProblem(_ value: Any?, named name: String, on layer: CALayer) -> String? {
        guard let value else { return nil }
        guard let converted = LayerValue(animationValue: value) else {
            return "\(messageName): \(name) of type \(type(of: value)) is not a value ReelKit animates"
        }
        if let keyPath, let current = layer.layerValue(at: keyPath), current.numbers.count != converted.numbers.count, current.path == nil {
            return "\(messageName): \(name) has \(converted.numbers.count) numbers, the key path \(current.numbers.count)"
        }
        if let bad = converted.firstNonFinite { return "\(messageName): \(name) holds \(bad) (not a finite number)" }
        return nil
    }
}

/// An animation from `fromValue` to `toValue` (or by `byValue`), Apple's rules for the nil ones:
/// from and to: from -> to; from and by: from -> from + by; by and to: to - by -> to; from only:
/// from -> the value beneath; to only: the value beneath -> to; by only: beneath -> beneath + by.
///
/// ```swift
/// let grow = CABasicAnimation(keyPath: "path")
/// grow.fromValue = UIBezierPath(ovalIn: small).cgPath
/// grow.toValue = UIBezierPath(ovalIn: large).cgPath
/// grow.duration = 0.4
/// mask.add(grow, forKey: "reveal")
/// ```
open class CABasicAnimation: CAPropertyAnimation {
    @exclusivity(unchecked) public var fromValue: Any?
    @exclusivity(unchecked) public var toValue: Any?
    @exclusivity(unchecked) public var byValue: Any?

    override func copyAnimation() -> CAAnimation {
        let copy = CABasicAnimation()
        copy.copyTiming(from: self)
        return copy
    }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CABasicAnimation else { return }
        fromValue = other.fromValue
        toValue = other.toValue
        byValue = other.byValue
    }

    /// The two ends over the value beneath.
    func ends(underlying: LayerValue) -> (LayerValue, LayerValue) {
        let from = fromValue.flatMap { LayerValue(animationValue: $0) }
        let to = toValue.flatMap { LayerValue(animationValue: $0) }
        let by = byValue.flatMap { LayerValue(animationValue: $0) }
        switch (from, to, by) {
        case (let f?, let t?, _): return (f, t)
        case (let f?, nil, let b?): return (f, LayerValue.sum(f, b))
        case (nil, let t?, let b?): return (LayerValue.difference(t, b), t)
        case (let f?, nil, nil): return (f, underlying)
        case (nil, let t?, nil): return (underlying, t)
        case (nil, nil, let b?): return (underlying, LayerValue.sum(underlying, b))
        case (nil, nil, nil): return (underlying, underlying)
        }
    }

    override func value(atIteration time: Double, underlying: LayerValue) -> LayerValue {
        let (from, to) = ends(underlying: underlying)
        return LayerValue.mix(from, to, progress(atIteration: time))
    }

    override func problem(on layer: CALayer) -> String? {
        super.problem(on: layer) ?? valueProblem(fromValue, named: "fromValue", on: layer) ?? valueProblem(
            toValue, named: "toValue", on: layer)
            ?? valueProblem(byValue, named: "byValue", on: layer)
    }
}
