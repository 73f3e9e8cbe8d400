import ReelJSON
import ReelTrace

@testable import ReelFormats

// The binary answer writer as it was before issue 37's single-pass rewrite (commit 4a1e8a9),
// kept word for word but renamed, as the oracle of `BinaryTraceWriterIdentityTests`: the new
// writer must give exactly these bytes for every trace.
enum ReferenceBinaryTraceWriter {
    /// The layout's bytes for `trace` (without the base64url text around them).
    static func encode(_ trace: Trace, version: UInt8 = BinaryTrace.version) -> [UInt8] {
        var buffer = ReferenceBinaryBuffer()
        encode(trace, version: version, into: &buffer)
        return Array(buffer.bytes)
    }

    private static func encode(_ trace: Trace, version: UInt8, into buffer: inout ReferenceBinaryBuffer) {
        buffer.u8(version)
        writeFrames(trace.frames, into: &buffer)
        if version == BinaryTrace.argumentsVersion {
            writeEventsWithArguments(trace.events, into: &buffer)
        } else {
            writeEvents(trace.events, into: &buffer)
        }
    }

    private static func writeFrames(_ frames: [Frame], into buffer: inout ReferenceBinaryBuffer) {
        buffer.u32(frames.count)
        frames.withUnsafeBufferPointer { frames in
            buffer.column(count: frames.count, size: 8) { frames[$0].t.bitPattern }
            buffer.column(count: frames.count, size: 8) { frames[$0].progress.bitPattern }
            // Each frame's views as indices into `keys` (views by first appearance), frame after
            // frame in one array; a view is looked for first where it sat in the frame before.
            var keys: [String] = []
            var layout: [Int] = []
            var starts: [Int] = [0]
            var states: [Int] = []
            starts.reserveCapacity(frames.count + 1)
            for frame in frames {
                let previous = starts.count >= 2 ? starts[starts.count - 2] : 0
                let previousCount = starts[starts.count - 1] - previous
                frame.views.withUnsafeBufferPointer { views in
                    for position in views.indices {
                        let key = views[position].key
                        var viewIndex = -1
                        if position < previousCount, keys[layout[previous + position]] == key {
                            viewIndex = layout[previous + position]
                        } else if let found = keys.firstIndex(of: key) {
                            viewIndex = found
                        } else {
                            viewIndex = keys.count
                            keys.append(key)
                            states.append(0)
                        }
                        states[viewIndex] += 1
                        layout.append(viewIndex)
                    }
                }
                starts.append(layout.count)
            }
            buffer.u32(keys.count)
            for key in keys { buffer.text(key) }
            // Runs of frames holding the same views.
            var runs: [(start: Int, end: Int)] = []
            layout.withUnsafeBufferPointer { layout in
                func same(_ a: Int, _ b: Int) -> Bool {
                    starts[a + 1] - starts[a] == starts[b + 1] - starts[b]
                        && layout[starts[a]..<starts[a + 1]].elementsEqual(layout[starts[b]..<starts[b + 1]])
                }
                var start = 0
                while start < frames.count {
                    var end = start + 1
                    while end < frames.count, same(start, end) { end += 1 }
                    runs.append((start, end))
                    start = end
                }
            }
            buffer.u32(runs.count)
            for run in runs {
                buffer.u32(run.end - run.start)
                buffer.u32(starts[run.start + 1] - starts[run.start])
                for position in starts[run.start]..<starts[run.start + 1] { buffer.u32(layout[position]) }
            }
            // Every view's values in one buffer: view after view, each its 14 columns of
            // `states[view]` values one after the other; `z` and `hidden` in two more.
            var bases: [Int] = []
            var total = 0
            for count in states {
                bases.append(total)
                total += count
            }
            var values = [UInt64](repeating: 0, count: total * 14)
            var zs = [UInt64](repeating: 0, count: total)
            var hiddens = [UInt64](repeating: 0, count: total)
            var filled = [Int](repeating: 0, count: keys.count)
            values.withUnsafeMutableBufferPointer { values in
                zs.withUnsafeMutableBufferPointer { zs in
                    hiddens.withUnsafeMutableBufferPointer { hiddens in
                        var slot = 0
                        for frame in frames {
                            frame.views.withUnsafeBufferPointer { views in
                                for view in views {
                                    let viewIndex = layout[slot]
                                    slot += 1
                                    let count = states[viewIndex]
                                    let row = filled[viewIndex]
                                    filled[viewIndex] = row + 1
                                    let base = bases[viewIndex] * 14 + row
                                    let m = view.transform
                                    values[base] = view.x.bitPattern
                                    values[base + count] = view.y.bitPattern
                                    values[base + 2 * count] = view.w.bitPattern
                                    values[base + 3 * count] = view.h.bitPattern
                                    values[base + 4 * count] = view.alpha.bitPattern
                                    values[base + 5 * count] = m.a.bitPattern
                                    values[base + 6 * count] = m.b.bitPattern
                                    values[base + 7 * count] = m.c.bitPattern
                                    values[base + 8 * count] = m.d.bitPattern
                                    values[base + 9 * count] = m.tx.bitPattern
                                    values[base + 10 * count] = m.ty.bitPattern
                                    values[base + 11 * count] = view.rotationX.bitPattern
                                    values[base + 12 * count] = view.rotationY.bitPattern
                                    values[base + 13 * count] = view.m34.bitPattern
                                    zs[bases[viewIndex] + row] = UInt64(bitPattern: Int64(view.z))
                                    hiddens[bases[viewIndex] + row] = view.hidden ? 1 : 0
                                }
                            }
                        }
                    }
                }
            }
            values.withUnsafeBufferPointer { values in
                for viewIndex in keys.indices {
                    let count = states[viewIndex]
                    for column in 0..<14 {
                        let base = bases[viewIndex] * 14 + column * count
                        buffer.column(UnsafeBufferPointer(rebasing: values[base..<(base + count)]), size: 8)
                    }
                    let base = bases[viewIndex]
                    zs.withUnsafeBufferPointer { zs in buffer.column(UnsafeBufferPointer(rebasing: zs[base..<(base + count)]), size: 8) }
                    hiddens.withUnsafeBufferPointer { hiddens in
                        buffer.column(UnsafeBufferPointer(rebasing: hiddens[base..<(base + count)]), size: 1)
                    }
                }
            }
        }
    }

    private static func writeEvents(_ events: [TraceEvent], into buffer: inout ReferenceBinaryBuffer) {
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
    /// Version 2's events: as version 1's, then a column of arguments; a detail that is
    /// `head(number)` (`DetailArgument`) is written as its head's text index and the number, any
    /// other as its text and `DetailArgument.none`. Texts are compared as bytes, never made into
    /// strings.
    private static func writeEventsWithArguments(_ events: [TraceEvent], into buffer: inout ReferenceBinaryBuffer) {
        // Kinds and subjects (short texts, compared as strings) and details (heads compared as
        // bytes, never made into strings) in two tables; the details' are listed after the others'.
        var texts: [String] = []
        var heads = ReferenceByteTexts()
        var kinds: [UInt64] = []
        var subjects: [UInt64] = []
        var details: [Int] = []
        var arguments: [UInt64] = []
        kinds.reserveCapacity(events.count)
        subjects.reserveCapacity(events.count)
        details.reserveCapacity(events.count)
        arguments.reserveCapacity(events.count)
        var recentKinds = ReferenceRecentStrings()
        var recentSubjects = ReferenceRecentStrings()
        var recentDetails = ReferenceByteTexts.Recent()
        for event in events {
            kinds.append(UInt64(recentKinds.index(of: event.kind, in: &texts)))
            subjects.append(UInt64(recentSubjects.index(of: event.subject, in: &texts)))
            var detail = event.detail
            detail.withUTF8 { utf8 in
                if let (headCount, argument) = DetailArgument.split(utf8) {
                    details.append(recentDetails.index(of: UnsafeBufferPointer(rebasing: utf8[0..<headCount]), in: &heads))
                    arguments.append(UInt64(bitPattern: argument))
                } else {
                    details.append(recentDetails.index(of: utf8, in: &heads))
                    arguments.append(UInt64(bitPattern: DetailArgument.none))
                }
            }
        }
        let textCount = texts.count + heads.count
        buffer.u32(events.count)
        buffer.u32(textCount)
        for text in texts { buffer.text(text) }
        for index in 0..<heads.count { heads.withText(index) { buffer.text(bytes: $0) } }
        events.withUnsafeBufferPointer { events in buffer.column(count: events.count, size: 8) { events[$0].t.bitPattern } }
        let size = BinaryTrace.indexSize(texts: textCount)
        for column in [kinds, subjects] {
            column.withUnsafeBufferPointer { column in buffer.column(count: column.count, size: size) { column[$0] } }
        }
        let first = UInt64(texts.count)
        details.withUnsafeBufferPointer { column in buffer.column(count: column.count, size: size) { first + UInt64(column[$0]) } }
        arguments.withUnsafeBufferPointer { column in buffer.column(count: column.count, size: 8) { column[$0] } }
    }
}

/// The last four texts one event field used, most recent first (as `ColumnWriter.RecentTexts`,
/// for the short kinds and subjects of version 2): compared as strings, whose equality first
/// compares their bits, so equal short texts cost a few instructions.
struct ReferenceRecentStrings {
    private var first = -1, second = -1, third = -1, fourth = -1

    /// The index of `text` in `texts`: a recent one's, else a new entry appended to `texts`.
    mutating func index(of text: String, in texts: inout [String]) -> Int {
        if first >= 0, texts[first] == text { return first }
        let found: Int
        if second >= 0, texts[second] == text {
            found = second
            second = first
        } else if third >= 0, texts[third] == text {
            found = third
            (second, third) = (first, second)
        } else if fourth >= 0, texts[fourth] == text {
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

/// Texts as bytes, one after the other in one buffer: the event texts of a version 2 layout.
struct ReferenceByteTexts {
    private var storage: [UInt8] = []
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// Calls `body` with the bytes of text `index`.
    func withText<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// Whether text `index` is `text`, byte for byte.
    func holds(_ index: Int, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = index == 0 ? 0 : ends[index - 1]
        guard ends[index] - start == text.count else { return false }
        guard text.count > 0 else { return true }
        return storage.withUnsafeBytes { stored in
            // Eight bytes at a time, then the rest: heads are a few dozen bytes.
            let other = UnsafeRawPointer(text.baseAddress!)
            var offset = 0
            while offset + 8 <= text.count {
                guard
                    stored.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)
                        == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset += 8
            }
            while offset < text.count {
                guard stored[start + offset] == text[offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        storage.append(contentsOf: text)
        ends.append(storage.count)
    }

    /// The last four texts one event field used, most recent first (as `ColumnWriter.RecentTexts`).
    struct Recent {
        private var first = -1, second = -1, third = -1, fourth = -1

        /// The index of `text` in `texts`: a recent one's, else a new entry appended to `texts`.
        mutating func index(of text: UnsafeBufferPointer<UInt8>, in texts: inout ReferenceByteTexts) -> Int {
            func holds(_ index: Int) -> Bool { index >= 0 && texts.holds(index, text) }
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
}

/// The bytes of a binary answer as they are written: little-endian integers and doubles, stored
/// in place (`bytes` grows in steps; `count` of its bytes are written).
struct ReferenceBinaryBuffer {
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
        text.withUTF8 { self.text(bytes: $0) }
    }

    /// A u32 byte length and the bytes.
    mutating func text(bytes utf8: UnsafeBufferPointer<UInt8>) {
        u32(utf8.count)
        reserve(utf8.count)
        let at = count
        storage.withUnsafeMutableBufferPointer { storage in
            _ = UnsafeMutableBufferPointer(rebasing: storage[at..<(at + utf8.count)]).initialize(from: utf8)
        }
        count += utf8.count
    }

    /// A column of `count` values of `size` bytes (`value(i)`, compared bit for bit): runs of
    /// equal values when they take fewer bytes than the values one by one.
    /// A column of the values in `values` (as `column(count:size:_:)`), read straight from the
    /// buffer: no call per value, and 8-byte values written in one copy.
    mutating func column(_ values: UnsafeBufferPointer<UInt64>, size: Int) {
        let count = values.count
        var runCount = 0
        var index = 0
        while index < count {
            let first = values[index]
            index += 1
            while index < count, values[index] == first { index += 1 }
            runCount += 1
        }
        guard 4 + runCount * (size + 4) < count * size else {
            u8(BinaryTrace.valuesForm)
            #if _endian(little)
                if size == 8, count > 0 {
                    // The values' own bytes are their little-endian layout.
                    reserve(count * 8)
                    let at = self.count
                    storage.withUnsafeMutableBytes { raw in
                        (raw.baseAddress! + at).copyMemory(from: UnsafeRawPointer(values.baseAddress!), byteCount: count * 8)
                    }
                    self.count += count * 8
                    return
                }
            #endif
            for value in values { put(value, size: size) }
            return
        }
        u8(BinaryTrace.runsForm)
        u32(runCount)
        index = 0
        while index < count {
            let first = values[index]
            let start = index
            index += 1
            while index < count, values[index] == first { index += 1 }
            put(first, size: size)
            u32(index - start)
        }
    }

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
