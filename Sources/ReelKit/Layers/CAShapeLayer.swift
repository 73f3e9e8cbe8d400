/// A layer showing a path: filled (`fillColor`, opaque black by default) and stroked
/// (`strokeColor`, none by default, `lineWidth` 1) between `strokeStart` and `strokeEnd`
/// (fractions of the path's length, 0 and 1). As a mask, its path's fill is the visible region.
///
/// ```swift
/// let mask = CAShapeLayer()
/// mask.path = UIBezierPath(ovalIn: CGRect(x: 170, y: 397, width: 50, height: 50)).cgPath
/// view.layer.mask = mask
/// ```
open class CAShapeLayer: CALayer {
    @exclusivity(unchecked) var storedPath: CGPath?
    @exclusivity(unchecked) var storedFillColor: CGColor? = .black
    @exclusivity(unchecked) var storedStrokeColor: CGColor?
    @exclusivity(unchecked) var storedLineWidth: CGFloat = 1
    @exclusivity(unchecked) var storedStrokeStart: CGFloat = 0
    @exclusivity(unchecked) var storedStrokeEnd: CGFloat = 1
    /// Kept, not drawn.
    @exclusivity(unchecked) public var lineCap = "butt"
    @exclusivity(unchecked) public var lineJoin = "miter"
    @exclusivity(unchecked) public var fillRule = "non-zero"

    public required init() { super.init() }

    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAShapeLayer else { return }
        storedPath = other.storedPath
        storedFillColor = other.storedFillColor
        storedStrokeColor = other.storedStrokeColor
        storedLineWidth = other.storedLineWidth
        storedStrokeStart = other.storedStrokeStart
        storedStrokeEnd = other.storedStrokeEnd
    }

    public var path: CGPath? {
        get { storedPath }
        set { change("path", LayerValue(path: newValue)) { storedPath = newValue } }
    }

    public var fillColor: CGColor? {
        get { storedFillColor }
        set { change("fillColor", LayerValue(newValue)) { storedFillColor = newValue } }
    }

    public var strokeColor: CGColor? {
        get { storedStrokeColor }
        set { change("strokeColor", LayerValue(newValue)) { storedStrokeColor = newValue } }
    }

    public var lineWidth: CGFloat {
        get { storedLineWidth }
        set { change("lineWidth", LayerValue(newValue)) { storedLineWidth = newValue } }
    }

    public var strokeStart: CGFloat {
        get { storedStrokeStart }
        set { change("strokeStart", LayerValue(newValue)) { storedStrokeStart = newValue } }
    }

    public var strokeEnd: CGFloat {
        get { storedStrokeEnd }
        set { change("strokeEnd", LayerValue(newValue)) { storedStrokeEnd = newValue } }
    }

    override func ownLayerValue(at key: String) -> LayerValue? {
        switch key {
        case "path": LayerValue(path: path)
        case "fillColor": LayerValue(fillColor)
        case "strokeColor": LayerValue(strokeColor)
        case "lineWidth": LayerValue(lineWidth)
        case "strokeStart": LayerValue(strokeStart)
        case "strokeEnd": LayerValue(strokeEnd)
        default: super.ownLayerValue(at: key)
        }
    }

    override func setOwnLayerValue(_ v: LayerValue, at key: String) -> Bool {
        let n = v.numbers.count
        switch key {
        case "path" where v.path != nil || v.isNilPath: storedPath = v.path
        case "fillColor" where n >= 4: storedFillColor = v.color
        case "strokeColor" where n >= 4: storedStrokeColor = v.color
        case "lineWidth" where n >= 1: storedLineWidth = v.scalar
        case "strokeStart" where n >= 1: storedStrokeStart = v.scalar
        case "strokeEnd" where n >= 1: storedStrokeEnd = v.scalar
        default: return super.setOwnLayerValue(v, at: key)
        }
        return true
    }
}
