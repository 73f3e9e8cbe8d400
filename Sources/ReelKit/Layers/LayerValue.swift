/// A layer property's value as an animation interpolates it: its numbers (a scalar, a point, a
/// rect, a colour's four components, a transform's sixteen) or a path's points with its elements.
///
/// ```swift
/// LayerValue(animationValue: CGPoint(x: 1, y: 2))?.numbers  // [1, 2]
/// ```
nonisolated struct LayerValue: Sendable, Hashable {
    var numbers: [Double]
    /// The path whose points `numbers` are (a `path` or `shadowPath`); nil for other values.
    var path: CGPath?
    /// Whether a path value is no path at all (nil).
    var isNilPath = false

    init(_ numbers: [Double]) { self.numbers = numbers }
    init(_ number: CGFloat) { numbers = [Double(number)] }
    init(_ point: CGPoint) { numbers = [Double(point.x), Double(point.y)] }
    init(_ size: CGSize) { numbers = [Double(size.width), Double(size.height)] }
    init(_ rect: CGRect) { numbers = [Double(rect.origin.x), Double(rect.origin.y), Double(rect.size.width), Double(rect.size.height)] }
    init(_ transform: CATransform3D) { numbers = transform.numbers }
    /// A colour's red, green, blue, alpha; nil as clear (0, 0, 0, 0).
    init(_ color: CGColor?) {
        let c = color ?? .clear
        numbers = [Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha)]
    }
    init(path: CGPath?) {
        self.path = path
        numbers = path?.pointNumbers ?? []
        isNilPath = path == nil
    }

    /// What an animation's `fromValue`, `toValue`, `byValue` or a keyframe value holds, as numbers:
    /// numbers (Double, CGFloat, Float, Int, NSNumber), CGPoint, CGSize, CGRect, CATransform3D,
    /// colours, paths (CGPath, UIBezierPath); nil for anything else.
    @MainActor init?(animationValue value: Any) {
        switch value {
        case let v as LayerValue: self = v
        case let v as Double: self.init([v])
        case let v as CGFloat: self.init(v)
        case let v as Float: self.init([Double(v)])
        case let v as Int: self.init([Double(v)])
        case let v as NSNumber: self.init([v.doubleValue])
        case let v as CGPoint: self.init(v)
        case let v as CGSize: self.init(v)
        case let v as CGRect: self.init(v)
        case let v as CATransform3D: self.init(v)
        case let v as CGColor: self.init(v)
        case let v as CGPath: self.init(path: v)
        case let v as UIBezierPath: self.init(path: v.cgPath)
        case let v as [CGColor]: self.init(v.flatMap { LayerValue($0).numbers })
        case let v as [Double]: self.init(v)
        case let v as [NSNumber]: self.init(v.map(\.doubleValue))
        default: return nil
        }
    }

    var scalar: CGFloat { CGFloat(numbers.first ?? 0) }
    var point: CGPoint { CGPoint(x: numbers[0], y: numbers[1]) }
    var size: CGSize { CGSize(width: numbers[0], height: numbers[1]) }
    var rect: CGRect { CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) }
    var transform: CATransform3D { CATransform3D(numbers: numbers) }
    var color: CGColor { UIColor(red: numbers[0], green: numbers[1], blue: numbers[2], alpha: numbers[3]) }

    /// Whether two values can be mixed number by number (paths: the same elements).
    func isCompatible(with other: LayerValue) -> Bool {
        guard numbers.count == other.numbers.count else { return false }
        if let path, let otherPath = other.path { return path.hasSameStructure(as: otherPath) }
        return path == nil && other.path == nil
    }

    /// a + (b - a) f, number by number, when the two are compatible; otherwise `b` (Core Animation
    /// does not define the mix of paths with different elements: ReelKit shows the target path).
    static func mix(_ a: LayerValue, _ b: LayerValue, _ f: Double) -> LayerValue {
        guard a.isCompatible(with: b) else { return b }
        return a.replacingNumbers(zip(a.numbers, b.numbers).map { $0 + ($1 - $0) * f })
    }

    /// a + b, number by number (`byValue`, additive animations); `a` when incompatible.
    static func sum(_ a: LayerValue, _ b: LayerValue) -> LayerValue {
        guard a.isCompatible(with: b) else { return a }
        return a.replacingNumbers(zip(a.numbers, b.numbers).map { $0 + $1 })
    }

    /// a - b, number by number (`toValue - byValue`); `a` when incompatible.
    static func difference(_ a: LayerValue, _ b: LayerValue) -> LayerValue {
        guard a.isCompatible(with: b) else { return a }
        return a.replacingNumbers(zip(a.numbers, b.numbers).map { $0 - $1 })
    }

    /// The same kind of value with other numbers (a path's points moved).
    func replacingNumbers(_ new: [Double]) -> LayerValue {
        var out = self
        out.numbers = new
        if let path { out.path = path.withPointNumbers(new) }
        return out
    }

    /// The first number that is NaN or infinite.
    var firstNonFinite: Double? { numbers.first { !$0.isFinite } }
}

/// Core Graphics' colour: ReelKit's UIColor itself (one representation; pixels are not drawn).
public typealias CGColor = UIColor

extension UIColor {
    /// The colour as Core Graphics' (the same value in ReelKit).
    public var cgColor: CGColor { self }
    public init(cgColor: CGColor) { self = cgColor }
}
