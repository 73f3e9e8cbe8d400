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
        compare(FrameColumns(expected), actual)
    }

    /// Compares a recorded frame, as numbers (what the archive decodes, `FrameColumns`), with the
    /// replayed frame at the same position.
    mutating func compare(_ expected: FrameColumns, _ actual: Frame) {
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
        // Both sides are read through buffer pointers, which lend them without copying.
        let count = expected.viewCount
        var sameOrder = count == actual.views.count
        expected.keys.withUnsafeBufferPointer { keys in
            expected.keyNumbers.withUnsafeBufferPointer { numbers in
                expected.offsets.withUnsafeBufferPointer { offsets in
                    expected.values.withUnsafeBufferPointer { values in
                        actual.views.withUnsafeBufferPointer { replayed in
                            for index in 0..<count {
                                let match: Int
                                if sameOrder, replayed[index].key == keys[numbers[index]] {
                                    match = index
                                } else if let found = replayed.firstIndex(where: { $0.key == keys[numbers[index]] }) {
                                    match = found
                                    sameOrder = false
                                } else {
                                    reportView(.missingView, key: keys[numbers[index]], frame: expected.index, "missing from the replay")
                                    sameOrder = false
                                    continue
                                }
                                let recorded = values.baseAddress! + offsets[index]
                                if Self.allWithin(tolerances, recorded, replayed.baseAddress! + match) { continue }
                                compareView(keys[numbers[index]], recorded, replayed[match], frame: expected.index)
                            }
                        }
                    }
                }
            }
        }
        if sameOrder { return }
        for view in actual.views where !(0..<count).contains(where: { expected.key(ofView: $0) == view.key }) {
            reportView(.extraView, key: view.key, frame: expected.index, "not in the recording")
        }
    }

    /// Compares a recorded frame (`FrameColumns`) with replayed frame `index` of `packed`, as
    /// `compare(_:_:)` does with the same frame as a `Frame`: the same divergences in the same order.
    mutating func compare(_ expected: FrameColumns, _ packed: PackedFrames, _ index: Int) {
        let t = packed.times[index]
        let progress = packed.progress[index]
        if !(abs(t - expected.t) <= frameTimeTolerance) {
            check(frame: expected.index, key: "", property: "t", expected.t, t, tolerance: frameTimeTolerance)
        }
        if !(abs(progress - expected.progress) <= tolerances.progress) {
            check(
                frame: expected.index, key: "", property: "progress", expected.progress, progress,
                tolerance: tolerances.progress)
        }
        let first = packed.starts[index]
        let replayedCount = packed.starts[index + 1] - first
        let count = expected.viewCount
        var sameOrder = count == replayedCount
        // Both sides through buffer pointers; a replayed view's key is looked up by its number.
        packed.keys.withUnsafeBufferPointer { replayedKeys in
            packed.keyNumbers.withUnsafeBufferPointer { replayedNumbers in
                packed.values.withUnsafeBufferPointer { replayedValues in
                    expected.keys.withUnsafeBufferPointer { keys in
                        expected.keyNumbers.withUnsafeBufferPointer { numbers in
                            expected.offsets.withUnsafeBufferPointer { offsets in
                                expected.values.withUnsafeBufferPointer { values in
                                    let frameNumbers = replayedNumbers.baseAddress! + first
                                    for view in 0..<count {
                                        let key = keys[numbers[view]]
                                        let match: Int
                                        if sameOrder, replayedKeys[frameNumbers[view]] == key {
                                            match = view
                                        } else if let found = (0..<replayedCount).first(where: { replayedKeys[frameNumbers[$0]] == key }) {
                                            match = found
                                            sameOrder = false
                                        } else {
                                            reportView(.missingView, key: key, frame: expected.index, "missing from the replay")
                                            sameOrder = false
                                            continue
                                        }
                                        let recorded = values.baseAddress! + offsets[view]
                                        let replayed = replayedValues.baseAddress! + (first + match) * FrameColumns.width
                                        if Self.allWithin(tolerances, recorded, replayed) { continue }
                                        for property in ViewProperty.allCases {
                                            check(
                                                frame: expected.index, key: key, property: property.rawValue, recorded[property.offset],
                                                replayed[property.offset], tolerance: tolerances.tolerance(for: property.family))
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        if sameOrder { return }
        for slot in first..<(first + replayedCount) {
            let key = packed.key(ofSlot: slot)
            if !(0..<count).contains(where: { expected.key(ofView: $0) == key }) {
                reportView(.extraView, key: key, frame: expected.index, "not in the recording")
            }
        }
    }

    /// `allWithin` of a replayed view given as values (`FrameColumns` order, z and hidden as
    /// `ViewProperty.value(of:)` gives them): the same test on the same numbers.
    private static func allWithin(_ t: Tolerances, _ e: UnsafePointer<Double>, _ a: UnsafePointer<Double>) -> Bool {
        abs(a[0] - e[0]) <= t.position && abs(a[1] - e[1]) <= t.position && abs(a[2] - e[2]) <= t.size
            && abs(a[3] - e[3]) <= t.size && abs(a[4] - e[4]) <= t.alpha
            && abs(a[5] - e[5]) <= t.transform && abs(a[6] - e[6]) <= t.transform
            && abs(a[7] - e[7]) <= t.transform && abs(a[8] - e[8]) <= t.transform
            && abs(a[9] - e[9]) <= t.position && abs(a[10] - e[10]) <= t.position
            && abs(a[11] - e[11]) <= t.transform && abs(a[12] - e[12]) <= t.transform
            && abs(a[13] - e[13]) <= t.transform && a[14] == e[14] && a[15] == e[15]
    }

    /// Reports each property of recorded view `key`, its values `e` (`FrameColumns` order), outside
    /// its tolerance of replayed view `a`.
    private mutating func compareView(_ key: String, _ e: UnsafePointer<Double>, _ a: ViewState, frame: Int) {
        let t = tolerances
        for property in ViewProperty.allCases {
            check(
                frame: frame, key: key, property: property.rawValue, e[property.offset], property.value(of: a),
                tolerance: t.tolerance(for: property.family))
        }
    }

    /// Whether every property of the two views is within its tolerance: the common case, decided
    /// without naming any property. It agrees with the `check`s below (NaN is never within; z and
    /// hidden, whole numbers on both sides, are compared exactly).
    private static func allWithin(_ t: Tolerances, _ e: UnsafePointer<Double>, _ view: UnsafePointer<ViewState>) -> Bool {
        let a = view.pointee
        return abs(a.x - e[0]) <= t.position && abs(a.y - e[1]) <= t.position && abs(a.w - e[2]) <= t.size
            && abs(a.h - e[3]) <= t.size && abs(a.alpha - e[4]) <= t.alpha
            && abs(a.transform.a - e[5]) <= t.transform && abs(a.transform.b - e[6]) <= t.transform
            && abs(a.transform.c - e[7]) <= t.transform && abs(a.transform.d - e[8]) <= t.transform
            && abs(a.transform.tx - e[9]) <= t.position && abs(a.transform.ty - e[10]) <= t.position
            && abs(a.rotationX - e[11]) <= t.transform && abs(a.rotationY - e[12]) <= t.transform
            && abs(a.m34 - e[13]) <= t.transform && Double(a.z) == e[14] && (a.hidden ? 1 : 0) == e[15]
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
