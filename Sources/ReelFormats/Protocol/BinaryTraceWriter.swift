import ReelJSON
import ReelTrace

/// The binary layout of an answer's frames and events (`ReplyEncoding.binary`, docs/PROTOCOL.md
/// "Binary answers"): little-endian, numbers as raw IEEE-754 doubles, so neither side formats or
/// parses a decimal. Carried as base64url text in the answer's `binary_trace` member, so the
/// answer stays one JSON line.
///
/// ```
/// u8 version (1)
/// u32 frame count F; column<f64>(F) t; column<f64>(F) progress
/// u32 view count V; V x text (the view keys)
/// u32 run count R; R x (u32 frames, u32 views n, n x u32 view index)
/// for each view v (held by N_v frames): 14 x column<f64>(N_v) (x y w h alpha a b c d tx ty
///   rotation_x rotation_y m34), column<i64>(N_v) z, column<u8>(N_v) hidden
/// u32 event count E; u32 text count T; T x text; column<f64>(E) t;
///   column<u32>(E) kind, subject, detail (indices into the texts)
/// text: u32 byte length, UTF-8 bytes
/// column<X>(n): u8 form 0 then n values, or u8 form 1, u32 run count, runs of (X value, u32 length >= 1) adding up to n
/// ```
enum BinaryTrace {
    /// The layout's version, its first byte.
    static let version: UInt8 = 1
    /// A column's first byte: every value in turn, or runs of equal values.
    static let valuesForm: UInt8 = 0
    static let runsForm: UInt8 = 1
    /// The answer member that holds the text.
    static let member = "binary_trace"
}

/// Writes a response's frames and events in the binary layout (`BinaryTrace`), as the
/// `"binary_trace":"..."` member.
enum BinaryTraceWriter {
    /// `"binary_trace":"BASE64URL"` (no leading comma).
    static func write(_ trace: Trace, into writer: inout JSONWriter) {
        var buffer = BinaryBuffer()
        buffer.bytes.reserveCapacity(1024 + trace.frames.count * 64 + trace.events.count * 16)
        encode(trace, into: &buffer)
        writer.firstMember(ReplyKeys.binaryTrace)
        var text: [UInt8] = []
        text.reserveCapacity(Base64URL.encodedCount(buffer.bytes.count) + 2)
        text.append(UInt8(ascii: "\""))
        buffer.bytes.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
        text.append(UInt8(ascii: "\""))
        text.withUnsafeBufferPointer { writer.verbatim(bytes: $0) }
    }

    /// The layout's bytes for `trace` (without the base64url text around them).
    static func encode(_ trace: Trace) -> [UInt8] {
        var buffer = BinaryBuffer()
        encode(trace, into: &buffer)
        return buffer.bytes
    }

    private static func encode(_ trace: Trace, into buffer: inout BinaryBuffer) {
        buffer.u8(BinaryTrace.version)
        writeFrames(trace.frames, into: &buffer)
        writeEvents(trace.events, into: &buffer)
    }

    private static func writeFrames(_ frames: [Frame], into buffer: inout BinaryBuffer) {
        buffer.u32(frames.count)
        frames.withUnsafeBufferPointer { frames in
            buffer.column(count: frames.count, size: 8) { frames[$0].t.bitPattern }
            buffer.column(count: frames.count, size: 8) { frames[$0].progress.bitPattern }
        }
        // Views by first appearance; for each view, where it sits in each frame that has it.
        var keys: [String] = []
        var slots: [[(frame: Int, position: Int)]] = []
        var layouts: [[Int]] = []
        layouts.reserveCapacity(frames.count)
        for frameIndex in frames.indices {
            let views = frames[frameIndex].views
            var layout: [Int] = []
            layout.reserveCapacity(views.count)
            for position in views.indices {
                let key = views[position].key
                let viewIndex: Int
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
        buffer.u32(keys.count)
        for key in keys { buffer.text(key) }
        var runs: [(start: Int, end: Int)] = []
        var start = 0
        while start < layouts.count {
            var end = start + 1
            while end < layouts.count, layouts[end] == layouts[start] { end += 1 }
            runs.append((start, end))
            start = end
        }
        buffer.u32(runs.count)
        for run in runs {
            buffer.u32(run.end - run.start)
            buffer.u32(layouts[run.start].count)
            for viewIndex in layouts[run.start] { buffer.u32(viewIndex) }
        }
        // Each view's values, column after column in one buffer (14 columns of `states` values).
        var values: [UInt64] = []
        var zs: [Int] = []
        var hiddens: [Bool] = []
        for viewIndex in keys.indices {
            let places = slots[viewIndex]
            let states = places.count
            values.removeAll(keepingCapacity: true)
            values.append(contentsOf: repeatElement(0, count: states * 14))
            zs.removeAll(keepingCapacity: true)
            hiddens.removeAll(keepingCapacity: true)
            values.withUnsafeMutableBufferPointer { values in
                for (row, place) in places.enumerated() {
                    frames[place.frame].views.withUnsafeBufferPointer { views in
                        let view = views[place.position]
                        let m = view.transform
                        values[row] = view.x.bitPattern
                        values[states + row] = view.y.bitPattern
                        values[2 * states + row] = view.w.bitPattern
                        values[3 * states + row] = view.h.bitPattern
                        values[4 * states + row] = view.alpha.bitPattern
                        values[5 * states + row] = m.a.bitPattern
                        values[6 * states + row] = m.b.bitPattern
                        values[7 * states + row] = m.c.bitPattern
                        values[8 * states + row] = m.d.bitPattern
                        values[9 * states + row] = m.tx.bitPattern
                        values[10 * states + row] = m.ty.bitPattern
                        values[11 * states + row] = view.rotationX.bitPattern
                        values[12 * states + row] = view.rotationY.bitPattern
                        values[13 * states + row] = view.m34.bitPattern
                        zs.append(view.z)
                        hiddens.append(view.hidden)
                    }
                }
            }
            values.withUnsafeBufferPointer { values in
                for column in 0..<14 {
                    let base = column * states
                    buffer.column(count: states, size: 8) { values[base + $0] }
                }
            }
            zs.withUnsafeBufferPointer { zs in buffer.column(count: states, size: 8) { UInt64(bitPattern: Int64(zs[$0])) } }
            hiddens.withUnsafeBufferPointer { hiddens in buffer.column(count: states, size: 1) { hiddens[$0] ? 1 : 0 } }
        }
    }

    private static func writeEvents(_ events: [TraceEvent], into buffer: inout BinaryBuffer) {
        // Each distinct text once, by first use; the few texts a field used last are looked up
        // first (kinds and subjects come from a handful, details repeat soon or never).
        var texts: [String] = []
        var indices: [String: Int] = [:]
        var kinds: [UInt64] = []
        var subjects: [UInt64] = []
        var details: [UInt64] = []
        kinds.reserveCapacity(events.count)
        subjects.reserveCapacity(events.count)
        details.reserveCapacity(events.count)
        func index(of text: String) -> UInt64 {
            if let found = indices[text] { return UInt64(found) }
            indices[text] = texts.count
            texts.append(text)
            return UInt64(texts.count - 1)
        }
        for event in events {
            kinds.append(index(of: event.kind))
            subjects.append(index(of: event.subject))
            details.append(index(of: event.detail))
        }
        buffer.u32(events.count)
        buffer.u32(texts.count)
        for text in texts { buffer.text(text) }
        events.withUnsafeBufferPointer { events in buffer.column(count: events.count, size: 8) { events[$0].t.bitPattern } }
        for column in [kinds, subjects, details] {
            column.withUnsafeBufferPointer { column in buffer.column(count: column.count, size: 4) { column[$0] } }
        }
    }
}

/// The bytes of a binary answer as they are written: little-endian integers and doubles.
struct BinaryBuffer {
    var bytes: [UInt8] = []

    mutating func u8(_ value: UInt8) { bytes.append(value) }

    mutating func u32(_ value: Int) { put(UInt64(UInt32(truncatingIfNeeded: value)), size: 4) }

    /// The low `size` bytes of `value`, least significant first.
    mutating func put(_ value: UInt64, size: Int) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: $0[0..<size])) }
    }

    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            u32(utf8.count)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A column of `count` values of `size` bytes (`value(i)`, compared bit for bit): runs of
    /// equal values when they take fewer bytes than the values one by one.
    mutating func column(count: Int, size: Int, _ value: (Int) -> UInt64) {
        var runCount = 0
        var index = 0
        while index < count {
            let first = value(index)
            index += 1
            while index < count, value(index) == first { index += 1 }
            runCount += 1
        }
        guard 4 + runCount * (size + 4) < count * size else {
            u8(BinaryTrace.valuesForm)
            for index in 0..<count { put(value(index), size: size) }
            return
        }
        u8(BinaryTrace.runsForm)
        u32(runCount)
        index = 0
        while index < count {
            let first = value(index)
            let start = index
            index += 1
            while index < count, value(index) == first { index += 1 }
            put(first, size: size)
            u32(index - start)
        }
    }
}
