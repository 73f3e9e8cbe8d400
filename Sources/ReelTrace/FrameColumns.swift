/// A frame as numbers: its views' keys and sixteen values each, with no `ViewState` made.
///
/// The archive decodes its recorded frames into one `FrameColumns` that it refills frame after
/// frame (`Archive.forEachFrameColumns`), so a replay compares them with no array, dictionary or
/// string made per frame; `FrameComparison` compares it with a replayed `Frame`.
/// Views come back to front, as in `Frame.views`.
///
/// ```swift
/// let columns = FrameColumns(frame)     // frame.views[0] is "A.view" at x = 0
/// columns.key(ofView: 0)                // "A.view"
/// columns.value(.x, ofView: 0)          // 0.0
/// ```
package struct FrameColumns: Sendable {
    /// The values of one view: `ViewProperty.allCases.count`.
    package static let width = 16
    /// The position of z among a view's values.
    package static let zOffset = 14
    /// The position of hidden among a view's values.
    package static let hiddenOffset = 15

    /// 0-based index of the frame within its session.
    package var index: Int = 0
    /// Seconds since the start of the session.
    package var t: Double = 0
    /// The transition's progress at this frame.
    package var progress: Double = 0
    /// The keys the views name by number: for a stored trace, one per view run of the trace, set
    /// once a trace (the frames of a trace share them).
    package var keys: [String] = []
    /// How many views the frame shows: the first `viewCount` entries of `keyNumbers` and
    /// `offsets` are its views (a refilled `FrameColumns` keeps longer arrays from frame to frame).
    package var viewCount = 0
    /// Per view, back to front: the number of its key in `keys`.
    package var keyNumbers: [Int] = []
    /// Values, `width` a view in `ViewProperty.allCases` order, z a whole number and hidden 1 or 0
    /// (as `ViewProperty.value(of:)` gives them). For a stored trace, the values of all its frames
    /// (shared by the frames of a trace, not copied per frame).
    package var values: [Double] = []
    /// Per view, back to front: where its `width` values start in `values`.
    package var offsets: [Int] = []

    package init() {}

    /// The columns of `frame`: one key per view, in the frame's order.
    package init(_ frame: Frame) {
        index = frame.index
        t = frame.t
        progress = frame.progress
        keys = frame.views.map(\.key)
        viewCount = frame.views.count
        keyNumbers = Array(frame.views.indices)
        offsets = frame.views.indices.map { $0 * Self.width }
        values.reserveCapacity(frame.views.count * Self.width)
        for view in frame.views {
            for property in ViewProperty.allCases { values.append(property.value(of: view)) }
        }
    }

    /// The key of view `view` (its position back to front).
    package func key(ofView view: Int) -> String { keys[keyNumbers[view]] }

    /// The value of `property` of view `view`.
    package func value(_ property: ViewProperty, ofView view: Int) -> Double {
        values[offsets[view] + property.offset]
    }

    /// The frame as a `Frame` value, its views made from the columns.
    package var frame: Frame {
        var views: [ViewState] = []
        views.reserveCapacity(viewCount)
        for view in 0..<viewCount {
            let base = offsets[view]
            views.append(
                ViewState(
                    key: key(ofView: view), x: values[base], y: values[base + 1], w: values[base + 2], h: values[base + 3],
                    alpha: values[base + 4],
                    transform: AffineTransform(
                        a: values[base + 5], b: values[base + 6], c: values[base + 7], d: values[base + 8], tx: values[base + 9],
                        ty: values[base + 10]),
                    rotationX: values[base + 11], rotationY: values[base + 12], m34: values[base + 13],
                    z: Int(values[base + Self.zOffset]), hidden: values[base + Self.hiddenOffset] != 0))
        }
        return Frame(index: index, t: t, progress: progress, views: views)
    }
}

extension ViewProperty {
    /// The property's position among a view's values (`ViewProperty.allCases` order), as
    /// `FrameColumns` and the archive's stored columns keep them.
    package var offset: Int {
        switch self {
        case .x: 0
        case .y: 1
        case .w: 2
        case .h: 3
        case .alpha: 4
        case .a: 5
        case .b: 6
        case .c: 7
        case .d: 8
        case .tx: 9
        case .ty: 10
        case .rotationX: 11
        case .rotationY: 12
        case .m34: 13
        case .z: 14
        case .hidden: 15
        }
    }
}
