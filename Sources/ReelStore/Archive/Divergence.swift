/// One difference between a recorded and a replayed trace: the content of a `divergences` row.
public struct Divergence: Sendable, Hashable {
    public var kind: DivergenceKind
    /// The first frame at which it shows, when it concerns frames.
    public var frameIndex: Int?
    public var viewKey: String?
    /// "x", "alpha", "progress", "completed", "t", ... or nil.
    public var property: String?
    public var expected: String?
    public var actual: String?
    /// |actual - expected| for numeric properties.
    public var delta: Double?
    /// A sentence for people (stored in `divergences.detail`).
    public var detail: String

    public init(
        kind: DivergenceKind, frameIndex: Int? = nil, viewKey: String? = nil, property: String? = nil,
        expected: String? = nil, actual: String? = nil, delta: Double? = nil, detail: String
    ) {
        self.kind = kind
        self.frameIndex = frameIndex
        self.viewKey = viewKey
        self.property = property
        self.expected = expected
        self.actual = actual
        self.delta = delta
        self.detail = detail
    }
}
