/// Frames as numbers: the one representation of frames on the replay path.
///
/// The view keys, each once; per frame its time and progress; per view of every frame (a slot,
/// back to front within its frame) the number of its key and one row of `width` values in
/// `ViewProperty.allCases` order (z a whole number, hidden 1 or 0, as `ViewProperty.value(of:)`
/// gives them). The archive's decoder fills one `FrameColumns` with one frame, frame after frame
/// (`Archive.forEachFrameColumns`); an engine's binary answer is read into one holding all its
/// frames (docs/PROTOCOL.md, "The binary encoding"); `FrameComparison` compares a frame of one with
/// a frame of another. `Frame` and `ViewState` are the convenience view made from it on demand.
///
/// ```swift
/// let columns = FrameColumns(trace.frames)  // frame 0's view 0 is "A.view" at x = 0
/// columns.key(ofSlot: columns.starts[0])     // "A.view"
/// columns.value(.x, ofSlot: columns.starts[0])  // 0.0
/// columns.frames == trace.frames             // true
/// ```
package struct FrameColumns: Sendable, Hashable {
    /// The values of one view: `ViewProperty.allCases.count`.
    package static let width = ViewProperty.allCases.count
    /// `ViewProperty.allCases`, made once (each `allCases` is a new array).
    private static let properties = ViewProperty.allCases

    /// The index (`Frame.index`) of frame 0; frame `n` is frame `firstIndex + n` of its session.
    package var firstIndex = 0
    /// The view keys, each once; slots name theirs by number.
    package var keys: [String] = []
    /// Per frame: its time (seconds since the start of the session) and progress.
    package var times: [Double] = []
    package var progress: [Double] = []
    /// Per frame, where its slots start (one more entry than frames: the end).
    package var starts: [Int] = [0]
    /// Per slot: the number of its key in `keys`.
    package var keyNumbers: [Int] = []
    /// Per slot: `width` values, slot `s`'s at `s * width`.
    package var values: [Double] = []

    package init() {}

    /// The columns of `frames`, consecutive frames of one session (frame 0's index is the first's).
    package init(_ frames: [Frame]) {
        firstIndex = frames.first?.index ?? 0
        times.reserveCapacity(frames.count)
        progress.reserveCapacity(frames.count)
        starts.reserveCapacity(frames.count + 1)
        var slots = 0
        for frame in frames { slots += frame.views.count }
        keyNumbers.reserveCapacity(slots)
        values.reserveCapacity(slots * Self.width)
        var numbers: [String: Int] = [:]
        for frame in frames { append(frame, numbering: &numbers) }
    }

    /// Adds `frame` as the next frame. `numbers` holds each key's number in `keys`, kept by the
    /// caller from one call to the next (empty for the first frame of empty columns).
    package mutating func append(_ frame: Frame, numbering numbers: inout [String: Int]) {
        let previous = count > 0 ? starts[count - 1]..<starts[count] : 0..<0
        times.append(frame.t)
        progress.append(frame.progress)
        let properties = Self.properties
        for (position, view) in frame.views.enumerated() {
            let number: Int
            // Most frames hold the views of the frame before in its order: its key numbers are
            // tried first, the table of all keys only for a view that moved or is new.
            if position < previous.count, keys[keyNumbers[previous.lowerBound + position]] == view.key {
                number = keyNumbers[previous.lowerBound + position]
            } else if let known = numbers[view.key] {
                number = known
            } else {
                number = keys.count
                numbers[view.key] = number
                keys.append(view.key)
            }
            keyNumbers.append(number)
            // A row of zeros, then the values a view holds: all of them when it sets an extension,
            // else its sixteen (no extension looked up).
            let row = values.count
            values.append(contentsOf: repeatElement(0, count: Self.width))
            let read = view.setsAnExtension ? Self.width : ViewProperty.fixedCount
            for (offset, property) in properties.prefix(read).enumerated() { values[row + offset] = property.value(of: view) }
        }
        starts.append(keyNumbers.count)
    }

    /// How many frames.
    package var count: Int { times.count }

    /// The key of slot `slot`.
    package func key(ofSlot slot: Int) -> String { keys[keyNumbers[slot]] }

    /// The value of `property` of slot `slot`.
    package func value(_ property: ViewProperty, ofSlot slot: Int) -> Double {
        values[slot * Self.width + property.offset]
    }

    /// Frame `frame` (0-based among these frames) as a `Frame` value.
    package func frame(_ frame: Int) -> Frame {
        var views: [ViewState] = []
        views.reserveCapacity(starts[frame + 1] - starts[frame])
        let properties = Self.properties
        for slot in starts[frame]..<starts[frame + 1] {
            var view = ViewState(key: key(ofSlot: slot), x: 0, y: 0, w: 0, h: 0, z: 0)
            for property in properties { property.set(value(property, ofSlot: slot), in: &view) }
            views.append(view)
        }
        return Frame(index: firstIndex + frame, t: times[frame], progress: progress[frame], views: views)
    }

    /// Every frame as a `Frame` value.
    package var frames: [Frame] { (0..<count).map(frame) }

    /// The heap bytes the columns hold (element strides; the keys' own storage aside).
    package var heapBytes: Int {
        keys.count * MemoryLayout<String>.stride + (times.count + progress.count + values.count) * 8
            + (starts.count + keyNumbers.count) * MemoryLayout<Int>.stride
    }
}
