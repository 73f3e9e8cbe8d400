import ReelTrace

/// How far a replayed view property may drift from the recorded one before it counts as a
/// divergence, per property family. Zero everywhere means bit-exact.
public struct Tolerances: Sendable, Hashable {
    /// Points, for x, y and the transform's tx, ty.
    public var position: Double
    /// Points, for w and h.
    public var size: Double
    /// Alpha units (0...1).
    public var alpha: Double
    /// Unitless, for the transform's a, b, c, d and m34; radians for rotation_x, rotation_y.
    public var transform: Double
    /// Progress units (0...1) for each frame's progress.
    public var progress: Double

    public init(position: Double, size: Double, alpha: Double, transform: Double, progress: Double) {
        self.position = position
        self.size = size
        self.alpha = alpha
        self.transform = transform
        self.progress = progress
    }

    /// The tolerance that judges a view property of `family` (0 for z order and hidden).
    public func tolerance(for family: ViewProperty.Family) -> Double {
        switch family {
        case .position: position
        case .size: size
        case .alpha: alpha
        case .transform: transform
        case .exact: 0
        }
    }

    /// Each view property's tolerance, indexed by its position (`ViewProperty.offset`): the vector
    /// a frame comparison judges a row of values by.
    ///
    /// ```swift
    /// Tolerances.default.perProperty[ViewProperty.alpha.offset]  // 1 / 255
    /// ```
    package var perProperty: [Double] { ViewProperty.allCases.map { tolerance(for: $0.family) } }

    /// The documented defaults: a third of a pixel on a 3x screen for geometry, 1/255 for alpha
    /// (one step of an 8-bit channel), 1e-3 for transform entries and progress.
    public static let `default` = Tolerances(
        position: 1.0 / 3.0, size: 1.0 / 3.0, alpha: 1.0 / 255.0, transform: 1e-3, progress: 1e-3)

    /// Bit-exact comparison: any difference at all is a divergence.
    public static let exact = Tolerances(position: 0, size: 0, alpha: 0, transform: 0, progress: 0)

    /// Parses the command line's form: `exact`, `default`, or comma-separated
    /// `family=value` overrides of the defaults (`position=0.5,alpha=0`).
    public init(parsing text: String) throws(ToleranceError) {
        switch text {
        case "exact": self = .exact
        case "default", "": self = .default
        default:
            var result = Tolerances.default
            for item in text.split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let value = Double(parts[1]), value.isFinite, value >= 0 else {
                    throw ToleranceError(text: String(item))
                }
                switch parts[0] {
                case "position": result.position = value
                case "size": result.size = value
                case "alpha": result.alpha = value
                case "transform": result.transform = value
                case "progress": result.progress = value
                default: throw ToleranceError(text: String(item))
                }
            }
            self = result
        }
    }

}

/// A `--tolerance` argument that is not `exact`, `default` or `family=value,...`.
public struct ToleranceError: ReelError {
    public let text: String
    /// A `--tolerance` value the user typed.
    public var failureKind: FailureKind { .usage }
    public var description: String {
        "bad tolerance '\(text)': use exact, default, or family=value with families position, size, alpha, transform, progress and non-negative values"
    }
}
