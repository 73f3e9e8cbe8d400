import Foundation
import ReelTrace

/// The animatable state of one view: frame, alpha and a transform (translation, rotation about
/// z, scale, 3-D rotations about x and y with perspective), applied about the view's center.
struct Look: Sendable, Hashable {
    var x = 0.0, y = 0.0, w = 0.0, h = 0.0
    var alpha = 1.0
    var sx = 1.0, sy = 1.0, tx = 0.0, ty = 0.0, rotZ = 0.0
    var rotX = 0.0, rotY = 0.0, m34 = 0.0

    init(x: Double, y: Double, w: Double, h: Double, alpha: Double = 1) {
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.alpha = alpha
    }

    init(_ rect: Rect, alpha: Double = 1) { self.init(x: rect.x, y: rect.y, w: rect.w, h: rect.h, alpha: alpha) }

    var rect: Rect { Rect(x: x, y: y, w: w, h: h) }

    /// Each field moved `f` of the way from `a` to `b` (f may overshoot for springs).
    static func mix(_ a: Look, _ b: Look, _ f: Double) -> Look {
        var out = a
        out.x = a.x + (b.x - a.x) * f
        out.y = a.y + (b.y - a.y) * f
        out.w = a.w + (b.w - a.w) * f
        out.h = a.h + (b.h - a.h) * f
        out.alpha = a.alpha + (b.alpha - a.alpha) * f
        out.sx = a.sx + (b.sx - a.sx) * f
        out.sy = a.sy + (b.sy - a.sy) * f
        out.tx = a.tx + (b.tx - a.tx) * f
        out.ty = a.ty + (b.ty - a.ty) * f
        out.rotZ = a.rotZ + (b.rotZ - a.rotZ) * f
        out.rotX = a.rotX + (b.rotX - a.rotX) * f
        out.rotY = a.rotY + (b.rotY - a.rotY) * f
        out.m34 = a.m34 + (b.m34 - a.m34) * f
        return out
    }

    /// The affine part: translate(tx, ty) x rotate(rotZ) x scale(sx, sy).
    var affine: ReelTrace.AffineTransform {
        if rotZ == 0 { return AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: tx, ty: ty) }
        let cosine = cos(rotZ)
        let sine = sin(rotZ)
        return AffineTransform(a: sx * cosine, b: sx * sine, c: -sy * sine, d: sy * cosine, tx: tx, ty: ty)
    }
}

/// A rectangle in points.
struct Rect: Sendable, Hashable {
    var x, y, w, h: Double
    func offsetBy(dx: Double = 0, dy: Double = 0) -> Rect { Rect(x: x + dx, y: y + dy, w: w, h: h) }
}

/// One view on screen: a stable key, its current (model) look, and whether it is hidden.
struct StageView: Sendable, Hashable {
    var key: String
    var look: Look
    var hidden = false
    /// The controller whose view hierarchy holds this view ("transition" for snapshots).
    var owner: String
}

/// The window's views, back to front (index = z).
struct Stage: Sendable, Hashable {
    var views: [StageView] = []

    func index(of key: String) -> Int? {
        views.withUnsafeBufferPointer { views in views.firstIndex { $0.key == key } }
    }

    func contains(_ key: String) -> Bool { index(of: key) != nil }

    /// Adds on top, or moves to the top when already present.
    mutating func add(_ key: String, _ look: Look, owner: String) {
        remove(key)
        views.append(StageView(key: key, look: look, owner: owner))
    }

    /// Inserts at a z position (0 = back-most), moving the view when already present.
    mutating func insert(_ key: String, _ look: Look, owner: String, at position: Int) {
        remove(key)
        views.insert(StageView(key: key, look: look, owner: owner), at: min(position, views.count))
    }

    /// Inserts directly below another view (on top when that view is absent).
    mutating func insert(_ key: String, _ look: Look, owner: String, below other: String) {
        remove(key)
        if let index = index(of: other) {
            views.insert(StageView(key: key, look: look, owner: owner), at: index)
        } else {
            views.append(StageView(key: key, look: look, owner: owner))
        }
    }

    /// Removes every view owned by one of `owners`.
    mutating func removeOwned(by owners: [String]) {
        views.removeAll { owners.contains($0.owner) }
    }

    mutating func remove(_ key: String) {
        if let index = index(of: key) { views.remove(at: index) }
    }

    mutating func setLook(_ key: String, _ look: Look) {
        if let index = index(of: key) { views[index].look = look }
    }

    mutating func setHidden(_ key: String, _ hidden: Bool) {
        if let index = index(of: key) { views[index].hidden = hidden }
    }

    func look(_ key: String) -> Look? { index(of: key).map { views[$0].look } }

    /// The views as trace states with the given looks (one per view), back to front. With
    /// `clampingAlpha`, alpha is stored as Core Animation renders opacity: clamped to 0...1 (a
    /// spring's overshoot of the model value shows as 1, or 0).
    func states(looks: UnsafeBufferPointer<Look>, clampingAlpha: Bool) -> [ViewState] {
        views.withUnsafeBufferPointer { views in
            views.indices.map { z in
                ViewState(
                    withoutExtensions: views[z].key, x: looks[z].x, y: looks[z].y, w: looks[z].w, h: looks[z].h,
                    alpha: clampingAlpha ? min(max(looks[z].alpha, 0), 1) : looks[z].alpha, transform: looks[z].affine,
                    rotationX: looks[z].rotX,
                    rotationY: looks[z].rotY, m34: looks[z].m34, z: z, hidden: views[z].hidden)
            }
        }
    }
}
