import ReelTrace

/// Up to `width` consecutive frames of a trace: one `trace_frame_packs` row (migration 0011,
/// docs/SCHEMA.md "trace_frame_packs"). Column `p<i>` holds the progress of frame
/// `first_frame + i`, `t<i>` its time when that is not the frame clock's tick (else NULL); the
/// columns past `frame_count` are NULL.
///
/// For example, frames 0 ... 19 of a trace are two rows: `(first_frame 0, frame_count 16)` and
/// `(first_frame 16, frame_count 4)`.
enum FramePack {
    /// The progress columns (`p0` ... `p15`) and time columns (`t0` ... `t15`) of a row.
    static let width = 16

    /// The positions of `frames` in ascending frame index order: nil when they already are (every
    /// recorded trace), else sorted. Two frames with one index are refused, as the v10 table's
    /// primary key refused them.
    static func order(of frames: UnsafeBufferPointer<Frame>) throws -> [Int]? {
        var ascending = true
        var position = 1
        while position < frames.count {
            if frames[position].index <= frames[position - 1].index {
                ascending = false
                break
            }
            position += 1
        }
        if ascending { return nil }
        let order = frames.indices.sorted { frames[$0].index < frames[$1].index }
        for position in order.indices.dropFirst() where frames[order[position]].index == frames[order[position - 1]].index {
            throw ArchiveError.invalidStoredValue(
                table: "trace_frame_packs", column: "first_frame", value: "frame \(frames[order[position]].index) twice in one trace")
        }
        return order
    }

    /// The columns of a `trace_frame_packs` row as `Shape` and `progress`/`time` read them, of table alias `alias`.
    static func columns(_ alias: String) -> String {
        (["first_frame", "frame_count"] + (0..<width).map { "p\($0)" } + (0..<width).map { "t\($0)" })
            .map { "\(alias).\($0)" }.joined(separator: ", ")
    }

    /// The first frame and frame count of the row whose `columns` start at column `start` of `s`,
    /// the count refused when out of range and the frames refused when they do not come after
    /// `previousEnd` (the frame after the trace's previous pack: packs may not overlap).
    static func shape(_ s: Statement, from start: Int32, after previousEnd: Int?) throws -> (firstFrame: Int, count: Int) {
        let firstFrame = s.int(at: start)
        let count = s.int(at: start + 1)
        guard (1...width).contains(count) else {
            throw ArchiveError.invalidStoredValue(table: "trace_frame_packs", column: "frame_count", value: String(count))
        }
        guard firstFrame <= Int.max - width else {
            throw ArchiveError.invalidStoredValue(table: "trace_frame_packs", column: "first_frame", value: String(firstFrame))
        }
        if let previousEnd, firstFrame < previousEnd {
            throw ArchiveError.invalidStoredValue(
                table: "trace_frame_packs", column: "first_frame",
                value: "\(firstFrame) (frames up to \(previousEnd - 1) are in the pack before it)")
        }
        return (firstFrame, count)
    }

    /// The progress of frame `first_frame + column` (below the row's `count`), refused when NULL.
    static func progress(_ s: Statement, from start: Int32, column: Int32, count: Int) throws -> Double {
        guard !s.isNull(at: start + 2 + column) else {
            throw ArchiveError.invalidStoredValue(
                table: "trace_frame_packs", column: "p\(column)", value: "NULL (frame_count is \(count))")
        }
        return s.double(at: start + 2 + column)
    }

    /// The stored time of frame `first_frame + column`: nil when it is the frame clock's tick.
    static func time(_ s: Statement, from start: Int32, column: Int32) -> Double? {
        s.isNull(at: start + 2 + Int32(width) + column) ? nil : s.double(at: start + 2 + Int32(width) + column)
    }

    /// A value past `frame_count` in the row whose `columns` start at `start` (the view would not
    /// show it): its column and what is wrong, or nil.
    static func extraValue(_ s: Statement, from start: Int32, count: Int) -> (column: String, value: String)? {
        for column in Int32(count)..<Int32(width) {
            if !s.isNull(at: start + 2 + column) { return ("p\(column)", "set past frame_count \(count)") }
            if !s.isNull(at: start + 2 + Int32(width) + column) { return ("t\(column)", "set past frame_count \(count)") }
        }
        return nil
    }
}
