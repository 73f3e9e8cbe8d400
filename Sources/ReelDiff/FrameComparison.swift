import ReelTrace

/// Accumulates frame-by-frame differences between two traces, one frame pair at a time.
struct FrameComparison: Sendable {
    let tolerances: Tolerances
    private(set) var viewDivergences: [Divergence] = []
    private(set) var propertyDivergences: [Divergence] = []
    private(set) var firstDivergentFrame: Int?
    private(set) var maxError: Double = 0
    /// "key|property" pairs already reported, so each is reported at its first frame only.
    private var reported: Set<String> = []

    /// How far, in seconds, a replayed frame's time may be from the recorded one's: half a display
    /// tick, since frames are drawn on ticks (a frame at another tick is another frame).
    let frameTimeTolerance: Double

    init(tolerances: Tolerances, frameTimeTolerance: Double = .infinity) {
        self.tolerances = tolerances
        self.frameTimeTolerance = frameTimeTolerance
    }

    mutating func compare(_ expected: Frame, _ actual: Frame) {
        if !(abs(actual.t - expected.t) <= frameTimeTolerance) {
            check(frame: expected.index, key: "", property: "t", expected.t, actual.t, tolerance: frameTimeTolerance)
        }
        if !(abs(actual.progress - expected.progress) <= tolerances.progress) {
            check(
                frame: expected.index, key: "", property: "progress", expected.progress, actual.progress,
                tolerance: tolerances.progress)
        }
        // Views mostly come in the same order on both sides: while they do, each is looked for at its
        // own index first, which is its first match since a recorded frame holds a view key once
        // (frame_views' primary key). When all match in place, the replay has no extra view.
        // The views are read through buffer pointers, which lend them without copying.
        var sameOrder = expected.views.count == actual.views.count
        expected.views.withUnsafeBufferPointer { recorded in
            actual.views.withUnsafeBufferPointer { replayed in
                for index in recorded.indices {
                    let match: Int
                    if sameOrder, replayed[index].key == recorded[index].key {
                        match = index
                    } else if let found = replayed.firstIndex(where: { $0.key == recorded[index].key }) {
                        match = found
                        sameOrder = false
                    } else {
                        reportView(.missingView, key: recorded[index].key, frame: expected.index, "missing from the replay")
                        sameOrder = false
                        continue
                    }
                    compareView(recorded[index], replayed[match], frame: expected.index)
                }
            }
        }
        if sameOrder { return }
        for view in actual.views where !expected.views.contains(where: { $0.key == view.key }) {
            reportView(.extraView, key: view.key, frame: expected.index, "not in the recording")
        }
    }

    private mutating func compareView(_ e: ViewState, _ a: ViewState, frame: Int) {
        let t = tolerances
        if Self.allWithin(t, e, a) { return }
        for property in ViewProperty.allCases {
            check(
                frame: frame, key: e.key, property: property.rawValue, property.value(of: e), property.value(of: a),
                tolerance: t.tolerance(for: property.family))
        }
    }

    /// Whether every property of the two views is within its tolerance: the common case, decided
    /// without naming any property. It agrees with the `check`s below (NaN is never within).
    private static func allWithin(_ t: Tolerances, _ e: ViewState, _ a: ViewState) -> Bool {
        abs(a.x - e.x) <= t.position && abs(a.y - e.y) <= t.position && abs(a.w - e.w) <= t.size
            && abs(a.h - e.h) <= t.size && abs(a.alpha - e.alpha) <= t.alpha
            && abs(a.transform.a - e.transform.a) <= t.transform && abs(a.transform.b - e.transform.b) <= t.transform
            && abs(a.transform.c - e.transform.c) <= t.transform && abs(a.transform.d - e.transform.d) <= t.transform
            && abs(a.transform.tx - e.transform.tx) <= t.position && abs(a.transform.ty - e.transform.ty) <= t.position
            && abs(a.rotationX - e.rotationX) <= t.transform && abs(a.rotationY - e.rotationY) <= t.transform
            && abs(a.m34 - e.m34) <= t.transform && a.z == e.z && a.hidden == e.hidden
    }

    private mutating func check(
        frame: Int, key: String, property: String, _ expected: Double, _ actual: Double,
        tolerance: Double
    ) {
        let delta = actual - expected
        // NaN on either side fails this test and so diverges; tolerance 0 demands equal values.
        if abs(delta) <= tolerance { return }
        if delta.isFinite { maxError = max(maxError, abs(delta)) }
        if firstDivergentFrame == nil { firstDivergentFrame = frame }
        guard reported.insert(key + "|" + property).inserted else { return }
        let subject = key.isEmpty ? property : "\(key).\(property)"
        propertyDivergences.append(
            Divergence(
                kind: .frame, frameIndex: frame, viewKey: key.isEmpty ? nil : key, property: property,
                expected: "\(expected)", actual: "\(actual)", delta: delta,
                detail: "\(subject) is \(actual) instead of \(expected) at frame \(frame)"))
    }

    private mutating func reportView(_ kind: DivergenceKind, key: String, frame: Int, _ what: String) {
        if firstDivergentFrame == nil { firstDivergentFrame = frame }
        guard reported.insert(key + "|" + kind.rawValue).inserted else { return }
        viewDivergences.append(
            Divergence(kind: kind, frameIndex: frame, viewKey: key, detail: "\(key) \(what) at frame \(frame)"))
    }
}
