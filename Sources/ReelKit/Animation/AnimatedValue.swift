/// What a view animates: its untransformed frame, its alpha, its transform, and a visual effect
/// view's effect (how far it shows: 0 none, 1 its effect).
enum AnimatedChannel: Int, Sendable, CaseIterable {
    case frame = 0
    case alpha = 1
    case transform = 2
    case effect = 3

    /// Component names, for messages ("frame.y").
    var componentNames: [String] {
        switch self {
        case .frame: ["frame.x", "frame.y", "frame.width", "frame.height"]
        case .alpha: ["alpha"]
        case .effect: ["effect"]
        case .transform: ["transform.a", "transform.b", "transform.c", "transform.d", "transform.tx", "transform.ty"]
        }
    }
}

/// Up to six numbers of one channel, held inline (no allocation per frame).
struct AnimatedValue: Sendable, Hashable {
    var v0 = 0.0, v1 = 0.0, v2 = 0.0, v3 = 0.0, v4 = 0.0, v5 = 0.0
    var count = 0

    init(_ values: Double...) {
        count = values.count
        if count > 0 { v0 = values[0] }
        if count > 1 { v1 = values[1] }
        if count > 2 { v2 = values[2] }
        if count > 3 { v3 = values[3] }
        if count > 4 { v4 = values[4] }
        if count > 5 { v5 = values[5] }
    }

    subscript(index: Int) -> Double {
        switch index {
        case 0: v0
        case 1: v1
        case 2: v2
        case 3: v3
        case 4: v4
        default: v5
        }
    }

    /// Each component moved `f` of the way from `a` to `b` as the built-in engine mixes looks:
    /// a + (b - a) f (f may overshoot for springs).
    static func mix(_ a: AnimatedValue, _ b: AnimatedValue, _ f: Double) -> AnimatedValue {
        var out = a
        out.v0 = a.v0 + (b.v0 - a.v0) * f
        out.v1 = a.v1 + (b.v1 - a.v1) * f
        out.v2 = a.v2 + (b.v2 - a.v2) * f
        out.v3 = a.v3 + (b.v3 - a.v3) * f
        out.v4 = a.v4 + (b.v4 - a.v4) * f
        out.v5 = a.v5 + (b.v5 - a.v5) * f
        return out
    }

    /// The first component that is NaN or infinite, if any.
    var firstNonFinite: Int? {
        (0..<count).first { !self[$0].isFinite }
    }
}
