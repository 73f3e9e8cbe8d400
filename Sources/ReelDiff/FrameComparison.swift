import ReelTrace

/// Accumulates frame-by-frame differences between two traces, one frame pair at a time.
struct FrameComparison: Sendable {
    let tolerances: Tolerances
    /// `tolerances.perProperty`, made once: a view's row is judged against it value by value.
    private let perProperty: [Double]
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
        perProperty = tolerances.perProperty
        self.frameTimeTolerance = frameTimeTolerance
    }

    /// Compares two frames given as `Frame` values, as their columns.
    mutating func compare(_ expected: Frame, _ actual: Frame) {
        compare(FrameColumns([expected]), frame: 0, FrameColumns([actual]), frame: 0)
    }

    /// Compares recorded frame `e` of `expected` with replayed frame `a` of `actual` (the replayed
    /// frame at the same position): time, progress, then each recorded view, back to front, with
    /// the replayed view of its key, property by property in `ViewProperty` order; then the
    /// replayed views the recording does not have.
    mutating func compare(_ expected: FrameColumns, frame e: Int, _ actual: FrameColumns, frame a: Int) {
        let index = expected.firstIndex + e
        let t = actual.times[a]
        let progress = actual.progress[a]
        if !(abs(t - expected.times[e]) <= frameTimeTolerance) {
            check(frame: index, key: "", property: "t", expected.times[e], t, tolerance: frameTimeTolerance)
        }
        if !(abs(progress - expected.progress[e]) <= tolerances.progress) {
            check(frame: index, key: "", property: "progress", expected.progress[e], progress, tolerance: tolerances.progress)
        }
        // Views mostly come in the same order on both sides: while they do, each is looked for at its
        // own position first, which is its first match since a recorded frame holds a view key once
        // (frame_views' primary key). When all match in place, the replay has no extra view.
        let recordedFirst = expected.starts[e]
        let count = expected.starts[e + 1] - recordedFirst
        let replayedFirst = actual.starts[a]
        let replayedCount = actual.starts[a + 1] - replayedFirst
        var sameOrder = count == replayedCount
        let width = FrameColumns.width
        for view in 0..<count {
            let slot = recordedFirst + view
            let key = expected.key(ofSlot: slot)
            let match: Int
            if sameOrder, actual.key(ofSlot: replayedFirst + view) == key {
                match = replayedFirst + view
            } else if let found = (replayedFirst..<(replayedFirst + replayedCount)).first(where: { actual.key(ofSlot: $0) == key }) {
                match = found
                sameOrder = false
            } else {
                reportView(.missingView, key: key, frame: index, "missing from the replay")
                sameOrder = false
                continue
            }
            let recorded = slot * width
            let replayed = match * width
            // Property by property in `ViewProperty` order (a property's offset is its position),
            // each against its tolerance; the property is named only when its values differ.
            for offset in 0..<width {
                let expectedValue = expected.values[recorded + offset]
                let actualValue = actual.values[replayed + offset]
                // NaN is never within; z and hidden (tolerance 0), whole numbers on both sides, must be equal.
                if abs(actualValue - expectedValue) <= perProperty[offset] { continue }
                check(
                    frame: index, key: key, property: ViewProperty.allCases[offset].rawValue, expectedValue, actualValue,
                    tolerance: perProperty[offset])
            }
        }
        if sameOrder { return }
        for slot in replayedFirst..<(replayedFirst + replayedCount) {
            let key = actual.key(ofSlot: slot)
            if !(recordedFirst..<(recordedFirst + count)).contains(where: { expected.key(ofSlot: $0) == key }) {
                reportView(.extraView, key: key, frame: index, "not in the recording")
            }
        }
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
