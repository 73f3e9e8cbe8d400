/// The presentation state of one view at one display tick.
///
/// `x`, `y`, `w`, `h` are the view's untransformed frame in window coordinates (center minus half
/// the bounds); the transform applies about the view's center, as a layer with the default anchor.
public struct ViewState: Sendable, Hashable {
    /// A stable name for the view in traces: "A.view", "B.view", "dimming", "snapshot", ...
    public var key: String
    /// Points.
    public var x: Double
    /// Points.
    public var y: Double
    /// Points.
    public var w: Double
    /// Points.
    public var h: Double
    /// 0 (transparent) to 1 (opaque).
    public var alpha: Double
    /// The 2-D affine part of the transform: [a b 0; c d 0; tx ty 1], as CGAffineTransform.
    public var transform: AffineTransform
    /// Rotation about the view's x axis, radians (3-D flips and folds).
    public var rotationX: Double
    /// Rotation about the view's y axis, radians (cube, flip-horizontal).
    public var rotationY: Double
    /// The m34 perspective entry of the 3-D transform (-1/eyeDistance; 0 for none).
    public var m34: Double
    /// Stacking order among the views of the frame: 0 is the back-most.
    public var z: Int
    public var hidden: Bool
    /// The extension properties (`ViewProperty.isExtension`: the layer's and the scroll view's),
    /// held apart so that a view that sets none of them (most) costs 8 bytes for them.
    package var extensions = ExtensionValues()

    /// The layer's corner radius (`CALayer.cornerRadius`), points.
    public var cornerRadius: Double {
        get { extensions[.cornerRadius] }
        set { extensions[.cornerRadius] = newValue }
    }
    /// The layer's border width (`CALayer.borderWidth`), points.
    public var borderWidth: Double {
        get { extensions[.borderWidth] }
        set { extensions[.borderWidth] = newValue }
    }
    /// The layer's shadow opacity (`CALayer.shadowOpacity`), 0 to 1.
    public var shadowOpacity: Double {
        get { extensions[.shadowOpacity] }
        set { extensions[.shadowOpacity] = newValue }
    }
    /// The layer's shadow blur radius (`CALayer.shadowRadius`), points.
    public var shadowRadius: Double {
        get { extensions[.shadowRadius] }
        set { extensions[.shadowRadius] = newValue }
    }
    /// A scroll view's content offset (`UIScrollView.contentOffset`; a view's bounds origin), points.
    public var contentOffsetX: Double {
        get { extensions[.contentOffsetX] }
        set { extensions[.contentOffsetX] = newValue }
    }
    public var contentOffsetY: Double {
        get { extensions[.contentOffsetY] }
        set { extensions[.contentOffsetY] = newValue }
    }
    /// How far a visual effect view (`UIVisualEffectView`) shows its effect: 0 none, 1 its effect,
    /// between while setting `effect` animates; 0 for other views.
    public var effectFraction: Double {
        get { extensions[.effectFraction] }
        set { extensions[.effectFraction] = newValue }
    }
    /// The layer's mask (`CALayer.mask`, `UIView.mask`): 0 none, 1 a shape layer (its path), 2
    /// another layer (its frame).
    public var maskKind: Double {
        get { extensions[.maskKind] }
        set { extensions[.maskKind] = newValue }
    }
    /// The mask's shape in the layer's coordinates, points: the path's bounding box, or the mask
    /// layer's frame (0 without a mask).
    public var maskX: Double {
        get { extensions[.maskX] }
        set { extensions[.maskX] = newValue }
    }
    public var maskY: Double {
        get { extensions[.maskY] }
        set { extensions[.maskY] = newValue }
    }
    public var maskW: Double {
        get { extensions[.maskW] }
        set { extensions[.maskW] = newValue }
    }
    public var maskH: Double {
        get { extensions[.maskH] }
        set { extensions[.maskH] = newValue }
    }

    /// A view's state; every property after `hidden` is 0 unless given (what a plain view has).
    ///
    /// ```swift
    /// let card = ViewState(key: "card", x: 0, y: 400, w: 390, h: 444, z: 1, cornerRadius: 12)
    /// ```
    public init(
        key: String, x: Double, y: Double, w: Double, h: Double, alpha: Double = 1,
        transform: AffineTransform = .identity, rotationX: Double = 0, rotationY: Double = 0,
        m34: Double = 0, z: Int, hidden: Bool = false, cornerRadius: Double = 0, borderWidth: Double = 0,
        shadowOpacity: Double = 0, shadowRadius: Double = 0, contentOffsetX: Double = 0, contentOffsetY: Double = 0,
        effectFraction: Double = 0, maskKind: Double = 0, maskX: Double = 0, maskY: Double = 0, maskW: Double = 0,
        maskH: Double = 0
    ) {
        self.init(
            withoutExtensions: key, x: x, y: y, w: w, h: h, alpha: alpha, transform: transform, rotationX: rotationX,
            rotationY: rotationY, m34: m34, z: z, hidden: hidden)
        // +0 stores nothing: a plain view's extensions stay empty.
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
        self.shadowOpacity = shadowOpacity
        self.shadowRadius = shadowRadius
        self.contentOffsetX = contentOffsetX
        self.contentOffsetY = contentOffsetY
        self.effectFraction = effectFraction
        self.maskKind = maskKind
        self.maskX = maskX
        self.maskY = maskY
        self.maskW = maskW
        self.maskH = maskH
    }

    /// A view that sets no extension property (what the built-in engine's views are): no
    /// extension's setter runs.
    package init(
        withoutExtensions key: String, x: Double, y: Double, w: Double, h: Double, alpha: Double, transform: AffineTransform,
        rotationX: Double, rotationY: Double, m34: Double, z: Int, hidden: Bool
    ) {
        self.key = key
        self.x = x
        self.y = y
        self.w = w
        self.h = h
        self.alpha = alpha
        self.transform = transform
        self.rotationX = rotationX
        self.rotationY = rotationY
        self.m34 = m34
        self.z = z
        self.hidden = hidden
    }
}

/// The values of a view's extension properties, by `ViewProperty`: only those up to the last one
/// set are stored (none for a view that sets none, the common case: no allocation), the others
/// read as 0. Equal when every property's value is equal as a Double (a property not stored is 0).
package struct ExtensionValues: Sendable, Hashable {
    private var stored: [Double] = []

    package init() {}

    /// The value of extension `property` (0 for one never set).
    package subscript(property: ViewProperty) -> Double {
        get {
            let index = property.offset - ViewProperty.fixedCount
            return index < stored.count ? stored[index] : 0
        }
        set {
            let index = property.offset - ViewProperty.fixedCount
            precondition(index >= 0, "\(property.rawValue) is no extension")
            if index >= stored.count {
                guard newValue.bitPattern != 0 else { return }
                stored.append(contentsOf: repeatElement(0, count: index + 1 - stored.count))
            }
            stored[index] = newValue
        }
    }

    /// Whether some property is set to something else than +0 (bit for bit: -0.0 counts).
    package var anySet: Bool { stored.contains { $0.bitPattern != 0 } }

    package static func == (a: ExtensionValues, b: ExtensionValues) -> Bool {
        for index in 0..<max(a.stored.count, b.stored.count) {
            let left = index < a.stored.count ? a.stored[index] : 0
            let right = index < b.stored.count ? b.stored[index] : 0
            if left != right { return false }
        }
        return true
    }

    package func hash(into hasher: inout Hasher) {
        for (index, value) in stored.enumerated() where value != 0 {
            hasher.combine(index)
            hasher.combine(value)
        }
    }
}

/// CGAffineTransform's six numbers: x' = a x + c y + tx, y' = b x + d y + ty.
public struct AffineTransform: Sendable, Hashable {
    public var a, b, c, d, tx, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// The six numbers in the order of the engine protocol: [a, b, c, d, tx, ty].
    public var components: [Double] { [a, b, c, d, tx, ty] }
}

/// Every view's presentation state at one display tick.
public struct Frame: Sendable, Hashable {
    /// 0-based index of the frame within its session.
    public var index: Int
    /// Seconds since the start of the session (a tick of the frame clock).
    public var t: Double
    /// The transition's progress at this tick, 0 to 1 (the interactive percent while a finger
    /// drives it, the animation's fraction otherwise).
    public var progress: Double
    /// Views in back-to-front order.
    public var views: [ViewState]

    public init(index: Int, t: Double, progress: Double, views: [ViewState]) {
        self.index = index
        self.t = t
        self.progress = progress
        self.views = views
    }
}

/// One thing that happened, in order: a gesture state, a lifecycle callback, a transition call.
public struct TraceEvent: Sendable, Hashable {
    /// Seconds since the start of the session.
    public var t: Double
    /// A stable kind: "gesture", "lifecycle", "transition", "presentation", "interaction", ...
    public var kind: String
    /// Who: "B" (a controller), "pan" (a recognizer), "nav" (a container), ...
    public var subject: String
    /// What: "viewWillAppear", "began", "finish(0.62)", ...
    public var detail: String

    public init(t: Double, kind: String, subject: String, detail: String) {
        self.t = t
        self.kind = kind
        self.subject = subject
        self.detail = detail
    }
}

/// How the session's transition ended.
public struct Outcome: Sendable, Hashable {
    /// true when the transition finished, false when it was cancelled (or never started).
    public var completed: Bool
    /// Seconds since the start of the session when completeTransition was called.
    public var t: Double
    /// The final view-controller hierarchy as canonical JSON (sorted keys).
    public var hierarchy: String

    public init(completed: Bool, t: Double, hierarchy: String) {
        self.completed = completed
        self.t = t
        self.hierarchy = hierarchy
    }
}

/// Everything an engine produced for one session.
public struct Trace: Sendable, Hashable {
    public var frames: [Frame]
    public var events: [TraceEvent]
    public var outcome: Outcome

    public init(frames: [Frame], events: [TraceEvent], outcome: Outcome) {
        self.frames = frames
        self.events = events
        self.outcome = outcome
    }
}

/// The identity of an engine: what produced a trace.
public struct EngineIdentity: Sendable, Hashable, Codable {
    public var name: String
    public var version: String
    /// A digest of everything that determines the engine's behaviour (code version and profile).
    public var fingerprint: String
    /// The profile's parameters as canonical JSON, or "{}" for an external engine.
    public var profileJSON: String

    public init(name: String, version: String, fingerprint: String, profileJSON: String) {
        self.name = name
        self.version = version
        self.fingerprint = fingerprint
        self.profileJSON = profileJSON
    }
}
