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
///   column<index>(E) kind, subject, detail (indices into the texts: u8 when T <= 256, u16 when
///   T <= 65,536, else u32)
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

    /// The bytes of one text index in the event columns: the fewest that hold every index.
    static func indexSize(texts: Int) -> Int { texts <= 1 << 8 ? 1 : texts <= 1 << 16 ? 2 : 4 }
}

/// Writes a response's frames and events in the binary layout (`BinaryTrace`), as the
/// `"binary_trace":"..."` member.
enum BinaryTraceWriter {
    /// `"binary_trace":"BASE64URL"` (no leading comma).
    static func write(_ trace: Trace, into writer: inout JSONWriter) {
        var buffer = BinaryBuffer(capacity: 1024 + trace.frames.count * 64 + trace.events.count * 64)
        encode(trace, into: &buffer)
        writer.firstMember(ReplyKeys.binaryTrace)
        var text: [UInt8] = []
        text.reserveCapacity(Base64URL.encodedCount(buffer.count) + 2)
        text.append(UInt8(ascii: "\""))
        buffer.bytes.withUnsafeBufferPointer { Base64URL.encode($0, into: &text) }
        text.append(UInt8(ascii: "\""))
        text.withUnsafeBufferPointer { writer.verbatim(bytes: $0) }
    }

    /// The layout's bytes for `trace` (without the base64url text around them).
    static func encode(_ trace: Trace) -> [UInt8] {
        var buffer = BinaryBuffer()
        encode(trace, into: &buffer)
        return Array(buffer.bytes)
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
        // Texts by first use; a field's few recent texts are found again without hashing
        // (`ColumnWriter.RecentTexts`), so a text may be listed twice, as the layout allows.
        var texts: [String] = []
        var kinds: [UInt64] = []
        var subjects: [UInt64] = []
        var details: [UInt64] = []
        kinds.reserveCapacity(events.count)
        subjects.reserveCapacity(events.count)
        details.reserveCapacity(events.count)
        var recentKinds = ColumnWriter.RecentTexts()
        var recentSubjects = ColumnWriter.RecentTexts()
        var recentDetails = ColumnWriter.RecentTexts()
        for event in events {
            kinds.append(UInt64(recentKinds.index(of: event.kind, in: &texts)))
            subjects.append(UInt64(recentSubjects.index(of: event.subject, in: &texts)))
            details.append(UInt64(recentDetails.index(of: event.detail, in: &texts)))
        }
        buffer.u32(events.count)
        buffer.u32(texts.count)
        for text in texts { buffer.text(text) }
        events.withUnsafeBufferPointer { events in buffer.column(count: events.count, size: 8) { events[$0].t.bitPattern } }
        let size = BinaryTrace.indexSize(texts: texts.count)
        for column in [kinds, subjects, details] {
            column.withUnsafeBufferPointer { column in buffer.column(count: column.count, size: size) { column[$0] } }
        }
    }
}

/// The bytes of a binary answer as they are written: little-endian integers and doubles, stored
/// in place (`bytes` grows in steps; `count` of its bytes are written).
struct BinaryBuffer {
    private(set) var storage: [UInt8] = []
    private(set) var count = 0

    init(capacity: Int = 4096) {
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// The bytes written.
    var bytes: ArraySlice<UInt8> { storage[0..<count] }

    /// Room for `more` bytes after the written ones.
    private mutating func reserve(_ more: Int) {
        guard storage.count - count < more else { return }
        storage.append(contentsOf: repeatElement(0, count: max(storage.count, more)))
    }

    mutating func u8(_ value: UInt8) {
        reserve(1)
        storage[count] = value
        count += 1
    }

    mutating func u32(_ value: Int) { put(UInt64(UInt32(truncatingIfNeeded: value)), size: 4) }

    /// The low `size` bytes (1, 2, 4 or 8) of `value`, least significant first.
    mutating func put(_ value: UInt64, size: Int) {
        reserve(8)
        let at = count
        storage.withUnsafeMutableBytes { raw in
            // All 8 bytes are stored; the next value overwrites those past `size`.
            raw.storeBytes(of: value.littleEndian, toByteOffset: at, as: UInt64.self)
        }
        count += size
    }

    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            u32(utf8.count)
            reserve(utf8.count)
            let at = count
            storage.withUnsafeMutableBufferPointer { storage in
                _ = UnsafeMutableBufferPointer(rebasing: storage[at..<(at + utf8.count)]).initialize(from: utf8)
            }
            count += utf8.count
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
