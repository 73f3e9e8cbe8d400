/// Core Animation's 4 x 4 transform, as Apple declares it (row vectors: a point p maps to p M, so
/// `m41`, `m42`, `m43` translate and `m34 = -1 / d` gives a perspective seen from distance d).
///
/// ```swift
/// var perspective = CATransform3DIdentity
/// perspective.m34 = -1 / 500
/// card.layer.transform = CATransform3DRotate(perspective, .pi / 4, 0, 1, 0)
/// ```
public nonisolated struct CATransform3D: Sendable, Hashable {
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity (Apple's `init()` is the zero matrix; `CATransform3DIdentity` the identity).
    public init() { self.init(rows: [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]) }

    public init(
        m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat, m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat, m31: CGFloat,
        m32: CGFloat, m33: CGFloat, m34: CGFloat, m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
    ) {
        self.m11 = m11
        self.m12 = m12
        self.m13 = m13
        self.m14 = m14
        self.m21 = m21
        self.m22 = m22
        self.m23 = m23
        self.m24 = m24
        self.m31 = m31
        self.m32 = m32
        self.m33 = m33
        self.m34 = m34
        self.m41 = m41
        self.m42 = m42
        self.m43 = m43
        self.m44 = m44
    }

    /// From four rows of four numbers.
    init(rows r: [[Double]]) {
        self.init(
            m11: r[0][0], m12: r[0][1], m13: r[0][2], m14: r[0][3], m21: r[1][0], m22: r[1][1], m23: r[1][2], m24: r[1][3],
            m31: r[2][0], m32: r[2][1], m33: r[2][2], m34: r[2][3], m41: r[3][0], m42: r[3][1], m43: r[3][2], m44: r[3][3])
    }

    /// The sixteen numbers row by row (what Core Animation's key path `transform` animates here).
    var numbers: [Double] {
        [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map { Double($0) }
    }

    /// From sixteen numbers row by row.
    init(numbers n: [Double]) {
        self.init(rows: [Array(n[0..<4]), Array(n[4..<8]), Array(n[8..<12]), Array(n[12..<16])])
    }

    /// The matrix product self x other (self applied first).
    func concatenating(_ other: CATransform3D) -> CATransform3D {
        let a = numbers
        let b = other.numbers
        var out = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += a[row * 4 + k] * b[k * 4 + column] }
                out[row * 4 + column] = sum
            }
        }
        return CATransform3D(numbers: out)
    }
}

/// The identity transform.
public nonisolated let CATransform3DIdentity = CATransform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

/// A translation by (tx, ty, tz): m41, m42, m43.
public nonisolated func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3D(rows: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [Double(tx), Double(ty), Double(tz), 1]])
}

/// A scale by (sx, sy, sz) on the diagonal.
public nonisolated func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3D(rows: [[Double(sx), 0, 0, 0], [0, Double(sy), 0, 0], [0, 0, Double(sz), 0], [0, 0, 0, 1]])
}

/// A rotation by `angle` radians about the axis (x, y, z) (normalised; a zero axis gives the
/// identity, as Apple's does), in the row-vector convention: about z, m11 = cos, m12 = sin,
/// m21 = -sin, m22 = cos, as `CGAffineTransform(rotationAngle:)`.
public nonisolated func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
    let length = (Double(x) * Double(x) + Double(y) * Double(y) + Double(z) * Double(z)).squareRoot()
    guard length > 0 else { return CATransform3DIdentity }
    let (ux, uy, uz) = (Double(x) / length, Double(y) / length, Double(z) / length)
    let c = cos(Double(angle))
    let s = sin(Double(angle))
    let k = 1 - c
    return CATransform3D(rows: [
        [c + ux * ux * k, ux * uy * k + uz * s, ux * uz * k - uy * s, 0],
        [ux * uy * k - uz * s, c + uy * uy * k, uy * uz * k + ux * s, 0],
        [ux * uz * k + uy * s, uy * uz * k - ux * s, c + uz * uz * k, 0],
        [0, 0, 0, 1],
    ])
}

/// `t` then a translation: MakeTranslation x t, as Apple's (the translation in t's space).
public nonisolated func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
    CATransform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// MakeScale x t.
public nonisolated func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
    CATransform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// MakeRotation x t.
public nonisolated func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D
{
    CATransform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// a x b: `a` applied first, then `b`.
public nonisolated func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D { a.concatenating(b) }

public nonisolated func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }

public nonisolated func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

/// The affine transform as a 3-D one: a, b, c, d in m11, m12, m21, m22; tx, ty in m41, m42.
public nonisolated func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
    CATransform3D(rows: [
        [Double(m.a), Double(m.b), 0, 0], [Double(m.c), Double(m.d), 0, 0], [0, 0, 1, 0], [Double(m.tx), Double(m.ty), 0, 1],
    ])
}

/// Whether `t` is an affine transform of the plane (no z, no perspective).
public nonisolated func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
    t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m34 == 0 && t.m43 == 0
        && t.m44 == 1
}

/// The affine part of `t`: (m11, m12, m21, m22, m41, m42), Apple's rule for a non-affine `t` too.
public nonisolated func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
    CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}
