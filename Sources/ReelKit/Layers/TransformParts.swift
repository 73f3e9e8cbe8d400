/// The plane parts of a transform that Core Animation's key paths `transform.scale`,
/// `transform.rotation` (about z) and `transform.translation` name: read from the affine part
/// (m11, m12, m21, m22, m41, m42) as scale x = |(m11, m12)|, rotation = atan2(m12, m11),
/// scale y = det / scale x, and written back keeping every other number (m34's perspective too).
/// Skew is not modelled (it reads as part of the scale).
nonisolated struct TransformParts {
    var scaleX: Double, scaleY: Double, rotation: Double, translationX: Double, translationY: Double, translationZ: Double

    init(_ t: CATransform3D) {
        let (a, b, c, d) = (Double(t.m11), Double(t.m12), Double(t.m21), Double(t.m22))
        scaleX = (a * a + b * b).squareRoot()
        rotation = atan2(b, a)
        scaleY = scaleX == 0 ? (c * c + d * d).squareRoot() : (a * d - b * c) / scaleX
        translationX = Double(t.m41)
        translationY = Double(t.m42)
        translationZ = Double(t.m43)
    }

    /// `base` with its plane parts replaced by these.
    func applied(to base: CATransform3D) -> CATransform3D {
        var t = base
        let (cosine, sine) = (cos(rotation), sin(rotation))
        t.m11 = scaleX * cosine
        t.m12 = scaleX * sine
        t.m21 = -scaleY * sine
        t.m22 = scaleY * cosine
        t.m41 = translationX
        t.m42 = translationY
        t.m43 = translationZ
        return t
    }

    /// The numbers a sub key path of `transform` names (after "transform."), nil when not one.
    func value(_ part: String) -> [Double]? {
        switch part {
        case "scale": [(scaleX + scaleY) / 2]
        case "scale.x": [scaleX]
        case "scale.y": [scaleY]
        case "rotation", "rotation.z": [rotation]
        case "translation": [translationX, translationY]
        case "translation.x": [translationX]
        case "translation.y": [translationY]
        case "translation.z": [translationZ]
        default: nil
        }
    }

    /// Sets the part a sub key path names; false when not one.
    mutating func set(_ part: String, _ n: [Double]) -> Bool {
        guard let first = n.first else { return false }
        switch part {
        case "scale":
            scaleX = first
            scaleY = first
        case "scale.x": scaleX = first
        case "scale.y": scaleY = first
        case "rotation", "rotation.z": rotation = first
        case "translation":
            guard n.count >= 2 else { return false }
            translationX = n[0]
            translationY = n[1]
        case "translation.x": translationX = first
        case "translation.y": translationY = first
        case "translation.z": translationZ = first
        default: return false
        }
        return true
    }
}
