/// How far a pull past an edge shows: b(x) = (1 - 1 / (c x / d + 1)) d for a pull of x >= 0
/// points (or progress) beyond the edge, extent d and coefficient c. It starts with slope c and
/// never reaches d. The formula and UIScrollView's c = 0.55 are the published reading of UIKit's
/// rubber band (D26 declares `_rubberBandOffsetForOffset:maxOffset:minOffset:range:outside:`;
/// `_UIScrollViewRubberBandCoefficient`'s value is not in the decompile).
///
/// ```swift
/// RubberBand.distance(100, extent: 844, coefficient: 0.55)  // 51.6: a 100 pt pull shows 51.6 pt
/// ```
package enum RubberBand {
    /// UIScrollView's coefficient as published (not from the decompile).
    package static let scrollViewCoefficient = 0.55

    /// b(x) for a pull `x` >= 0 past the edge.
    package static func distance(_ x: Double, extent d: Double, coefficient c: Double) -> Double {
        (1 - 1 / (c * x / d + 1)) * d
    }

    /// The pull whose band is `shown` (0 <= shown < d): x = shown d / (c (d - shown)), the
    /// inverse of `distance` (a scroll view grabbed while it bounces continues from there).
    package static func pull(showing shown: Double, extent d: Double, coefficient c: Double) -> Double {
        shown * d / (c * (d - shown))
    }
}
