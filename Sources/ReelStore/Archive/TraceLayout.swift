import ReelTrace

/// The stored properties of a view state, in the order of `ViewProperty.allCases` (the ids of the
/// `view_properties` table): the `ViewProperty.fixedCount` that `trace_views` holds a column for
/// (x, y, w, h, alpha, a, b, c, d, tx, ty, rotation_x, rotation_y, m34, z, hidden), then the
/// extensions (`trace_view_extensions`).
struct ViewValues: Equatable, Sendable {
    /// `ViewProperty.allCases.count`, as the literal `InlineArray` needs (`ViewValuesTests` checks
    /// that they agree).
    static let count = 28
    static let zProperty = ViewProperty.z.offset
    static let hiddenProperty = ViewProperty.hidden.offset

    var values: InlineArray<28, Double>

    /// All zero.
    init() {
        values = InlineArray(repeating: 0)
    }

    init(_ view: ViewState) {
        let t = view.transform
        values = InlineArray(repeating: 0)
        values[0] = view.x
        values[1] = view.y
        values[2] = view.w
        values[3] = view.h
        values[4] = view.alpha
        values[5] = t.a
        values[6] = t.b
        values[7] = t.c
        values[8] = t.d
        values[9] = t.tx
        values[10] = t.ty
        values[11] = view.rotationX
        values[12] = view.rotationY
        values[13] = view.m34
        values[14] = Double(view.z)
        values[15] = view.hidden ? 1 : 0
        if view.setsAnExtension {
            for property in ViewProperty.extensions { values[property.offset] = property.value(of: view) }
        }
    }

    subscript(property: Int) -> Double {
        get { values[property] }
        set { values[property] = newValue }
    }

    static func == (a: ViewValues, b: ViewValues) -> Bool {
        a.changedProperties(from: b) == 0
    }

    /// Bit p set when property p differs from `previous`'s, compared as Doubles (so 0 and -0 are
    /// equal and a NaN differs from everything), as `values[p] != previous[p]` would. One pass over
    /// both values' storage: `TraceLayout` asks this of every view in every frame, and reading the
    /// sixteen values through the subscript, twice, was half its instructions.
    ///
    /// ```swift
    /// var moved = ViewValues()
    /// moved[1] = 20  // y
    /// moved.changedProperties(from: ViewValues())  // 0b10
    /// ```
    func changedProperties(from previous: ViewValues) -> UInt32 {
        let now = values.span
        let before = previous.values.span
        var changed: UInt32 = 0
        for property in 0..<Self.count where now[property] != before[property] {
            changed |= 1 << UInt32(property)
        }
        return changed
    }
}

/// A run of consecutive frames in which a view appears: one `trace_views` row.
struct ViewRun: Sendable {
    var viewID: Int64
    var firstFrame: Int
    var lastFrame: Int
    /// Bit p set when property p changes within the run.
    var changing: Int64
    /// The values at `firstFrame`.
    var first: ViewValues
}

/// A property whose value differs from the frame before in the same run (the v4 `view_changes` row).
struct ViewChange: Sendable {
    var viewID: Int64
    var property: Int
    var frameIndex: Int
    var value: Double
}

/// The changes of one property of one view in consecutive frames, at most `width` of them: one
/// `view_change_packs` row, `values[i]` being the value at frame `firstFrame + i`.
struct ViewChangePack: Sendable {
    /// The value columns of a `view_change_packs` row (`v0` ... `v15`, migration 0007).
    static let width = 16

    var viewID: Int64
    var property: Int
    var firstFrame: Int
    var values: [Double]

    /// `changes`, in (view, property, frame) order, cut into packs: a pack ends at a frame without
    /// a change, at another view or property, and after `width` changes, as migration 0007 cuts them.
    static func packs(_ changes: [ViewChange]) -> [ViewChangePack] {
        var packs: [ViewChangePack] = []
        var start = 0
        while start < changes.count {
            let first = changes[start]
            var end = start + 1
            while end < changes.count, end - start < width, changes[end].viewID == first.viewID,
                changes[end].property == first.property, changes[end].frameIndex == first.frameIndex + (end - start)
            {
                end += 1
            }
            packs.append(
                ViewChangePack(
                    viewID: first.viewID, property: first.property, firstFrame: first.frameIndex, values: changes[start..<end].map(\.value))
            )
            start = end
        }
        return packs
    }

    /// The changes the pack holds, one per frame.
    var changes: some Sequence<ViewChange> {
        values.enumerated().lazy.map { offset, value in
            ViewChange(viewID: viewID, property: property, frameIndex: firstFrame + offset, value: value)
        }
    }
}

/// A trace in the stored layout (docs/SCHEMA.md, "traces"): frame times as the frame clock's ticks
/// where they are, each view's values at the start of its runs, and only the values that change.
/// Runs and change packs come in primary-key order, so inserting them appends to the b-trees.
struct TraceLayout: Sendable {
    /// The session's refresh rate: the frame clock's ticks per second.
    var refreshHz: Double
    /// The tick of frame 0: frame i is at (firstTick + i) / refreshHz unless `explicitTimes` says otherwise.
    var firstTick: Int64
    /// Per frame: its time when it is not the clock's tick, else nil.
    var explicitTimes: [Double?]
    var runs: [ViewRun]
    /// The values that change, packed (`ViewChangePack`), in primary-key order.
    var changePacks: [ViewChangePack]
}

/// A trace's layout before its view keys are interned (which only the archive's writer can do): the
/// walk over every frame and view, done wherever the trace is made (the recorder's producer thread),
/// with each view numbered by its first appearance. `resolved` puts the interned ids in and orders
/// runs and changes by them, giving exactly the layout `TraceLayout.init` gives.
struct UnresolvedTraceLayout: Sendable {
    var refreshHz: Double
    var firstTick: Int64
    var explicitTimes: [Double?]
    /// The view keys in order of first appearance: view number k is `viewKeys[k]`.
    var viewKeys: [String]
    /// Runs and changes in the order the walk made them, `viewID` a view number.
    var runs: [ViewRun]
    var changes: [ViewChange]

    init(_ trace: Trace, refreshHz: Double) {
        self.refreshHz = refreshHz
        let tick = trace.frames.first.map { ($0.t * refreshHz).rounded() } ?? 0
        let firstTick = tick.isFinite && abs(tick) < 1e15 ? Int64(tick) : 0
        var explicitTimes: [Double?] = []
        explicitTimes.reserveCapacity(trace.frames.count)
        var runs: [ViewRun] = []
        var changes: [ViewChange] = []
        var seen = SeenViews()
        // Frames and views are read in place (through buffer pointers): iterating the arrays copied
        // each view, its key retained and released, about a third of the walk's instructions.
        trace.frames.withUnsafeBufferPointer { frames in
            for frame in frames {
                let clockTime = Double(firstTick + Int64(frame.index)) / refreshHz
                explicitTimes.append(frame.t == clockTime ? nil : frame.t)
                frame.views.withUnsafeBufferPointer { views in
                    for position in views.indices {
                        let values = ViewValues(views[position])
                        guard let slot = seen.slot(of: views[position].key, hint: position) else {
                            let id = Int64(seen.views.count)
                            runs.append(ViewRun(viewID: id, firstFrame: frame.index, lastFrame: frame.index, changing: 0, first: values))
                            seen.append(SeenViews.View(key: views[position].key, id: id, run: runs.count - 1, values: values))
                            continue
                        }
                        let id = seen.views[slot].id
                        let runIndex = seen.views[slot].run
                        if runs[runIndex].lastFrame == frame.index - 1 {
                            runs[runIndex].lastFrame = frame.index
                            var changed = values.changedProperties(from: seen.views[slot].values)
                            runs[runIndex].changing |= Int64(changed)
                            while changed != 0 {
                                let property = changed.trailingZeroBitCount
                                changed &= changed - 1
                                changes.append(ViewChange(viewID: id, property: property, frameIndex: frame.index, value: values[property]))
                            }
                        } else {
                            runs.append(ViewRun(viewID: id, firstFrame: frame.index, lastFrame: frame.index, changing: 0, first: values))
                            seen.views[slot].run = runs.count - 1
                        }
                        seen.views[slot].values = values
                    }
                }
            }
        }
        self.firstTick = firstTick
        self.explicitTimes = explicitTimes
        self.runs = runs
        self.changes = changes
        viewKeys = seen.views.map(\.key)
    }

    /// The layout with each view number replaced by `viewID` of its key, runs and changes sorted
    /// into primary-key order and the changes packed.
    func resolved(viewID: (String) throws -> Int64) rethrows -> TraceLayout {
        let ids = try viewKeys.map(viewID)
        var runs = self.runs
        for index in runs.indices { runs[index].viewID = ids[Int(runs[index].viewID)] }
        runs.sort { ($0.viewID, $0.firstFrame) < ($1.viewID, $1.firstFrame) }
        return TraceLayout(
            refreshHz: refreshHz, firstTick: firstTick, explicitTimes: explicitTimes, runs: runs,
            changePacks: ViewChangePack.packs(Self.primaryKeyOrder(changes, ids: ids)))
    }

    /// `changes` with each view number replaced by `ids` of it, stably sorted by (view id,
    /// property, frame). The walk makes the changes frame after frame, so those of one view and
    /// property already come in frame order: a counting sort by (view id, property) gives the
    /// sorted order in two passes. When the frames do not come in order (a trace whose frame
    /// indexes go back), it sorts them as a comparison sort would.
    ///
    /// ```swift
    /// // view 0 has id 7, view 1 id 3: view 1's changes come first
    /// primaryKeyOrder([x of view 0 at frame 1, alpha of view 1 at frame 1, x of view 1 at frame 2], ids: [7, 3])
    /// // [x of 3 at 2, alpha of 3 at 1, x of 7 at 1]
    /// ```
    static func primaryKeyOrder(_ changes: [ViewChange], ids: [Int64]) -> [ViewChange] {
        let properties = ViewValues.count
        // rank[v]: the place of view number v when the views are ordered by id.
        var rank = [Int](repeating: 0, count: ids.count)
        for (place, view) in ids.indices.sorted(by: { ids[$0] < ids[$1] }).enumerated() { rank[view] = place }
        var next = [Int](repeating: 0, count: ids.count * properties + 1)
        for change in changes { next[rank[Int(change.viewID)] * properties + change.property + 1] += 1 }
        for group in 0..<(ids.count * properties) { next[group + 1] += next[group] }
        var sorted = [ViewChange](
            repeating: ViewChange(viewID: 0, property: 0, frameIndex: 0, value: 0), count: changes.count)
        for change in changes {
            let group = rank[Int(change.viewID)] * properties + change.property
            sorted[next[group]] = ViewChange(
                viewID: ids[Int(change.viewID)], property: change.property, frameIndex: change.frameIndex, value: change.value)
            next[group] += 1
        }
        for index in sorted.indices.dropFirst()
        where sorted[index].viewID == sorted[index - 1].viewID && sorted[index].property == sorted[index - 1].property
            && sorted[index].frameIndex < sorted[index - 1].frameIndex
        {
            sorted.sort { ($0.viewID, $0.property, $0.frameIndex) < ($1.viewID, $1.property, $1.frameIndex) }
            break
        }
        return sorted
    }
}

/// The views a trace has shown so far, in order of first appearance: each one's key, number,
/// open run (an index into the layout's runs) and values at the last frame it was in. A trace shows
/// a handful of views, mostly at the same position frame after frame, so a search from that
/// position finds a key in a comparison or two, cheaper than hashing the key per frame and view.
private struct SeenViews {
    struct View {
        var key: String
        var id: Int64
        var run: Int
        var values: ViewValues
    }

    var views: [View] = []

    mutating func append(_ view: View) { views.append(view) }

    /// The index of the view with `key`, searched from `hint` onwards and then from the start.
    func slot(of key: String, hint: Int) -> Int? {
        let start = min(hint, views.count)
        if let index = views[start...].firstIndex(where: { $0.key == key }) { return index }
        return views[..<start].firstIndex(where: { $0.key == key })
    }
}

/// Rebuilds the frames of one stored trace from its runs and changes (the inverse of `TraceLayout`).
struct TraceAssembler {
    /// The longest run a stored trace may hold: more frames than the longest session a gesture
    /// stream may describe (GestureLimits: ten minutes at 120 Hz), so only a damaged archive exceeds it.
    static let maximumRunFrames = 100_000

    private var runs: [ViewRun] = []
    private var changes: [ViewChange] = []
    /// The values of every frame of every run, `ViewValues.count` per frame, run after run (run i's from
    /// `runStarts[i]`), filled by `finish`. One buffer kept from trace to trace.
    private var values: [Double] = []
    /// Per run, where its values start in `values`.
    private var runStarts: [Int] = []
    /// Per run, its view's key, filled by `resolveKeys` (once a trace, not once a frame and view).
    private var keys: [String] = []
    /// The frame being put into columns: where each of its views' values start in `values`.
    private var frameBases: [Int] = []

    mutating func reset() {
        runs.removeAll(keepingCapacity: true)
        changes.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
        runStarts.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
    }

    /// Names every run's view by `key`, for `columns(ofFrame:into:)`.
    mutating func resolveKeys(_ key: (Int64) throws -> String) throws {
        keys = try runs.map { try key($0.viewID) }
    }

    mutating func add(_ run: ViewRun) { runs.append(run) }

    /// Sets extension `property`'s value at the first frame of the run of `viewID` that starts at
    /// `firstFrame` (a `trace_view_extensions` row), before `finish`. A row without its run, or of
    /// a property that is no extension, is refused as a damaged archive's.
    mutating func setExtension(viewID: Int64, firstFrame: Int, property: Int, value: Double) throws {
        guard (ViewProperty.fixedCount..<ViewValues.count).contains(property) else {
            throw ArchiveError.invalidStoredValue(table: "trace_view_extensions", column: "property", value: String(property))
        }
        guard let run = runs.lastIndex(where: { $0.viewID == viewID && $0.firstFrame == firstFrame }) else {
            throw ArchiveError.invalidStoredValue(
                table: "trace_view_extensions", column: "first_frame", value: "\(firstFrame) (no run of view \(viewID) starts there)")
        }
        runs[run].first[property] = value
    }
    mutating func add(_ change: ViewChange) { changes.append(change) }

    /// Expands the runs: each run's first values, carried forward and replaced at each change.
    /// Changes must come in (view, property, frame) order, runs in (view, first frame) order.
    mutating func finish() throws {
        if let long = runs.first(where: { $0.lastFrame - $0.firstFrame >= Self.maximumRunFrames }) {
            throw ArchiveError.invalidStoredValue(
                table: "trace_views", column: "last_frame",
                value: "\(long.lastFrame) (a run of more than \(Self.maximumRunFrames) frames from \(long.firstFrame))")
        }
        var total = 0
        for run in runs {
            runStarts.append(total)
            total += (run.lastFrame - run.firstFrame + 1) * ViewValues.count
        }
        values.append(contentsOf: repeatElement(0, count: total))
        values.withUnsafeMutableBufferPointer { buffer in
            guard let start = buffer.baseAddress else { return }
            for runIndex in runs.indices {
                // The run's first values, copied into each of its frames.
                withUnsafeBytes(of: runs[runIndex].first.values) { first in
                    let source = first.baseAddress!.assumingMemoryBound(to: Double.self)
                    var position = runStarts[runIndex]
                    for _ in 0...(runs[runIndex].lastFrame - runs[runIndex].firstFrame) {
                        (start + position).update(from: source, count: ViewValues.count)
                        position += ViewValues.count
                    }
                }
            }
        }
        var runIndex = 0
        // The change before, while it is of the same run and property: its value holds until this one.
        var previous: (run: Int, property: Int, offset: Int, value: Double)?
        for change in changes {
            // The change's run: same view, frame inside it (both lists are sorted by view first).
            if runIndex >= runs.count || runs[runIndex].viewID != change.viewID || !runs[runIndex].covers(change.frameIndex) {
                guard let found = runs.firstIndex(where: { $0.viewID == change.viewID && $0.covers(change.frameIndex) }) else {
                    throw ArchiveError.invalidStoredValue(
                        table: "view_change_packs", column: "first_frame",
                        value: "\(change.frameIndex) (view \(change.viewID) is not in that frame)")
                }
                runIndex = found
            }
            let offset = change.frameIndex - runs[runIndex].firstFrame
            if let before = previous, before.run == runIndex, before.property == change.property {
                try fill(run: before.run, property: before.property, from: before.offset, to: offset, with: before.value)
            } else if let before = previous {
                try fill(run: before.run, property: before.property, from: before.offset, to: nil, with: before.value)
            }
            previous = (runIndex, change.property, offset, change.value)
        }
        if let before = previous {
            try fill(run: before.run, property: before.property, from: before.offset, to: nil, with: before.value)
        }
        // z and hidden as a `ViewState` holds them: a zero z without its sign, hidden 1 for any
        // value but 0. (A z that is no whole number is refused when its frame is read, as before.)
        values.withUnsafeMutableBufferPointer { buffer in
            var position = 0
            while position < buffer.count {
                if buffer[position + ViewValues.zProperty] == 0 { buffer[position + ViewValues.zProperty] = 0 }
                buffer[position + ViewValues.hiddenProperty] = buffer[position + ViewValues.hiddenProperty] != 0 ? 1 : 0
                position += ViewValues.count
            }
        }
    }

    /// Sets `property` of run `run` to `value` from frame offset `start` up to `end` (exclusive; nil: the run's end).
    /// Changes read out of frame order (only a damaged index returns them so) are refused as bad data.
    private mutating func fill(run: Int, property: Int, from start: Int, to end: Int?, with value: Double) throws {
        let end = end ?? (runs[run].lastFrame - runs[run].firstFrame + 1)
        guard start <= end else {
            throw ArchiveError.invalidStoredValue(
                table: "view_change_packs", column: "first_frame",
                value: "\(runs[run].firstFrame + end) (read after frame \(runs[run].firstFrame + start) of view \(runs[run].viewID))")
        }
        let first = runStarts[run] + property
        values.withUnsafeMutableBufferPointer { buffer in
            for offset in start..<end { buffer[first + offset * ViewValues.count] = value }
        }
    }

    /// Puts frame `index` into `columns`, as its only frame: its views back to front, by z, then
    /// in run order (view key id, then first frame), each view's values copied as its row (the
    /// keys are the trace's, shared, not copied). The arrays keep their storage from frame to
    /// frame. A stored z that is no whole number in range is refused.
    mutating func columns(ofFrame index: Int, t: Double, progress: Double, into columns: inout FrameColumns) throws {
        columns.keys = keys
        columns.firstIndex = index
        Self.setOnly(t, in: &columns.times)
        Self.setOnly(progress, in: &columns.progress)
        columns.keyNumbers.removeAll(keepingCapacity: true)
        frameBases.removeAll(keepingCapacity: true)
        for runIndex in runs.indices where runs[runIndex].covers(index) {
            let base = runStarts[runIndex] + (index - runs[runIndex].firstFrame) * ViewValues.count
            let z = values[base + ViewValues.zProperty]
            _ = try Self.z(z)
            frameBases.append(base)
            columns.keyNumbers.append(runIndex)
            // After every view with a lower or equal z: views taken in run order end up
            // ordered by (z, run order), back to front.
            var position = frameBases.count - 1
            while position > 0, values[frameBases[position - 1] + ViewValues.zProperty] > z {
                frameBases[position] = frameBases[position - 1]
                columns.keyNumbers[position] = columns.keyNumbers[position - 1]
                position -= 1
            }
            frameBases[position] = base
            columns.keyNumbers[position] = runIndex
        }
        columns.values.removeAll(keepingCapacity: true)
        for base in frameBases { columns.values.append(contentsOf: values[base..<(base + ViewValues.count)]) }
        if columns.starts.count == 2 {
            columns.starts[1] = frameBases.count
        } else {
            columns.starts = [0, frameBases.count]
        }
    }

    /// Makes `array` hold `value` alone, in its own storage when it already holds one value.
    private static func setOnly(_ value: Double, in array: inout [Double]) {
        if array.count == 1 { array[0] = value } else { array = [value] }
    }
}

extension TraceAssembler {
    /// A stored z as an Int; a damaged archive's value that is no whole number in range is refused, not trapped on.
    static func z(_ value: Double) throws -> Int {
        guard abs(value) <= 9_007_199_254_740_992, let z = Int(exactly: value) else {
            throw ArchiveError.invalidStoredValue(
                table: "view_change_packs", column: "value", value: "\(value) (a z that is no whole number)")
        }
        return z
    }
}

extension ViewRun {
    func covers(_ frameIndex: Int) -> Bool { firstFrame <= frameIndex && frameIndex <= lastFrame }
}
