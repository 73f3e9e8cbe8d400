import ReelJSON
import ReelTrace

/// How an answer's frames and events are written (docs/PROTOCOL.md, "Column answers").
///
/// `plain` is the protocol's original form (`"frames": [...]`, `"events": [...]`), which every
/// engine writes and Reel always reads. `columns` is the optional compact form an engine may
/// answer with when the request offers it (`"reply_encodings": ["columns"]`): `"frame_columns"`
/// and `"event_columns"` instead, each view's properties as one column of numbers with repeats
/// written once (`[value, count]`), event texts declared once. The numbers are written exactly
/// as in `plain` (`JSONWriter.number`), so both forms decode to bit-identical traces.
///
/// `binary` (docs/PROTOCOL.md, "Binary answers") writes both as one `"binary_trace"` member:
/// base64url text of a little-endian layout with raw IEEE-754 doubles (`BinaryTrace`), so no
/// number is formatted or parsed as decimal text; offered as `"reply_encodings": ["binary", "columns"]`.
/// `binary2` is the same layout in version 2 (docs/PROTOCOL.md, "Binary answers, version 2"): an
/// event detail `head(0.4127)` travels as its head's text and the number (`DetailArgument`);
/// Reel offers it first, `["binary2", "binary", "columns"]`.
///
/// ```swift
/// let line = EngineReply.response(response).encodedLine(id: 7, encoding: .columns)
/// ```
package enum ReplyEncoding: String, Sendable, Hashable {
    case plain
    case columns
    case binary
    case binary2

    /// The form a server answers in when the request offers `binary2`, `binary` and `columns` as
    /// given: the most compact one it is offered.
    package static func answering(offersBinary2: Bool = false, offersBinary: Bool, offersColumns: Bool) -> ReplyEncoding {
        offersBinary2 ? .binary2 : offersBinary ? .binary : offersColumns ? .columns : .plain
    }

    /// The request member that offers the compact form.
    package static let offerMember = "reply_encodings"
}

/// The property columns of one view in `frame_columns`, in the order they are written; the last
/// three are written only when some value is not +0.
enum ViewColumn: CaseIterable {
    case x, y, w, h, alpha, a, b, c, d, tx, ty, rotationX, rotationY, m34

    /// The view property the column holds: its name in the answer is the property's
    /// (`rotation_x`, ...), its value the property's value.
    var property: ViewProperty {
        switch self {
        case .x: .x
        case .y: .y
        case .w: .w
        case .h: .h
        case .alpha: .alpha
        case .a: .a
        case .b: .b
        case .c: .c
        case .d: .d
        case .tx: .tx
        case .ty: .ty
        case .rotationX: .rotationX
        case .rotationY: .rotationY
        case .m34: .m34
        }
    }

    var name: String { property.rawValue }

    /// Each column's member key (in `allCases` order).
    static let keys: [JSONKey] = allCases.map { JSONKey($0.name) }

    var isOptional: Bool { self == .rotationX || self == .rotationY || self == .m34 }

    func value(of view: ViewState) -> Double { property.value(of: view) }
}

/// Writes a response's frames and events in the `columns` form (`ReplyEncoding`).
enum ColumnWriter {
    /// `"frame_columns":{...},"event_columns":{...}` (no leading comma).
    static func write(_ trace: Trace, into writer: inout JSONWriter) {
        writeFrames(trace.frames, into: &writer)
        writer.punctuation(UInt8(ascii: ","))
        writeEvents(trace.events, into: &writer)
    }

    /// `"frame_columns":{"count":N,"t":[...],"progress":[...],"layout":[[RUN,[VIEW,...]],...],
    /// "views":[{"key":...,"x":[...],...,"z":[...],"hidden":[...]},...]}`.
    private static func writeFrames(_ frames: [Frame], into writer: inout JSONWriter) {
        // Views by first appearance; for each view, where it sits in each frame that has it.
        var keys: [String] = []
        var slots: [[(frame: Int, position: Int)]] = []
        var layouts: [[Int]] = []
        layouts.reserveCapacity(frames.count)
        for frameIndex in frames.indices {
            let views = frames[frameIndex].views
            var layout: [Int] = []
            layout.reserveCapacity(views.count)
            // By position: enumerating the views copied each state (its key retained and released).
            for position in views.indices {
                let viewIndex: Int
                let key = views[position].key
                if let found = keys.firstIndex(of: key) {
                    viewIndex = found
                } else {
                    viewIndex = keys.count
                    keys.append(key)
                    slots.append([])
                }
                slots[viewIndex].append((frameIndex, position))
                layout.append(viewIndex)
            }
            layouts.append(layout)
        }
        writer.firstMember(ReplyKeys.frameColumns)
        writer.openObject(ReplyKeys.count)
        writer.int(frames.count)
        writer.member(ReplyKeys.t)
        writeNumbers(frames.map(\.t), into: &writer)
        writer.member(ReplyKeys.progress)
        writeNumbers(frames.map(\.progress), into: &writer)
        writer.member(ReplyKeys.layout)
        writer.punctuation(UInt8(ascii: "["))
        var start = 0
        while start < layouts.count {
            var end = start + 1
            while end < layouts.count, layouts[end] == layouts[start] { end += 1 }
            if start > 0 { writer.punctuation(UInt8(ascii: ",")) }
            writer.punctuation(UInt8(ascii: "["))
            writer.int(end - start)
            writer.punctuation(UInt8(ascii: ","))
            writer.punctuation(UInt8(ascii: "["))
            for (position, viewIndex) in layouts[start].enumerated() {
                if position > 0 { writer.punctuation(UInt8(ascii: ",")) }
                writer.int(viewIndex)
            }
            writer.punctuation(UInt8(ascii: "]"))
            writer.punctuation(UInt8(ascii: "]"))
            start = end
        }
        writer.punctuation(UInt8(ascii: "]"))
        writer.member(ReplyKeys.views)
        writer.punctuation(UInt8(ascii: "["))
        // Each view's values, read once per frame that has it, column after column in one buffer
        // (`columnCount` columns of `states` values each), so no view state is copied.
        let columnCount = ViewColumn.allCases.count
        var values: [Double] = []
        var zs: [Int] = []
        var hiddens: [Bool] = []
        for (viewIndex, key) in keys.enumerated() {
            if viewIndex > 0 { writer.punctuation(UInt8(ascii: ",")) }
            let places = slots[viewIndex]
            let states = places.count
            values.removeAll(keepingCapacity: true)
            values.append(contentsOf: repeatElement(0, count: states * columnCount))
            zs.removeAll(keepingCapacity: true)
            hiddens.removeAll(keepingCapacity: true)
            values.withUnsafeMutableBufferPointer { values in
                for (row, place) in places.enumerated() {
                    frames[place.frame].views.withUnsafeBufferPointer { views in
                        // The 14 columns in `ViewColumn` order, written out (`ColumnAnswerTests` decode every column by name): going
                        // through `ViewColumn.allCases` made that array (a heap allocation) for every view of every frame.
                        let view = views[place.position]
                        let m = view.transform
                        values[row] = view.x
                        values[states + row] = view.y
                        values[2 * states + row] = view.w
                        values[3 * states + row] = view.h
                        values[4 * states + row] = view.alpha
                        values[5 * states + row] = m.a
                        values[6 * states + row] = m.b
                        values[7 * states + row] = m.c
                        values[8 * states + row] = m.d
                        values[9 * states + row] = m.tx
                        values[10 * states + row] = m.ty
                        values[11 * states + row] = view.rotationX
                        values[12 * states + row] = view.rotationY
                        values[13 * states + row] = view.m34
                        zs.append(view.z)
                        hiddens.append(view.hidden)
                    }
                }
            }
            writer.openObject(ReplyKeys.key)
            writer.string(key)
            values.withUnsafeBufferPointer { values in
                for (number, column) in ViewColumn.allCases.enumerated() {
                    let columnValues = UnsafeBufferPointer(rebasing: values[(number * states)..<((number + 1) * states)])
                    if column.isOptional, !columnValues.contains(where: { $0.bitPattern != 0 }) { continue }
                    writer.member(ViewColumn.keys[number])
                    writeNumbers(columnValues, into: &writer)
                }
            }
            writer.member(ReplyKeys.z)
            writeRuns(
                count: states, into: &writer, same: { zs[$0] == zs[$1] }, write: { writer, place in writer.int(zs[place]) })
            writer.member(ReplyKeys.hidden)
            writeRuns(
                count: states, into: &writer, same: { hiddens[$0] == hiddens[$1] },
                write: { writer, place in writer.bool(hiddens[place]) })
            writer.closeObject()
        }
        writer.punctuation(UInt8(ascii: "]"))
        writer.closeObject()
    }

    /// `"event_columns":{"count":M,"texts":[...],"t":[...],"kind":[...],"subject":[...],"detail":[...]}`:
    /// kinds, subjects and details as indices into `texts` (each text once, by first use).
    private static func writeEvents(_ events: [TraceEvent], into writer: inout JSONWriter) {
        var texts: [String] = []
        var kinds: [Int] = []
        var subjects: [Int] = []
        var details: [Int] = []
        kinds.reserveCapacity(events.count)
        subjects.reserveCapacity(events.count)
        details.reserveCapacity(events.count)
        // Each field keeps the few texts it used last (most recent first): kinds and subjects come
        // from a handful of texts, details repeat soon after or not at all (a progress value). A
        // text not among its field's recent ones is added again: `texts` may hold a text twice,
        // which costs a few bytes, never a hash of every text.
        var recentKinds = RecentTexts()
        var recentSubjects = RecentTexts()
        var recentDetails = RecentTexts()
        for event in events {
            kinds.append(recentKinds.index(of: event.kind, in: &texts))
            subjects.append(recentSubjects.index(of: event.subject, in: &texts))
            details.append(recentDetails.index(of: event.detail, in: &texts))
        }
        writer.firstMember(ReplyKeys.eventColumns)
        writer.openObject(ReplyKeys.count)
        writer.int(events.count)
        writer.member(ReplyKeys.texts)
        writer.punctuation(UInt8(ascii: "["))
        for (position, text) in texts.enumerated() {
            if position > 0 { writer.punctuation(UInt8(ascii: ",")) }
            writer.string(text)
        }
        writer.punctuation(UInt8(ascii: "]"))
        writer.member(ReplyKeys.t)
        writeNumbers(events.map(\.t), into: &writer)
        for (key, column) in [(ReplyKeys.kind, kinds), (ReplyKeys.subject, subjects), (ReplyKeys.detail, details)] {
            writer.member(key)
            writeRuns(
                count: column.count, into: &writer, same: { column[$0] == column[$1] },
                write: { writer, position in writer.int(column[position]) })
        }
        writer.closeObject()
    }

    /// The last four texts one event field used, most recent first, as indices into `texts`
    /// (-1: none yet).
    struct RecentTexts {
        private var first = -1, second = -1, third = -1, fourth = -1

        /// The index of `text` in `texts`: a recent one's, else a new entry appended to `texts`.
        mutating func index(of text: String, in texts: inout [String]) -> Int {
            let length = text.utf8.count
            func holds(_ index: Int) -> Bool { index >= 0 && texts[index].utf8.count == length && texts[index] == text }
            if holds(first) { return first }
            let found: Int
            if holds(second) {
                found = second
                second = first
            } else if holds(third) {
                found = third
                (second, third) = (first, second)
            } else if holds(fourth) {
                found = fourth
                (second, third, fourth) = (first, second, third)
            } else {
                texts.append(text)
                found = texts.count - 1
                (second, third, fourth) = (first, second, third)
            }
            first = found
            return found
        }
    }

    /// A column of numbers, a run of equal ones (bit for bit: 0 and -0 differ) as `[value, count]`.
    private static func writeNumbers(_ values: [Double], into writer: inout JSONWriter) {
        values.withUnsafeBufferPointer { writeNumbers($0, into: &writer) }
    }

    private static func writeNumbers(_ values: UnsafeBufferPointer<Double>, into writer: inout JSONWriter) {
        writeRuns(
            count: values.count, into: &writer, same: { values[$0].bitPattern == values[$1].bitPattern },
            write: { writer, position in writer.number(values[position]) })
    }

    /// `[item, item, ...]`: a single value as itself, two or more equal ones in a row as `[value, count]`.
    private static func writeRuns(
        count: Int, into writer: inout JSONWriter, same: (Int, Int) -> Bool, write: (inout JSONWriter, Int) -> Void
    ) {
        writer.punctuation(UInt8(ascii: "["))
        var start = 0
        while start < count {
            var end = start + 1
            while end < count, same(start, end) { end += 1 }
            if start > 0 { writer.punctuation(UInt8(ascii: ",")) }
            if end - start == 1 {
                write(&writer, start)
            } else {
                writer.punctuation(UInt8(ascii: "["))
                write(&writer, start)
                writer.punctuation(UInt8(ascii: ","))
                writer.int(end - start)
                writer.punctuation(UInt8(ascii: "]"))
            }
            start = end
        }
        writer.punctuation(UInt8(ascii: "]"))
    }
}
