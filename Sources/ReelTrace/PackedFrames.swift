/// A replayed trace's frames as flat columns: the views of every frame one after the other, each
/// as `FrameColumns.width` numbers in `ViewProperty.allCases` order and the number of its key.
///
/// What a replay reads from an engine's binary answer (docs/PROTOCOL.md, "The binary encoding") when
/// it only compares the frames with the recorded ones: no `Frame` and no array of `ViewState` per
/// frame is made (and freed) for them. `frames` makes the `Frame` values when they are needed (a
/// trace that is kept).
///
/// ```swift
/// let packed = PackedFrames(trace.frames)
/// packed.frames == trace.frames  // true
/// ```
package struct PackedFrames: Sendable, Hashable {
    /// The view keys, each once; views name theirs by number.
    package var keys: [String] = []
    /// Per frame: its time and progress.
    package var times: [Double] = []
    package var progress: [Double] = []
    /// Per frame, where its views start among all views (one more entry than frames: the end).
    package var starts: [Int] = [0]
    /// Per view of every frame, back to front within a frame: the number of its key in `keys`.
    package var keyNumbers: [Int] = []
    /// Per view of every frame: `FrameColumns.width` values, z a whole number and hidden 1 or 0.
    package var values: [Double] = []

    package init() {}

    /// The frames of `frames`, packed (their indices are their positions).
    package init(_ frames: [Frame]) {
        var numbers: [String: Int] = [:]
        for frame in frames {
            times.append(frame.t)
            progress.append(frame.progress)
            for view in frame.views {
                let number: Int
                if let known = numbers[view.key] {
                    number = known
                } else {
                    number = keys.count
                    numbers[view.key] = number
                    keys.append(view.key)
                }
                keyNumbers.append(number)
                for property in ViewProperty.allCases { values.append(property.value(of: view)) }
            }
            starts.append(keyNumbers.count)
        }
    }

    /// How many frames.
    package var count: Int { times.count }

    /// The key of view `slot` (of all frames' views).
    package func key(ofSlot slot: Int) -> String { keys[keyNumbers[slot]] }

    /// Frame `index` as a `Frame` value.
    package func frame(_ index: Int) -> Frame {
        var views: [ViewState] = []
        views.reserveCapacity(starts[index + 1] - starts[index])
        for slot in starts[index]..<starts[index + 1] {
            let base = slot * FrameColumns.width
            views.append(
                ViewState(
                    key: key(ofSlot: slot), x: values[base], y: values[base + 1], w: values[base + 2], h: values[base + 3],
                    alpha: values[base + 4],
                    transform: AffineTransform(
                        a: values[base + 5], b: values[base + 6], c: values[base + 7], d: values[base + 8], tx: values[base + 9],
                        ty: values[base + 10]),
                    rotationX: values[base + 11], rotationY: values[base + 12], m34: values[base + 13],
                    z: Int(values[base + FrameColumns.zOffset]), hidden: values[base + FrameColumns.hiddenOffset] != 0))
        }
        return Frame(index: index, t: times[index], progress: progress[index], views: views)
    }

    /// Every frame as a `Frame` value.
    package var frames: [Frame] { (0..<count).map(frame) }

    /// The heap bytes the columns hold (element strides; the keys' own storage aside).
    package var heapBytes: Int {
        keys.count * MemoryLayout<String>.stride + (times.count + progress.count + values.count) * 8
            + (starts.count + keyNumbers.count) * MemoryLayout<Int>.stride
    }
}
