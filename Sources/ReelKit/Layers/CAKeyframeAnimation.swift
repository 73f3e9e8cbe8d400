import ReelTiming

/// How a keyframe animation computes values between its key times, with Apple's names.
public nonisolated struct CAAnimationCalculationMode: RawRepresentable, Sendable, Hashable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")

    /// ReelTiming's mode (the one `UIView.animateKeyframes` uses).
    var mode: KeyframeCalculationMode {
        switch self {
        case .discrete: .discrete
        case .paced: .paced
        case .cubic: .cubic
        case .cubicPaced: .cubicPaced
        default: .linear
        }
    }
}

/// An animation through `values` at `keyTimes` (fractions 0...1 of the duration; nil: evenly
/// spaced, i / (n - 1), or i / n in the discrete mode, where each value holds until the next key
/// time), each segment shaped by its entry of `timingFunctions` (the last one repeating), the
/// whole by `timingFunction`. Paced modes ignore keyTimes and timingFunctions (Apple's rule) and
/// place the key times at the path-length fractions (ReelTiming's `KeyframeTrack`).
///
/// ```swift
/// let pulse = CAKeyframeAnimation(keyPath: "transform.scale")
/// pulse.values = [1, 1.1, 1]
/// pulse.keyTimes = [0, 0.3, 1]
/// pulse.duration = 0.5
/// ```
open class CAKeyframeAnimation: CAPropertyAnimation {
    @exclusivity(unchecked) public var values: [Any]?
    @exclusivity(unchecked) public var keyTimes: [NSNumber]?
    @exclusivity(unchecked) public var timingFunctions: [CAMediaTimingFunction]?
    @exclusivity(unchecked) public var calculationMode: CAAnimationCalculationMode = .linear
    /// A path for a point key path to follow: not modelled (a session error when set).
    @exclusivity(unchecked) public var path: CGPath?

    override func copyAnimation() -> CAAnimation {
        let copy = CAKeyframeAnimation()
        copy.copyTiming(from: self)
        return copy
    }

    override func copyTiming(from other: CAAnimation) {
        super.copyTiming(from: other)
        guard let other = other as? CAKeyframeAnimation else { return }
        values = other.values
        keyTimes = other.keyTimes
        timingFunctions = other.timingFunctions
        calculationMode = other.calculationMode
        path = other.path
    }

    private var layerValues: [LayerValue] { (values ?? []).compactMap { LayerValue(animationValue: $0) } }

    /// The key times the track uses: the given ones (the first n in the discrete mode, whose list
    /// may hold n + 1), else evenly spaced.
    private func effectiveKeyTimes(count n: Int) -> [Double] {
        if let keyTimes, keyTimes.count >= n { return keyTimes.prefix(n).map(\.doubleValue) }
        if calculationMode == .discrete { return (0..<n).map { Double($0) / Double(n) } }
        return (0..<n).map { n > 1 ? Double($0) / Double(n - 1) : 0 }
    }

    override func value(atIteration time: Double, underlying: LayerValue) -> LayerValue {
        let values = layerValues
        guard let first = values.first else { return underlying }
        let times = effectiveKeyTimes(count: values.count)
        let track = KeyframeTrack(mode: calculationMode.mode, values: values.map(\.numbers), keyTimes: times)
        var fraction = progress(atIteration: time)
        if let functions = timingFunctions, !functions.isEmpty, !calculationMode.mode.isPaced, times.count > 1 {
            // The segment [times[k], times[k + 1]) holding the fraction, shaped by its own function.
            if let k = (0..<(times.count - 1)).last(where: { times[$0] <= fraction && fraction < times[$0 + 1] }) {
                let span = times[k + 1] - times[k]
                let s = span > 0 ? (fraction - times[k]) / span : 1
                fraction = times[k] + functions[min(k, functions.count - 1)].progress(s) * span
            }
        }
        return first.replacingNumbers(track.value(atFraction: fraction))
    }

    override func problem(on layer: CALayer) -> String? {
        if let problem = super.problem(on: layer) { return problem }
        if path != nil { return "\(messageName): a keyframe path is not modelled (give values instead)" }
        let given = values ?? []
        for (index, value) in given.enumerated() {
            if let problem = valueProblem(value, named: "values[\(index)]", on: layer) { return problem }
        }
        let converted = layerValues
        if let first = converted.first, !converted.allSatisfy({ $0.isCompatible(with: first) }) {
            return "\(messageName): its values differ in kind (paths need the same elements)"
        }
        if let keyTimes, !given.isEmpty {
            let times = keyTimes.map(\.doubleValue)
            let allowed = calculationMode == .discrete ? [given.count, given.count + 1] : [given.count]
            let ordered = zip(times, times.dropFirst()).allSatisfy { $0 <= $1 } && times.allSatisfy { $0 >= 0 && $0 <= 1 }
            if !calculationMode.mode.isPaced && (!allowed.contains(times.count) || !ordered) {
                return "\(messageName): \(times.count) key times for \(given.count) values (they must match and rise within 0...1)"
            }
        }
        return nil
    }
}
