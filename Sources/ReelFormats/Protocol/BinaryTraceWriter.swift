import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The binary layout of an answer's frames and events (`ProtocolEncoding.binary`, docs/PROTOCOL.md
/// "The binary encoding"): little-endian, numbers as raw IEEE-754 doubles, so neither side formats or
/// parses a decimal. Carried as base64url text in the answer's `binary_trace` member, so the
/// answer stays one JSON line.
///
/// ```
/// u8 layout (2, or 3 when a view sets an extension property)
/// layout 3 only: u32 extension count X; X x text (their names, `ViewProperty.extensions` order)
/// u32 frame count F; column<f64>(F) t; column<f64>(F) progress
/// u32 view count V; V x text (the view keys)
/// u32 run count R; R x (u32 frames, u32 views n, n x u32 view index)
/// for each view v (held by N_v frames): 14 x column<f64>(N_v) (x y w h alpha a b c d tx ty
///   rotation_x rotation_y m34), column<i64>(N_v) z, column<u8>(N_v) hidden, X x column<f64>(N_v)
///   (the extensions named above)
/// u32 event count E; u32 text count T; T x text; column<f64>(E) t;
///   column<index>(E) kind, subject, detail (indices into the texts: u8 when T <= 256, u16 when
///   T <= 65,536, else u32); column<i64>(E) argument (`DetailArgument`: a detail `head(0.4127)`
///   as its head's text and 4127, `DetailArgument.none` for a detail that is all text)
/// text: u32 byte length, UTF-8 bytes
/// column<X>(n): u8 form 0 then n values, or u8 form 1, u32 run count, runs of (X value, u32 length >= 1) adding up to n
/// ```
enum BinaryTrace {
    /// The layout's number, its first byte: 2, or 3 for a trace whose views set an extension
    /// property (`ViewProperty.isExtension`): layout 2 with the extensions' names after the layout
    /// byte and their columns after each view's. 1 was an earlier layout without the argument
    /// column, no longer read or written.
    static let version: UInt8 = 2
    static let extendedVersion: UInt8 = 3
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
///
/// The trace is read twice and its bytes written once, into one allocation sized beforehand: a
/// first pass numbers the views (keys compared by their bits first, `StringBits`), finds the
/// layout runs and lists the event texts (found again by their bits, and a detail split into
/// head and number, `DetailArgument`, only when its string is new to its field); a second
/// gathers each view's 16 values per frame into rows, and each column is then written from them
/// in one scan that writes it as runs until runs stop paying, then as values (`ByteCursor`).
/// The independent reader of tools/example_engine.py reads them (`ExampleEngineBinaryTests`).
enum BinaryTraceWriter {
    /// `"binary_trace":"BASE64URL"` (no leading comma).
    static func write(_ trace: Trace, into writer: inout JSONWriter) {
        withLayout(of: trace) { bytes in
            writer.firstMember(ReplyKeys.binaryTrace)
            Base64URL.writeJSONString(bytes, into: &writer)
        }
    }

    /// The layout's bytes for `trace` (without the base64url text around them).
    static func encode(_ trace: Trace) -> [UInt8] {
        withLayout(of: trace) { Array($0) }
    }

    /// Calls `body` with the layout's bytes (which live only through the call).
    private static func withLayout<Result>(
        of trace: Trace, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        trace.frames.withUnsafeBufferPointer { frames in
            trace.events.withUnsafeBufferPointer { events in
                FrameRows.with(frames) { frameColumns in
                    EventColumns.with(events) { eventColumns in
                        let room = 1 + frameColumns.byteBound + eventColumns.byteBound
                        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: room)
                        defer { bytes.deallocate() }
                        var cursor = ByteCursor(UnsafeMutableRawPointer(bytes))
                        if frameColumns.extensions.isEmpty {
                            cursor.u8(BinaryTrace.version)
                        } else {
                            cursor.u8(BinaryTrace.extendedVersion)
                            cursor.u32(frameColumns.extensions.count)
                            for property in frameColumns.extensions { cursor.text(property.rawValue) }
                        }
                        frameColumns.write(into: &cursor)
                        eventColumns.write(into: &cursor)
                        let count = cursor.pointer - UnsafeMutableRawPointer(bytes)
                        // Each part's bound is argued where it is reckoned; this only stops a broken one.
                        precondition(count <= room, "wrote \(count) bytes in room for \(room)")
                        return body(UnsafeBufferPointer(start: bytes, count: count))
                    }
                }
            }
        }
    }
}

/// The two words a `String` is stored in, compared before its text: equal words are the same
/// string (the same small text, or the same storage and length), so equal texts; unequal words
/// may still be equal texts, which the caller then compares as strings. Taken only from strings
/// that live through the whole write (the trace's), so a word never names storage freed and
/// reused meanwhile.
struct StringBits: Equatable {
    private var low: UInt64
    private var high: UInt64

    init(_ string: String) {
        self = unsafeBitCast(string, to: StringBits.self)
    }

    /// No string's words (a slot not yet used; never compared, its index being -1).
    static let unused = StringBits(low: 0, high: 0)

    private init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }
}

/// The frames' part of the layout: `F`, the times and progresses, the keys, the layout runs and
/// every view's columns, from one scratch allocation.
private struct FrameRows {
    /// One distinct view: its key's bits, the frame and position where it first appears (its key
    /// is read from there), how many frames hold it, and the word of its next row in `values`.
    struct View {
        var bits: StringBits
        var frame: Int
        var position: Int
        var rows: Int
        var next: Int
    }

    /// A row's words: the 14 doubles (x y w h alpha a b c d tx ty rotation_x rotation_y m34), z
    /// and hidden (0 or 1), then the extensions set by some view, in the order of the view's columns.
    let rowWords: Int
    /// The extension properties some view of the trace sets to something else than +0.
    let extensions: [ViewProperty]

    let frames: UnsafeBufferPointer<Frame>
    let rows: Int
    /// `rowWords * rows` words: each view's rows in frame order, view after view (`View.next`).
    let values: UnsafeMutablePointer<UInt64>
    /// `2 * F` words: each frame's `t` and `progress`.
    let times: UnsafeMutablePointer<UInt64>
    /// `rows` entries: each frame's views as view numbers, frame after frame.
    let layout: UnsafeMutablePointer<Int>
    /// `F` entries: each frame's first row in `layout` times 2, plus 1 when it holds the views of
    /// the frame before in the same order (so its layout run goes on).
    let frameRows: UnsafeMutablePointer<Int>
    /// Room for `viewCapacity` views, `viewCount` used: at first `initialViews` (or `rows`, if
    /// fewer: a row makes at most one new view) in the scratch, then an allocation of its own
    /// (`ownsViews`) that doubles as views are found.
    var views: UnsafeMutablePointer<View>
    var viewCapacity: Int
    var ownsViews = false
    var viewCount = 0
    static let initialViews = 32
    /// The UTF-8 bytes of the keys.
    var keyBytes = 0

    /// Calls `body` with the frames laid out (`lay()`), in a scratch allocation that lives
    /// through the call.
    static func with<Result>(_ frames: UnsafeBufferPointer<Frame>, _ body: (inout FrameRows) -> Result) -> Result {
        var rows = 0
        var extensionsSet = Set<ViewProperty>()
        for index in frames.indices {
            rows += frames[index].views.count
            for view in frames[index].views where view.setsAnExtension {
                for property in ViewProperty.extensions where property.value(of: view).bitPattern != 0 {
                    extensionsSet.insert(property)
                }
            }
        }
        let extensions = ViewProperty.extensions.filter(extensionsSet.contains)
        let rowWords = ViewProperty.fixedCount + extensions.count
        let byteCount =
            (rowWords * rows + 2 * frames.count) * MemoryLayout<UInt64>.stride
            + (rows + frames.count) * MemoryLayout<Int>.stride + min(rows, initialViews) * MemoryLayout<View>.stride
        let scratch = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 1), alignment: 16)
        defer { scratch.deallocate() }
        var columns = FrameRows(frames: frames, rows: rows, extensions: extensions, scratch: scratch)
        defer { if columns.ownsViews { columns.views.deallocate() } }
        columns.lay()
        return body(&columns)
    }

    /// The regions of `scratch` (`byteCount` bytes as `with` reckons them; every region's
    /// elements 8 bytes, or 48 for `View`, so each starts aligned), none yet initialized.
    private init(frames: UnsafeBufferPointer<Frame>, rows: Int, extensions: [ViewProperty], scratch: UnsafeMutableRawPointer) {
        self.frames = frames
        self.rows = rows
        self.extensions = extensions
        rowWords = ViewProperty.fixedCount + extensions.count
        var at = scratch
        values = at.bindMemory(to: UInt64.self, capacity: rowWords * rows)
        at += rowWords * rows * MemoryLayout<UInt64>.stride
        times = at.bindMemory(to: UInt64.self, capacity: 2 * frames.count)
        at += 2 * frames.count * MemoryLayout<UInt64>.stride
        layout = at.bindMemory(to: Int.self, capacity: rows)
        at += rows * MemoryLayout<Int>.stride
        frameRows = at.bindMemory(to: Int.self, capacity: frames.count)
        at += frames.count * MemoryLayout<Int>.stride
        viewCapacity = min(rows, Self.initialViews)
        views = at.bindMemory(to: View.self, capacity: viewCapacity)
    }

    /// Numbers each frame's views (`layout`), counts each view's rows and marks where a frame
    /// holds the views of the frame before. A view is looked for first where it sat in the frame
    /// before, by its key's bits; views are numbered by first appearance, keys equal as strings
    /// being one view (as `keys.firstIndex(of:)` did).
    private mutating func lay() {
        var row = 0
        var previousStart = 0
        var previousCount = 0
        for frameIndex in frames.indices {
            let start = row
            var same = frameIndex > 0
            frames[frameIndex].views.withUnsafeBufferPointer { frameViews in
                same = same && frameViews.count == previousCount
                if same, holdsKeys(of: previousStart, in: frameViews) {
                    // The views of the frame before, in its order (the rows below would find each
                    // where it sat then): most frames.
                    for position in 0..<frameViews.count {
                        let viewIndex = layout[previousStart &+ position]
                        views[viewIndex].rows &+= 1
                        layout[row &+ position] = viewIndex
                    }
                    row &+= frameViews.count
                    return
                }
                for position in frameViews.indices {
                    let bits = StringBits(frameViews[position].key)
                    var viewIndex = -1
                    if position < previousCount {
                        let candidate = layout[previousStart &+ position]
                        if views[candidate].bits == bits { viewIndex = candidate }
                    }
                    if viewIndex < 0 { viewIndex = find(bits, frame: frameIndex, position: position, in: frameViews) }
                    // `same` holds only while the counts are equal, so the previous frame has this position.
                    if same, layout[previousStart &+ position] != viewIndex { same = false }
                    views[viewIndex].rows &+= 1
                    layout[row] = viewIndex
                    row &+= 1
                }
            }
            frameRows[frameIndex] = start << 1 | (same ? 1 : 0)
            previousStart = start
            previousCount = row - start
        }
    }

    /// Whether each of `frameViews` has the key bits of the view at its position in the frame
    /// whose rows start at `previousStart` (which has as many views).
    private func holdsKeys(of previousStart: Int, in frameViews: UnsafeBufferPointer<ViewState>) -> Bool {
        for position in frameViews.indices where StringBits(frameViews[position].key) != views[layout[previousStart &+ position]].bits {
            return false
        }
        return true
    }

    /// The number of the view whose key is `frameViews[position]`'s: one with the same bits, else
    /// one whose key is equal as a string, else a new one.
    private mutating func find(_ bits: StringBits, frame: Int, position: Int, in frameViews: UnsafeBufferPointer<ViewState>) -> Int {
        for viewIndex in 0..<viewCount where views[viewIndex].bits == bits { return viewIndex }
        let key = frameViews[position].key
        for viewIndex in 0..<viewCount where self.key(viewIndex) == key { return viewIndex }
        // At most one new view per row, so never more than `rows`.
        if viewCount == viewCapacity { growViews() }
        views[viewCount] = View(bits: bits, frame: frame, position: position, rows: 0, next: 0)
        viewCount += 1
        keyBytes += key.utf8.count
        return viewCount - 1
    }

    /// Room for twice the views (at most `rows`), in an allocation of their own.
    private mutating func growViews() {
        let capacity = min(2 * viewCapacity, rows)
        let grown = UnsafeMutablePointer<View>.allocate(capacity: capacity)
        grown.initialize(from: views, count: viewCount)
        if ownsViews { views.deallocate() }
        views = grown
        viewCapacity = capacity
        ownsViews = true
    }

    private func key(_ viewIndex: Int) -> String { frames[views[viewIndex].frame].views[views[viewIndex].position].key }

    /// The frame's first row in `layout`.
    private func firstRow(_ frameIndex: Int) -> Int { frameIndex < frames.count ? frameRows[frameIndex] >> 1 : rows }

    /// Whether the frame holds the views of the frame before (never the first frame).
    private func continuesRun(_ frameIndex: Int) -> Bool { frameRows[frameIndex] & 1 == 1 }

    /// The most bytes `write` writes: each column at most 1 + n * size bytes (its values form),
    /// the runs at most one per frame and their view lists at most one u32 per row.
    var byteBound: Int {
        let counts = 4 + 4 + 4
        let times = 2 * (1 + 8 * frames.count)
        let keys = 4 * viewCount + keyBytes
        let runs = 8 * frames.count + 4 * rows
        let columns = viewCount * (rowWords * 1) + rows * ((rowWords - 1) * 8 + 1)
        var names = 0
        for property in extensions { names += 4 + property.rawValue.utf8.count }
        return counts + times + keys + runs + columns + 4 + names
    }

    /// The part's bytes, in the layout's order.
    mutating func write(into cursor: inout ByteCursor) {
        let frameCount = frames.count
        cursor.u32(frameCount)
        for index in 0..<frameCount {
            times[2 * index] = frames[index].t.bitPattern
            times[2 * index + 1] = frames[index].progress.bitPattern
        }
        cursor.column(times, stride: 2, count: frameCount, size: 8)
        cursor.column(times + 1, stride: 2, count: frameCount, size: 8)
        cursor.u32(viewCount)
        for viewIndex in 0..<viewCount { cursor.text(key(viewIndex)) }
        writeRuns(into: &cursor)
        gather()
        var block = values
        for viewIndex in 0..<viewCount {
            let count = views[viewIndex].rows
            for column in 0..<15 { cursor.column(block + column, stride: rowWords, count: count, size: 8) }
            cursor.column(block + 15, stride: rowWords, count: count, size: 1)
            for column in ViewProperty.fixedCount..<rowWords { cursor.column(block + column, stride: rowWords, count: count, size: 8) }
            block += rowWords * count
        }
    }

    /// `R`, then each run of frames holding the same views: its length, its views.
    private func writeRuns(into cursor: inout ByteCursor) {
        var runCount = 0
        for frameIndex in 0..<frames.count where !continuesRun(frameIndex) { runCount += 1 }
        cursor.u32(runCount)
        var start = 0
        while start < frames.count {
            var end = start + 1
            while end < frames.count, continuesRun(end) { end += 1 }
            cursor.u32(end - start)
            let first = firstRow(start)
            let last = firstRow(start + 1)
            cursor.u32(last - first)
            for row in first..<last { cursor.u32(layout[row]) }
            start = end
        }
    }

    /// Every row's 16 values into `values`: view `v`'s rows start `rowWords` times the rows of the
    /// views before, and its `r`-th row is the `r`-th frame holding it. Every word of `values` is
    /// written once.
    private mutating func gather() {
        var next = 0
        for viewIndex in 0..<viewCount {
            views[viewIndex].next = next
            next += rowWords * views[viewIndex].rows
        }
        var row = 0
        for frameIndex in frames.indices {
            frames[frameIndex].views.withUnsafeBufferPointer { frameViews in
                guard let first = frameViews.baseAddress else { return }
                for position in 0..<frameViews.count {
                    let viewIndex = layout[row]
                    row &+= 1
                    let at = values + views[viewIndex].next
                    views[viewIndex].next &+= rowWords
                    let view = first + position
                    at[0] = view.pointee.x.bitPattern
                    at[1] = view.pointee.y.bitPattern
                    at[2] = view.pointee.w.bitPattern
                    at[3] = view.pointee.h.bitPattern
                    at[4] = view.pointee.alpha.bitPattern
                    at[5] = view.pointee.transform.a.bitPattern
                    at[6] = view.pointee.transform.b.bitPattern
                    at[7] = view.pointee.transform.c.bitPattern
                    at[8] = view.pointee.transform.d.bitPattern
                    at[9] = view.pointee.transform.tx.bitPattern
                    at[10] = view.pointee.transform.ty.bitPattern
                    at[11] = view.pointee.rotationX.bitPattern
                    at[12] = view.pointee.rotationY.bitPattern
                    at[13] = view.pointee.m34.bitPattern
                    at[14] = UInt64(bitPattern: Int64(view.pointee.z))
                    at[15] = view.pointee.hidden ? 1 : 0
                    for (column, property) in extensions.enumerated() {
                        at[ViewProperty.fixedCount + column] = property.value(of: view.pointee).bitPattern
                    }
                }
            }
        }
    }
}

/// The events' part of the layout: `E`, the texts, the times, the kind, subject and detail
/// columns, and the arguments. Texts are listed by first use; a field's four recent
/// texts are found again without hashing, by their bits first, so a text may be listed twice, as
/// the layout allows.
private struct EventColumns {
    /// An event's words: t, kind, subject, detail (text numbers) and argument.
    static let rowWords = 5

    let count: Int
    /// `rowWords * E` words, event after event.
    let rows: UnsafeMutablePointer<UInt64>
    /// Kinds and subjects as strings; the details' heads as bytes (`ByteTexts`), listed after them.
    var texts: [String] = []
    var heads = ByteTexts()

    /// Calls `body` with the events' texts listed and their rows filled, in a scratch allocation
    /// that lives through the call.
    static func with<Result>(
        _ events: UnsafeBufferPointer<TraceEvent>, _ body: (inout EventColumns) -> Result
    ) -> Result {
        let rows = UnsafeMutablePointer<UInt64>.allocate(capacity: max(rowWords * events.count, 1))
        defer { rows.deallocate() }
        var columns = EventColumns(count: events.count, rows: rows)
        columns.list(events)
        return body(&columns)
    }

    private init(count: Int, rows: UnsafeMutablePointer<UInt64>) {
        self.count = count
        self.rows = rows
    }

    /// Kinds and subjects as strings (equal as strings), details as heads and arguments (heads
    /// compared as bytes), numbered after the strings.
    private mutating func list(_ events: UnsafeBufferPointer<TraceEvent>) {
        // Kinds and subjects share `texts`, so they are listed together, event by event; the
        // details have `heads` of their own, so they are listed in a loop of their own (fewer
        // values live through each loop).
        var recentKinds = RecentStrings()
        var recentSubjects = RecentStrings()
        for index in 0..<count {
            let row = rows + Self.rowWords * index
            row[0] = events[index].t.bitPattern
            row[1] = UInt64(recentKinds.index(of: events[index].kind, in: &texts))
            row[2] = UInt64(recentSubjects.index(of: events[index].subject, in: &texts))
        }
        var recentDetails = RecentDetails()
        let first = texts.count
        for index in 0..<count {
            let row = rows + Self.rowWords * index
            let (head, argument) = recentDetails.index(of: events[index].detail, in: &heads)
            row[3] = UInt64(first &+ head)
            row[4] = UInt64(bitPattern: argument)
        }
    }

    private var textCount: Int { texts.count + heads.count }

    /// The most bytes `write` writes: each column at most 1 + n * size bytes (its values form).
    var byteBound: Int {
        var textBytes = heads.byteCount
        for text in texts { textBytes += text.utf8.count }
        let size = BinaryTrace.indexSize(texts: textCount)
        return 8 + 4 * textCount + textBytes + (1 + 8 * count) + 3 * (1 + size * count) + (1 + 8 * count)
    }

    /// The part's bytes, in the layout's order.
    func write(into cursor: inout ByteCursor) {
        cursor.u32(count)
        cursor.u32(textCount)
        for text in texts { cursor.text(text) }
        for index in 0..<heads.count { heads.withText(index) { cursor.text($0) } }
        cursor.column(rows, stride: Self.rowWords, count: count, size: 8)
        let size = BinaryTrace.indexSize(texts: textCount)
        for column in 1...3 { cursor.column(rows + column, stride: Self.rowWords, count: count, size: size) }
        cursor.column(rows + 4, stride: Self.rowWords, count: count, size: 8)
    }
}

/// The last four texts one event field used, most recent first, as indices into the texts, each
/// with the bits of a string equal to it (`StringBits`): a string seen lately is found by its
/// two words (`index(of:)`), any other compared as a string (`index(of:bits:in:)`: `==`).
/// The four are never equal to each other (a text is listed only when none of them matches it),
/// so at most one matches, by bits or as a string.
struct RecentStrings {
    private struct Slot {
        var index = -1
        var bits = StringBits.unused
    }

    private var first = Slot(), second = Slot(), third = Slot(), fourth = Slot()

    /// The index of the recent text whose string has `bits`, now the most recent; nil when none has.
    /// The most recent is looked at in place; the others in a call (so the four stay in memory,
    /// not in registers shuffled through the caller's loop).
    @inline(__always)
    mutating func index(of bits: StringBits) -> Int? {
        if first.index >= 0, first.bits == bits { return first.index }
        return indexAmongOthers(of: bits)
    }

    @inline(never)
    private mutating func indexAmongOthers(of bits: StringBits) -> Int? {
        if second.index >= 0, second.bits == bits { return promoteSecond() }
        if third.index >= 0, third.bits == bits { return promoteThird() }
        if fourth.index >= 0, fourth.bits == bits { return promoteFourth() }
        return nil
    }

    /// The index of `text` in `texts`: by its bits among the recent ones first
    /// (`index(of:)`), else by `index(of:bits:in:)`.
    @inline(__always)
    mutating func index(of text: String, in texts: inout [String]) -> Int {
        let bits = StringBits(text)
        return index(of: bits) ?? index(of: text, bits: bits, in: &texts)
    }

    /// The index of `text` (whose bits are `bits`, no recent one's) in `texts`: a recent one's
    /// equal as a string, else a new entry appended to `texts`.
    @inline(never)
    mutating func index(of text: String, bits: StringBits, in texts: inout [String]) -> Int {
        let found: Int
        if matches(first.index, text, texts) {
            found = first.index
        } else if matches(second.index, text, texts) {
            found = promoteSecond()
        } else if matches(third.index, text, texts) {
            found = promoteThird()
        } else if matches(fourth.index, text, texts) {
            found = promoteFourth()
        } else {
            // Room for a session's few texts at once, rather than growing through small sizes.
            if texts.capacity == 0 { texts.reserveCapacity(16) }
            texts.append(text)
            found = texts.count - 1
            (second, third, fourth) = (first, second, third)
            first.index = found
        }
        first.bits = bits
        return found
    }

    private func matches(_ index: Int, _ text: String, _ texts: [String]) -> Bool {
        index >= 0 && texts[index] == text
    }

    private mutating func promoteSecond() -> Int {
        (first, second) = (second, first)
        return first.index
    }

    private mutating func promoteThird() -> Int {
        (first, second, third) = (third, first, second)
        return first.index
    }

    private mutating func promoteFourth() -> Int {
        (first, second, third, fourth) = (fourth, first, second, third)
        return first.index
    }
}

/// The details of one field: the last four heads used (texts of `ByteTexts`), most
/// recent first, each with the bits and argument of the last detail string that gave it. A
/// detail string with those bits is that same text, so it splits into that head and argument
/// again and is found without reading its bytes (`index(of:)`); any other is split
/// (`DetailArgument`) and its head compared byte for byte (`index(of:bits:in:)`). The four heads
/// differ from each other, so at most one matches.
struct RecentDetails {
    private struct Slot {
        /// The head's number in `ByteTexts` (-1: none yet), its first byte there and its length.
        var index = -1
        var start = 0
        var count = 0
        var bits = StringBits.unused
        var argument: Int64 = 0
    }

    private var first = Slot(), second = Slot(), third = Slot(), fourth = Slot()

    /// The head and argument of the recent detail string with `bits`, now the most recent; nil
    /// when none has them. The most recent is looked at in place; the others in a call (so the
    /// four stay in memory, not in registers shuffled through the caller's loop).
    @inline(__always)
    mutating func index(of bits: StringBits) -> (head: Int, argument: Int64)? {
        if first.index >= 0, first.bits == bits { return (first.index, first.argument) }
        return indexAmongOthers(of: bits)
    }

    @inline(never)
    private mutating func indexAmongOthers(of bits: StringBits) -> (head: Int, argument: Int64)? {
        if second.index >= 0, second.bits == bits {
            (first, second) = (second, first)
        } else if third.index >= 0, third.bits == bits {
            (first, second, third) = (third, first, second)
        } else if fourth.index >= 0, fourth.bits == bits {
            (first, second, third, fourth) = (fourth, first, second, third)
        } else {
            return nil
        }
        return (first.index, first.argument)
    }

    /// The head and argument of `detail`, its head listed in `heads`: by its bits among the
    /// recent ones first (`index(of:)`), else by `index(of:bits:in:)`.
    @inline(__always)
    mutating func index(of detail: String, in heads: inout ByteTexts) -> (head: Int, argument: Int64) {
        let bits = StringBits(detail)
        return index(of: bits) ?? index(of: detail, bits: bits, in: &heads)
    }

    /// The index in `heads` of `detail`'s head (all of it when it has no argument), a recent one's
    /// or a new entry, and its argument (`DetailArgument.none` when it has none).
    @inline(never)
    mutating func index(of detail: String, bits: StringBits, in heads: inout ByteTexts) -> (head: Int, argument: Int64) {
        if let found = detail.utf8.withContiguousStorageIfAvailable({ index(of: $0, bits: bits, in: &heads) }) { return found }
        var copy = detail
        return copy.withUTF8 { index(of: $0, bits: bits, in: &heads) }
    }

    private mutating func index(of detail: UnsafeBufferPointer<UInt8>, bits: StringBits, in heads: inout ByteTexts)
        -> (head: Int, argument: Int64)
    {
        var head = detail
        var argument = DetailArgument.none
        if let (headCount, number) = DetailArgument.split(detail) {
            head = UnsafeBufferPointer(rebasing: detail[0..<headCount])
            argument = number
        }
        if Self.holds(first, head, heads) {
            // Already the most recent.
        } else if Self.holds(second, head, heads) {
            (first, second) = (second, first)
        } else if Self.holds(third, head, heads) {
            (first, second, third) = (third, first, second)
        } else if Self.holds(fourth, head, heads) {
            (first, second, third, fourth) = (fourth, first, second, third)
        } else {
            let start = heads.byteCount
            heads.append(head)
            (second, third, fourth) = (first, second, third)
            first = Slot(index: heads.count - 1, start: start, count: head.count)
        }
        first.bits = bits
        first.argument = argument
        return (first.index, argument)
    }

    /// Whether `slot`'s head is `head`: lengths first, then bytes.
    @inline(__always)
    private static func holds(_ slot: Slot, _ head: UnsafeBufferPointer<UInt8>, _ heads: ByteTexts) -> Bool {
        slot.index >= 0 && slot.count == head.count && heads.holds(head, at: slot.start)
    }
}

/// Texts as bytes, one after the other in one buffer: the event texts of a layout.
struct ByteTexts {
    private var storage: [UInt8] = []
    private var ends: [Int] = []

    var count: Int { ends.count }

    /// The bytes of all the texts.
    var byteCount: Int { storage.count }

    /// Calls `body` with the bytes of text `index`.
    func withText<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// Whether the `text.count` bytes from byte `start` (within the texts) are `text`.
    func holds(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard let other = text.baseAddress, text.count > 0 else { return true }
        return storage.withUnsafeBytes { stored in
            // Eight bytes at a time, then the rest: heads are a few dozen bytes.
            let count = text.count
            let other = UnsafeRawPointer(other)
            var offset = 0
            while count &- offset >= 8 {
                guard
                    stored.loadUnaligned(fromByteOffset: start &+ offset, as: UInt64.self)
                        == other.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                else { return false }
                offset &+= 8
            }
            while offset < count {
                guard stored[start &+ offset] == text[offset] else { return false }
                offset &+= 1
            }
            return true
        }
    }

    mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        // Room for a session's few texts at once, rather than growing through small sizes.
        if storage.capacity == 0 {
            storage.reserveCapacity(512)
            ends.reserveCapacity(32)
        }
        storage.append(contentsOf: text)
        ends.append(storage.count)
    }
}

/// A place to write bytes in room reserved beforehand: no store is checked, so each writer
/// reckons the most it writes (each method says its bytes) and reserves that.
struct ByteCursor {
    private(set) var pointer: UnsafeMutableRawPointer

    init(_ pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    /// 1 byte.
    mutating func u8(_ value: UInt8) {
        pointer.storeBytes(of: value, as: UInt8.self)
        pointer += 1
    }

    /// 4 bytes: the low 32 bits.
    mutating func u32(_ value: Int) {
        pointer.storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, as: UInt32.self)
        pointer += 4
    }

    /// 4 + `bytes.count` bytes: a u32 byte length and the bytes.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        u32(bytes.count)
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        pointer.copyMemory(from: source, byteCount: bytes.count)
        pointer += bytes.count
    }

    /// 4 + `text.utf8.count` bytes.
    mutating func text(_ text: String) {
        if text.utf8.withContiguousStorageIfAvailable({ self.text($0) }) != nil { return }
        var copy = text
        copy.withUTF8 { self.text($0) }
    }

    /// A column (`column<X>(n)` with X of `size` bytes) of the `count` values at `values`,
    /// `stride` words apart, compared bit for bit: runs of equal values when they take fewer
    /// bytes than the values one by one (4 + r (size + 4) < n size), else the values. At most
    /// 1 + n * size bytes: runs are written only while they are fewer than that bound allows.
    mutating func column(_ values: UnsafePointer<UInt64>, stride: Int, count: Int, size: Int) {
        // One copy of the loops for each size, the stores of a value made for it.
        switch size {
        case 8: column(values, stride: stride, count: count, fixedSize: 8)
        case 1: column(values, stride: stride, count: count, fixedSize: 1)
        case 2: column(values, stride: stride, count: count, fixedSize: 2)
        default: column(values, stride: stride, count: count, fixedSize: size)
        }
    }

    @inline(__always)
    private mutating func column(_ values: UnsafePointer<UInt64>, stride: Int, count: Int, fixedSize size: Int) {
        // The most runs that are shorter than the values: r (size + 4) <= n size - 5 (none when n
        // size < 5; then n < 2 or size 1 and n < 5).
        let mostRuns = (count &* size &- 5) / (size &+ 4)
        if mostRuns >= 1 {
            // Runs pay for n >= 2 (size 8) or more: the first two values exist. When they differ
            // the column is likely to change often (a time, a moving view), so its runs are counted
            // first, without writing; else they are written as found, and given up only if they
            // reach more than `mostRuns`.
            if values[0] != values[stride], Self.runCount(values, stride: stride, count: count) > mostRuns {
                // Values, below.
            } else if writeRuns(values, stride: stride, count: count, size: size, mostRuns: mostRuns) {
                return
            }
        }
        u8(BinaryTrace.valuesForm)
        for index in 0..<count {
            (pointer + index &* size).storeBytes(of: values[index &* stride], size: size)
        }
        pointer += count &* size
    }

    /// The runs form (`u8 1`, `u32 r`, r x (value, u32 length)) if the values make at most
    /// `mostRuns` runs; else nothing (the form byte not written), and false. Writes at most
    /// 5 + mostRuns (size + 4) bytes.
    @inline(__always)
    private mutating func writeRuns(_ values: UnsafePointer<UInt64>, stride: Int, count: Int, size: Int, mostRuns: Int) -> Bool {
        var out = pointer + 5
        var at = values
        var index = 0
        var runs = 0
        repeat {
            guard runs < mostRuns else { return false }
            let first = at[0]
            var end = index &+ 1
            at += stride
            // Four at a time while four are left, then one by one.
            while count &- end >= 4 {
                if at[0] != first || at[stride] != first || at[2 &* stride] != first || at[3 &* stride] != first { break }
                end &+= 4
                at += 4 &* stride
            }
            while end < count, at[0] == first {
                end &+= 1
                at += stride
            }
            out.storeBytes(of: first, size: size)
            (out + size).storeBytes(of: UInt32(truncatingIfNeeded: end &- index).littleEndian, as: UInt32.self)
            out += size &+ 4
            runs &+= 1
            index = end
        } while index < count
        pointer.storeBytes(of: BinaryTrace.runsForm, as: UInt8.self)
        (pointer + 1).storeBytes(of: UInt32(truncatingIfNeeded: runs).littleEndian, as: UInt32.self)
        pointer = out
        return true
    }

    /// The runs of equal values among `count` (at least 1).
    private static func runCount(_ values: UnsafePointer<UInt64>, stride: Int, count: Int) -> Int {
        var runs = 1
        var previous = values[0]
        var at = values
        for _ in 1..<count {
            at += stride
            let value = at[0]
            runs &+= value != previous ? 1 : 0
            previous = value
        }
        return runs
    }
}

extension UnsafeMutableRawPointer {
    /// The low `size` bytes (1 to 8) of `value`, least significant first.
    @inline(__always)
    fileprivate func storeBytes(of value: UInt64, size: Int) {
        switch size {
        case 8: storeBytes(of: value.littleEndian, as: UInt64.self)
        case 4: storeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian, as: UInt32.self)
        case 2: storeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian, as: UInt16.self)
        case 1: storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        default:
            for byte in 0..<size { storeBytes(of: UInt8(truncatingIfNeeded: value >> (8 &* byte)), toByteOffset: byte, as: UInt8.self) }
        }
    }
}
