/// A layer showing a gradient as values: its colours, their locations (nil: evenly spread) and the
/// axis from `startPoint` (0.5, 0) to `endPoint` (0.5, 1) in unit coordinates of the bounds.
///
/// ```swift
/// let fade = CAGradientLayer()
/// fade.colors = [UIColor.black.withAlphaComponent(0.6).cgColor, UIColor.clear.cgColor]
/// fade.locations = [0, 1]
/// ```
open class CAGradientLayer: CALayer {
    /// The colours (`CGColor`s; other elements are ignored, as Core Animation ignores them).
    @exclusivity(unchecked) var storedColors: [CGColor]?
    @exclusivity(unchecked) var storedLocations: [NSNumber]?
    @exclusivity(unchecked) var storedStartPoint = CGPoint(x: 0.5, y: 0)
    @exclusivity(unchecked) var storedEndPoint = CGPoint(x: 0.5, y: 1)
    /// Kept ("axial", "radial", "conic"), not drawn.
    @exclusivity(unchecked) public var type = "axial"

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAGradientLayer else { return }
        storedColors = other.storedColors
        storedLocations = other.storedLocations
        storedStartPoint = other.storedStartPoint
        storedEndPoint = other.storedEndPoint
        type = other.type
    }

    public var colors: [Any]? {
        get { storedColors }
        set {
            change("colors", LayerValue((newValue?.compactMap { $0 as? CGColor } ?? []).flatMap { LayerValue($0).numbers })) {
                storedColors = newValue?.compactMap { $0 as? CGColor }
            }
        }
    }

    public var locations: [NSNumber]? {
        get { storedLocations }
        set { change("locations", LayerValue(newValue?.map(\.doubleValue) ?? [])) { storedLocations = newValue } }
    }

    public var startPoint: CGPoint {
        get { storedStartPoint }
        set { change("startPoint", LayerValue(newValue)) { storedStartPoint = newValue } }
    }

    public var endPoint: CGPoint {
        get { storedEndPoint }
        set { change("endPoint", LayerValue(newValue)) { storedEndPoint = newValue } }
    }

    override func ownLayerValue(at key: String) -> LayerValue? {
        switch key {
        case "colors": LayerValue((storedColors ?? []).flatMap { LayerValue($0).numbers })
        case "locations": LayerValue(storedLocations?.map(\.doubleValue) ?? [])
        case "startPoint": LayerValue(startPoint)
        case "endPoint": LayerValue(endPoint)
        default: super.ownLayerValue(at: key)
        }
    }

    override func setOwnLayerValue(_ v: LayerValue, at key: String) -> Bool {
        let n = v.numbers.count
        switch key {
        case "colors" where n % 4 == 0:
            storedColors = stride(from: 0, to: n, by: 4).map {
                UIColor(red: v.numbers[$0], green: v.numbers[$0 + 1], blue: v.numbers[$0 + 2], alpha: v.numbers[$0 + 3])
            }
        case "locations": storedLocations = v.numbers.map { NSNumber(value: $0) }
        case "startPoint" where n >= 2: storedStartPoint = v.point
        case "endPoint" where n >= 2: storedEndPoint = v.point
        default: return super.setOwnLayerValue(v, at: key)
        }
        return true
    }
}
