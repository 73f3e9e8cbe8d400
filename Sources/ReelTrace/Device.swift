/// The screen a session ran on.
public struct Device: Sendable, Hashable, Codable {
    /// Points.
    public var width: Double
    /// Points.
    public var height: Double
    /// Pixels per point.
    public var scale: Double

    public init(width: Double, height: Double, scale: Double) {
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// The largest side, in points, a session's screen may have: far above any display (the largest
    /// iPad is 1,376 pt wide), low enough that every size converts to an integer and renders.
    package static let maximumSide = 100_000.0
    /// The largest scale, pixels per point (devices have 1, 2 or 3).
    package static let maximumScale = 16.0

    /// Whether the sizes are positive and at most `maximumSide`, and the scale positive and at most
    /// `maximumScale` (false for NaN). Streams are refused and archive rows reported as bad data otherwise.
    package var isWithinLimits: Bool {
        width > 0 && width <= Self.maximumSide && height > 0 && height <= Self.maximumSide && scale > 0
            && scale <= Self.maximumScale
    }

    /// An iPhone-sized screen in portrait: 390 x 844 pt at 3x, the default of gesture streams.
    public static let phone = Device(width: 390, height: 844, scale: 3)

    /// The horizontal size class UIKit gives a full-screen window of this width:
    /// compact below 600 pt (every phone in portrait), regular from there (iPad widths).
    public var horizontalSizeClass: SizeClass { width < 600 ? .compact : .regular }

    /// The vertical size class: compact below 500 pt of height (phones in landscape), regular
    /// from there.
    public var verticalSizeClass: SizeClass { height < 500 ? .compact : .regular }
}

/// UIKit's `UIUserInterfaceSizeClass`.
public enum SizeClass: String, Sendable, Hashable, Codable {
    case compact, regular
}
