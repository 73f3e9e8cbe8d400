import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the binary layout of an answer's frames and events (`BinaryTrace`, docs/PROTOCOL.md
/// "The binary encoding") from the bytes its base64url text stands for.
///
/// Hostile bytes are normal input: every count is checked against `EngineReplyLimits` and
/// against the bytes left before anything is allocated for it (a run of equal values may describe
/// many values in a few bytes, so what the counts and runs describe is charged to a `DecodedSize`
/// within `maxDecodedBytes` before any view is built); the bytes must end exactly where the layout ends;
/// numbers must be finite (the plain form cannot carry NaN or infinities), `z` an integer within
/// 2^53, `hidden` 0 or 1, texts UTF-8, frames in time order, view keys distinct, event names within
/// `maxDistinctEventNames`. Any problem is thrown naming the member and the byte, e.g.
/// `field "binary_trace.views[1].alpha": nan at byte 212 is not a finite number`.
/// What `BinaryTraceReader` reads: frames as `Frame`s or packed, events as `TraceEvent`s or
/// packed, and the events whose details were left as their heads.
struct BinaryTraceContents {
    var frames: [Frame]
    var packed: FrameColumns?
    var events: [TraceEvent]
    var packedEvents: PackedEvents?
    var heads: DetailHeads?
    /// The view keys and the event texts, in the layout's order (`BinaryTexts`, for the next answer).
    var texts: BinaryTexts
}

/// The texts of a binary layout (its view keys and its event texts, in order), kept from one
/// answer to the next (`ReplyMemo`): a text of the next answer with the same bytes at the same
/// place is that string again, not a new one (the answers of one scenario name the same views
/// and calls in the same order). Only the bytes decide; the checks are the same.
/// With each list, the bytes it was read from (`u32` length and text, each): the next answer's
/// list, when its bytes are these, is this list, read at the cost of one comparison.
struct BinaryTexts {
    var keys: [String] = []
    var events: [String] = []
    var keyBytes: [UInt8] = []
    var eventBytes: [UInt8] = []
}

struct BinaryTraceReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    /// The member whose bytes these are, named in every error (`binary_trace`, `binary_touches`).
    private let member: String
    /// The texts of the answer read before, compared with this one's at the same places.
    private let recent: BinaryTexts
    /// What the counts and runs read so far decode to, within `EngineReplyLimits.maxDecodedBytes`.
    private var size = DecodedSize()

    init(_ bytes: UnsafeRawBufferPointer, member: String = BinaryTrace.member, recent: BinaryTexts = BinaryTexts()) {
        self.bytes = bytes
        self.member = member
        self.recent = recent
    }

    /// The bytes not read yet.
    var bytesLeft: Int { bytes.count - offset }

    /// The frames and events `bytes` describe.
    static func read(_ bytes: [UInt8]) throws(JSONFieldError) -> (frames: [Frame], events: [TraceEvent]) {
        let contents = try read(bytes, packingFrames: false)
        return (contents.frames, contents.events)
    }

    /// The frames and events `bytes` describe, the frames as `FrameColumns` (and none as `Frame`)
    /// when `packingFrames`, and then the events as `PackedEvents` (and none as `TraceEvent`) when
    /// there are at most `EngineReplyLimits.maxDistinctEventNames` of them: the same checks, the
    /// same errors.
    /// `recent`, the texts of the answer read before (`BinaryTexts`).
    static func read(
        _ bytes: [UInt8], packingFrames: Bool, recent: BinaryTexts = BinaryTexts()
    ) throws(JSONFieldError) -> BinaryTraceContents {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONFieldError) in
                var reader = BinaryTraceReader(raw, recent: recent)
                return try reader.readTrace(packingFrames: packingFrames)
            }
        }
        return try result.get()
    }

    private mutating func readTrace(packingFrames: Bool) throws(JSONFieldError) -> BinaryTraceContents {
        let version = try integer(size: 1, "version")
        guard version == UInt64(BinaryTrace.version) || version == UInt64(BinaryTrace.extendedVersion) else {
            throw fail(
                "version",
                "the layout is version \(version); this reader knows layouts \(BinaryTrace.version) and \(BinaryTrace.extendedVersion)")
        }
        let extensions = version == UInt64(BinaryTrace.extendedVersion) ? try readExtensionNames() : []
        let (frames, packed, keys) = try readFrames(packing: packingFrames, extensions: extensions)
        let (events, packedEvents, heads, eventTexts) = try readEvents(keepingHeads: packingFrames)
        guard offset == bytes.count else {
            throw fail("", "\(bytes.count - offset) bytes after the end of the layout (at byte \(offset))")
        }
        return BinaryTraceContents(
            frames: frames, packed: packed, events: events, packedEvents: packedEvents, heads: heads,
            texts: BinaryTexts(keys: keys.texts, events: eventTexts.texts, keyBytes: keys.bytes, eventBytes: eventTexts.bytes))
    }

    // MARK: Frames

    /// The frames, read straight into `FrameColumns` (the views' places laid out from the layout
    /// first, then each column's values written at their places as they are read and checked);
    /// unless `packing`, made into `Frame`s from those. The checks and their order are those of
    /// the layout: counts, times, keys, runs, then view by view its columns, then the frames' times.
    /// What is needed only while reading (per view: its states, the run that last named it; per
    /// state: its place) is in temporary buffers (on the stack when small), not arrays.
    private mutating func readFrames(
        packing: Bool, extensions: [ViewProperty]
    ) throws(JSONFieldError) -> ([Frame], FrameColumns?, keys: (texts: [String], bytes: [UInt8])) {
        let count = try readCount("count", limit: EngineReplyLimits.maxFrames, "frames", "EngineReplyLimits.maxFrames")
        try charge(count, each: DecodedSize.frameBytes, "frames", "count")
        var packed = FrameColumns()
        packed.times = try doubles(count: count, "t")
        packed.progress = try doubles(count: count, "progress")
        let keys = try readKeys()
        packed.keys = keys.texts
        let views = keys.texts.count
        try withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * views) { (perView) throws(JSONFieldError) in
            let lastRun = UnsafeMutableBufferPointer(rebasing: perView[views...])
            let perView = UnsafeMutableBufferPointer(rebasing: perView[..<views])
            perView.initialize(repeating: 0)
            lastRun.initialize(repeating: -1)
            let layout = try readLayout(frames: count, perView: perView, lastRun: lastRun)
            try withUnsafeTemporaryAllocation(of: Int.self, capacity: layout.states) { (places) throws(JSONFieldError) in
                layout.slots(of: bytes, into: &packed, perView: perView, places: places)
                packed.values = try readViews(ends: perView, places: places, states: layout.states, extensions: extensions)
            }
        }
        var rule = FrameTimeRule()
        for frame in packed.times.indices { try Self.check(&rule, t: packed.times[frame], index: frame) }
        return packing ? ([], packed, keys) : (packed.frames, nil, keys)
    }

    /// Layout 3's extension properties (`ViewProperty.isExtension`): their count, then each name,
    /// distinct, in any order, every one a property this reader knows.
    private mutating func readExtensionNames() throws(JSONFieldError) -> [ViewProperty] {
        let count = try readCount(
            "extensions", limit: ViewProperty.extensions.count, "names", "the extension properties this reader knows")
        var properties: [ViewProperty] = []
        for index in 0..<count {
            let start = offset
            let name = try text("extensions[\(index)]")
            guard let property = ViewProperty(rawValue: name), property.isExtension else {
                let shown = name.utf8.count <= 40 ? JSONString.quoted(name) : "a name of \(name.utf8.count) bytes"
                throw fail(
                    "extensions[\(index)]",
                    "\(shown) at byte \(start) is not an extension view property this reader knows ("
                        + ViewProperty.extensions.map(\.rawValue).joined(separator: ", ") + ")")
            }
            if properties.contains(property) {
                throw fail("extensions[\(index)]", "\(JSONString.quoted(name)) at byte \(start) is named twice")
            }
            properties.append(property)
        }
        return properties
    }

    /// The views' keys, distinct (a few are compared with each other, more through a set: the
    /// first key equal to an earlier one is refused either way), and their bytes.
    private mutating func readKeys() throws(JSONFieldError) -> (texts: [String], bytes: [UInt8]) {
        let viewCount = try readCount("views", limit: Int(UInt32.max), "views", "", bytesEach: 4)
        // Every key is held by at least one view state, charged with the layout.
        guard size.fits(viewCount, each: DecodedSize.viewStateBytes + DecodedSize.textBytes) else {
            throw fail("views", size.problem(viewCount, "views"))
        }
        try charge(viewCount, each: DecodedSize.textBytes, "view keys", "views")
        if let known = sameTexts(count: viewCount, as: recent.keys, bytes: recent.keyBytes) { return (known, recent.keyBytes) }
        let start = offset
        var keys: [String] = []
        keys.reserveCapacity(viewCount)
        var distinct: Set<String>? = viewCount > 16 ? Set(minimumCapacity: viewCount) : nil
        for index in 0..<viewCount {
            let key = try text("views[\(index)].key", like: index < recent.keys.count ? recent.keys[index] : nil)
            let repeated = distinct == nil ? keys.contains(key) : !distinct!.insert(key).inserted
            guard !repeated else { throw fail("views[\(index)].key", "a second view \(JSONString.quoted(key))") }
            keys.append(key)
        }
        return (keys, copiedBytes(from: start))
    }

    /// The `count` texts at the reader's offset when their bytes are `known`'s `bytes` (the same
    /// member's texts in the answer read before, `BinaryTexts`): those strings again, read past
    /// with one comparison. The same bytes read the same way give the same texts, which passed
    /// every check (UTF-8, keys distinct) when they were read. nil, nothing read, when the bytes
    /// differ (the texts are then read one by one).
    private mutating func sameTexts(count: Int, as known: [String], bytes knownBytes: [UInt8]) -> [String]? {
        // Texts known without their bytes (`BinaryTexts(keys:events:)`) are never taken whole.
        guard count > 0, count == known.count, !knownBytes.isEmpty, knownBytes.count <= bytes.count - offset else { return nil }
        let same = knownBytes.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress! + offset, $0.count) == 0 }
        guard same else { return nil }
        offset += knownBytes.count
        return known
    }

    /// A copy of the bytes from `start` to the reader's offset.
    private func copiedBytes(from start: Int) -> [UInt8] { Array(UnsafeRawBufferPointer(rebasing: bytes[start..<offset])) }

    /// Every view's columns, view after view (`ViewProperty` order: 14 numbers, then z and hidden,
    /// then the extensions the layout names; an extension it does not name is +0), read into
    /// the values of `FrameColumns` at their places: view `v`'s `n`-th state is slot
    /// `places[ends[v - 1] + n]` (`FrameLayout.slots`; the first view's from 0), whose values are
    /// `FrameColumns.width` doubles at `slot * width`.
    /// Every (slot, column) entry is written exactly once when no error is thrown: each column
    /// fills exactly its view's `perView[v]` states (the column readers check that), and the
    /// places of all views are all slots once each. So the array is left uninitialized (not
    /// zero-filled) until then; an error drops it unread. Its size was bounded by
    /// `EngineReplyLimits.maxDecodedBytes` when the layout was read.
    private mutating func readViews(
        ends: UnsafeMutableBufferPointer<Int>, places: UnsafeMutableBufferPointer<Int>, states total: Int,
        extensions: [ViewProperty]
    ) throws(JSONFieldError) -> [Double] {
        let width = FrameColumns.width
        precondition(width == AtPlaces.width && ViewProperty.z.offset == 14 && ViewProperty.hidden.offset == 15)
        // The 14 number columns in `ViewProperty` order (z and hidden, the exact ones, follow).
        let columns = ViewProperty.allCases.filter { !$0.isExtension && $0.family != .exact }
        let unnamed = ViewProperty.extensions.filter { !extensions.contains($0) }
        return try [Double](unsafeUninitializedCapacity: total * width) { (values, initialized) throws(JSONFieldError) in
            do {
                var first = 0
                for viewIndex in ends.indices {
                    let states = ends[viewIndex] - first
                    guard states > 0 else { throw fail("views[\(viewIndex)]", "no frame of the layout holds this view") }
                    // In bounds: `first + states` = `ends[viewIndex]` <= `places.count` (the views'
                    // states add up to it), and every place is a slot < `total`.
                    let viewPlaces = UnsafePointer(places.baseAddress! + first)
                    let slots = values.baseAddress!
                    for (column, property) in columns.enumerated() {
                        try readNumbers(
                            count: states, "views[\(viewIndex)].\(property.rawValue)",
                            into: AtPlaces(out: slots + column, places: viewPlaces))
                    }
                    try readValues(
                        count: states, size: 8, "views[\(viewIndex)].z", into: AtPlaces(out: slots + 14, places: viewPlaces)
                    ) { raw in
                        let z = Int64(bitPattern: raw)
                        return z.magnitude <= 9_007_199_254_740_992 ? Double(z) : nil
                    } problem: { raw in
                        "\(Int64(bitPattern: raw)) is not an integer within 2^53"
                    }
                    try readValues(
                        count: states, size: 1, "views[\(viewIndex)].hidden",
                        into: AtPlaces(out: slots + 15, places: viewPlaces)
                    ) { raw in
                        raw <= 1 ? Double(raw) : nil
                    } problem: { raw in
                        "\(raw) is not 0 or 1"
                    }
                    for property in extensions {
                        try readNumbers(
                            count: states, "views[\(viewIndex)].\(property.rawValue)",
                            into: AtPlaces(out: slots + property.offset, places: viewPlaces))
                    }
                    for property in unnamed {
                        AtPlaces(out: slots + property.offset, places: viewPlaces).fill(0, from: 0, count: states)
                    }
                    first += states
                }
            }
            initialized = total * width
        }
    }

    /// `FrameTimeRule.check` of frame `index`, its error naming the binary member.
    private static func check(_ rule: inout FrameTimeRule, t: Double, index: Int) throws(JSONFieldError) {
        do throws(JSONFieldError) { try rule.check(t: t, index: index) } catch {
            // `field "frames[3].t": ...` becomes `field "binary_trace.frames[3].t": ...`.
            let prefix = "field \""
            let reason = error.reason
            throw JSONFieldError(
                reason: reason.hasPrefix(prefix)
                    ? prefix + BinaryTrace.member + "." + reason.dropFirst(prefix.count)
                    : "field \"\(BinaryTrace.member).t\": \(reason)")
        }
    }

    /// Runs of frames that hold the same views, back to front: the runs add up to `frames`, the
    /// views of a run are distinct indices below `views`, and all frames together hold at most
    /// `EngineReplyLimits.maxDecodedBytes` decoded. Counts each view's states into `perView` (zeros,
    /// one per view); `lastRun` (-1s, one per view) holds the run that last named each view, to
    /// refuse a view twice in one run without a set. The runs stay in the bytes (`FrameLayout`).
    private mutating func readLayout(
        frames: Int, perView: UnsafeMutableBufferPointer<Int>, lastRun: UnsafeMutableBufferPointer<Int>
    ) throws(JSONFieldError) -> FrameLayout {
        let views = perView.count
        let runCount = try readCount("layout", limit: frames, "runs", "the frame count", bytesEach: 8)
        var layout = FrameLayout(frames: frames, runs: runCount, start: offset)
        var covered = 0
        for runIndex in 0..<runCount {
            let run = Int(try integer(size: 4, "layout[\(runIndex)]"))
            guard run >= 1, run <= frames - covered else {
                throw fail("layout[\(runIndex)]", "a run of \(run) frames does not fit the \(frames) frames (at byte \(offset - 4))")
            }
            let members = try readCount("layout[\(runIndex)]", limit: views, "views", "the view count", bytesEach: 4)
            // Every member's 4 bytes are there (`readCount` checked `members` against the bytes left).
            for _ in 0..<members {
                let viewIndex = Int(load(4, at: offset))
                offset += 4
                guard viewIndex < views else {
                    throw fail("layout[\(runIndex)]", "view \(viewIndex) is not one of the \(views) views (at byte \(offset - 4))")
                }
                guard lastRun[viewIndex] != runIndex else { throw fail("layout[\(runIndex)]", "view \(viewIndex) twice in one frame") }
                lastRun[viewIndex] = runIndex
            }
            layout.states += run * members
            try charge(run * members, each: DecodedSize.viewStateBytes, "views of this run", "layout[\(runIndex)]")
            for at in stride(from: offset - 4 * members, to: offset, by: 4) { perView[Int(load(4, at: at))] += run }
            covered += run
        }
        guard covered == frames else { throw fail("layout", "the runs hold \(covered) frames, not \(frames)") }
        return layout
    }

    // MARK: Events

    /// The events; with `keepingHeads` (and at most `maxDistinctEventNames` events, so that the
    /// name limit is never checked), a detail with an argument is left as its head (`DetailHeads`
    /// makes the details when they are needed), its head checked as always.
    /// With `keepingHeads` and at most `maxDistinctEventNames` events, the events come back as
    /// `PackedEvents` (and none as `TraceEvent`): the same checks, the same errors.
    private mutating func readEvents(
        keepingHeads: Bool = false
    ) throws(JSONFieldError) -> ([TraceEvent], PackedEvents?, DetailHeads?, texts: (texts: [String], bytes: [UInt8])) {
        let count = try readCount("events.count", limit: EngineReplyLimits.maxEvents, "events", "EngineReplyLimits.maxEvents")
        try charge(count, each: DecodedSize.eventBytes, "events", "events.count")
        let textCount = try readCount("texts", limit: Int(UInt32.max), "texts", "", bytesEach: 4)
        try charge(textCount, each: DecodedSize.textBytes, "event texts", "texts")
        let textsStart = offset
        let texts: [String]
        let textBytes: [UInt8]
        if let known = sameTexts(count: textCount, as: recent.events, bytes: recent.eventBytes) {
            texts = known
            textBytes = recent.eventBytes
        } else {
            var read: [String] = []
            read.reserveCapacity(textCount)
            for index in 0..<textCount {
                read.append(try text("texts[\(index)]", like: index < recent.events.count ? recent.events[index] : nil))
            }
            texts = read
            textBytes = copiedBytes(from: textsStart)
        }
        let times = try doubles(count: count, "events.t")
        let indexSize = BinaryTrace.indexSize(texts: textCount)
        func indices(_ name: String) throws(JSONFieldError) -> [Int] {
            try [Int](unsafeUninitializedCapacity: count) { (values, initialized) throws(JSONFieldError) in
                try readValues(count: count, size: indexSize, "events.\(name)", into: InOrder(values)) { raw in
                    raw < UInt64(textCount) ? Int(raw) : nil
                } problem: { raw in
                    "text \(raw) is not one of the \(textCount) texts"
                }
                initialized = count
            }
        }
        let kinds = try indices("kind")
        let subjects = try indices("subject")
        let details = try indices("detail")
        // Any value: `DetailArgument.none`, or a number whose head is checked as it is used.
        let arguments = try [Int64](unsafeUninitializedCapacity: count) { (values, initialized) throws(JSONFieldError) in
            try readValues(count: count, size: 8, "events.argument", into: InOrder(values)) { (raw) -> Int64? in
                Int64(bitPattern: raw)
            } problem: { _ in
                ""
            }
            initialized = count
        }
        if keepingHeads && count <= EngineReplyLimits.maxDistinctEventNames {
            // The name limit cannot be passed: the columns are the events, no `TraceEvent` made.
            let heads = try checkedHeads(arguments, details: details, texts: texts)
            return (
                [], PackedEvents(texts: texts, times: times, kinds: kinds, subjects: subjects, details: details), heads,
                (texts, textBytes)
            )
        }
        var events: [TraceEvent] = []
        events.reserveCapacity(count)
        // A name depends only on the three texts (and whether the detail has an argument): names
        // are worked out only when the distinct triples of indices pass the limit.
        let mayPassLimit = count > EngineReplyLimits.maxDistinctEventNames
        let leavesHeads = keepingHeads && !mayPassLimit
        var heads = DetailHeads()
        var triples = Set<[Int]>()
        var names: Set<EventNameKey>?
        // The last detail rebuilt from a head and an argument, used again for the same pair (a run
        // of equal arguments makes one text, not one per event).
        var lastBuilt: (head: Int, argument: Int64, text: String)?
        for index in 0..<count {
            var detail = texts[details[index]]
            var hasArgument = 0
            if arguments[index] != DetailArgument.none {
                hasArgument = 1
                let head = details[index]
                let argument = arguments[index]
                if leavesHeads {
                    try checkHead(head, event: index, texts: texts)
                    heads.positions.append(index)
                    heads.arguments.append(argument)
                } else if let lastBuilt, lastBuilt.head == head, lastBuilt.argument == argument {
                    detail = lastBuilt.text
                } else {
                    try checkHead(head, event: index, texts: texts)
                    var headText = texts[head]
                    detail = headText.withUTF8 { DetailArgument.text(head: $0, argument: argument) }
                    lastBuilt = (head, argument, detail)
                }
            }
            let event = TraceEvent(t: times[index], kind: texts[kinds[index]], subject: texts[subjects[index]], detail: detail)
            if mayPassLimit, triples.insert([kinds[index], subjects[index], details[index], hasArgument]).inserted,
                triples.count > EngineReplyLimits.maxDistinctEventNames
            {
                if names == nil { names = Set(events.map(EventNameKey.init)) }
                if names!.insert(EventNameKey(event)).inserted, names!.count > EngineReplyLimits.maxDistinctEventNames {
                    throw fail(
                        "events.detail",
                        "more than \(EngineReplyLimits.maxDistinctEventNames) distinct event names in one trace "
                            + "(EngineReplyLimits.maxDistinctEventNames)")
                }
            }
            events.append(event)
        }
        return (events, nil, leavesHeads ? heads : nil, (texts, textBytes))
    }

    /// The events of `arguments` with an argument (`DetailHeads`), each one's detail text checked
    /// to be a head as `readEvents` checks it, in order (a text checked just before is not
    /// checked again: the same text passes the same check). The heads' arrays are made only when
    /// there are heads, at their size.
    private func checkedHeads(_ arguments: [Int64], details: [Int], texts: [String]) throws(JSONFieldError) -> DetailHeads {
        var heads = DetailHeads()
        let count = arguments.reduce(0) { $0 + ($1 != DetailArgument.none ? 1 : 0) }
        guard count > 0 else { return heads }
        heads.positions.reserveCapacity(count)
        heads.arguments.reserveCapacity(count)
        var checked = -1
        for index in arguments.indices where arguments[index] != DetailArgument.none {
            let head = details[index]
            if head != checked {
                try checkHead(head, event: index, texts: texts)
                checked = head
            }
            heads.positions.append(index)
            heads.arguments.append(arguments[index])
        }
        return heads
    }

    // MARK: Values

    /// Checks that text `head`, which event `index` names as its detail's head, is a head: at most
    /// `DetailArgument.maxHeadBytes` long and ending in '(' (what `DetailArgument` splits off).
    /// The text's UTF-8 is its bytes in the layout (it was read from them, or is a string with
    /// the same bytes).
    private func checkHead(_ head: Int, event index: Int, texts: [String]) throws(JSONFieldError) {
        let utf8 = texts[head].utf8
        guard utf8.count <= DetailArgument.maxHeadBytes, utf8.last == UInt8(ascii: "(") else {
            throw fail(
                "events.argument",
                "event \(index) has an argument but its detail text \(head) is not a head of at most "
                    + "\(DetailArgument.maxHeadBytes) bytes ending in '('")
        }
    }

    /// Charges `count` decoded items of `each` bytes to the answer's `DecodedSize`, refusing
    /// the answer at `field` when they pass `EngineReplyLimits.maxDecodedBytes`.
    private mutating func charge(_ count: Int, each: Int, _ what: String, _ field: @autoclosure () -> String) throws(JSONFieldError) {
        guard size.add(count, each: each) else { throw fail(field(), size.problem(count, what)) }
    }

    func fail(_ field: String, _ reason: String) -> JSONFieldError {
        JSONFieldError(reason: "field \"\(member)\(field.isEmpty ? "" : ".")\(field)\": \(reason)")
    }

    /// An unsigned little-endian integer of `size` bytes (1, 2, 4 or 8).
    @inline(__always)
    mutating func integer(size: Int, _ field: @autoclosure () -> String) throws(JSONFieldError) -> UInt64 {
        guard bytes.count - offset >= size else {
            throw fail(
                field(), "the bytes end at byte \(bytes.count), \(size - (bytes.count - offset)) short of the value at byte \(offset)")
        }
        let value: UInt64
        switch size {
        case 1: value = UInt64(bytes[offset])
        case 2: value = UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
        case 4: value = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        default: value = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        offset += size
        return value
    }

    /// A u32 count, at most `limit` and, when each counted item takes at least `bytesEach` bytes,
    /// at most what the bytes left can hold: checked before anything is allocated for it.
    mutating func readCount(
        _ field: @autoclosure () -> String, limit: Int, _ what: String, _ limitName: String, bytesEach: Int = 0
    ) throws(JSONFieldError) -> Int {
        let count = Int(try integer(size: 4, field()))
        guard count <= limit else { throw fail(field(), "\(count) \(what) is more than \(limit) (\(limitName))") }
        if bytesEach > 0, count > (bytes.count - offset) / bytesEach {
            throw fail(field(), "\(count) \(what) of at least \(bytesEach) bytes each do not fit the \(bytes.count - offset) bytes left")
        }
        return count
    }

    /// A u32 byte length and that many bytes of UTF-8.
    /// A text; `like`, a string that is taken instead of a new one when its bytes are the text's.
    private mutating func text(_ field: @autoclosure () -> String, like candidate: String? = nil) throws(JSONFieldError) -> String {
        let length = Int(try integer(size: 4, field()))
        guard length <= bytes.count - offset else {
            throw fail(field(), "a text of \(length) bytes does not fit the \(bytes.count - offset) bytes left (at byte \(offset - 4))")
        }
        let utf8 = UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]).bindMemory(to: UInt8.self)
        if let candidate, candidate.utf8.count == length {
            // The same bytes are the same string (which was UTF-8 when it was read).
            let same =
                candidate.utf8.withContiguousStorageIfAvailable { known in
                    length == 0 || memcmp(known.baseAddress!, utf8.baseAddress!, length) == 0
                } ?? false
            if same {
                offset += length
                return candidate
            }
        }
        // ASCII (almost every key and event text) is UTF-8 as it is; anything else is validated.
        let text: String
        if !utf8.contains(where: { $0 >= 0x80 }) {
            text = String(decoding: utf8, as: UTF8.self)
        } else if let valid = String(validating: utf8, as: UTF8.self) {
            text = valid
        } else {
            throw fail(field(), "the text at byte \(offset) is not UTF-8")
        }
        offset += length
        return text
    }

    /// `count` finite doubles (a column<f64>), as an array.
    mutating func doubles(count: Int, _ field: @autoclosure () -> String) throws(JSONFieldError) -> [Double] {
        try [Double](unsafeUninitializedCapacity: count) { (values, initialized) throws(JSONFieldError) in
            try readNumbers(count: count, field(), into: InOrder(values))
            initialized = count
        }
    }

    /// A column<f64> of `count` finite numbers, value `index` stored in the stored property
    /// `field` of `elements[index]` (initialized; `MemoryLayout.offset(of:)` must give the
    /// property's offset): a column read straight into the values it belongs to.
    mutating func doubles<Element>(
        count: Int, _ name: @autoclosure () -> String, into elements: UnsafeMutablePointer<Element>,
        field: WritableKeyPath<Element, Double>
    ) throws(JSONFieldError) {
        try readNumbers(count: count, name(), into: IntoField(elements, field))
    }

    /// A column of `count` values of `size` bytes (`column(count:size:_:_:problem:)`), value
    /// `index` stored in the stored property `field` of `elements[index]` (as `doubles(count:_:into:field:)`).
    mutating func column<Element, Value>(
        count: Int, size: Int, _ name: @autoclosure () -> String, into elements: UnsafeMutablePointer<Element>,
        field: WritableKeyPath<Element, Value>, _ make: (UInt64) -> Value?, problem: (UInt64) -> String
    ) throws(JSONFieldError) {
        try readValues(count: count, size: size, name(), into: IntoField(elements, field), make, problem: problem)
    }

    /// A column<f64> of `count` finite numbers, each put in `target` at its index. Every value's
    /// bytes are checked to be there (the values, or each run's 12 bytes) before the loop reads
    /// them in place, one load each. Inlined (with the column readers it calls) where it is used,
    /// so that each target's stores are made in the loop itself.
    @inline(__always)
    private mutating func readNumbers<Target: ColumnTarget>(
        count: Int, _ field: @autoclosure () -> String, into target: Target
    ) throws(JSONFieldError) where Target.Value == Double {
        let form = try integer(size: 1, field())
        switch UInt8(form) {
        case BinaryTrace.valuesForm:
            guard count <= (bytes.count - offset) / 8 else { throw short(count: count, size: 8, field()) }
            let start = offset
            for index in 0..<count {
                let value = Double(bitPattern: load(8, at: start &+ index &* 8))
                guard value.isFinite else { throw notFinite(value, at: start + index * 8, field()) }
                target.put(value, at: index)
            }
            offset = start + count * 8
        case BinaryTrace.runsForm:
            let runs = try runCount(count: count, size: 8, field())
            var filled = 0
            // Each run's 12 bytes are there (`runCount` checked them): read in place, the reader's
            // offset set once after the runs.
            var at = offset
            for _ in 0..<runs {
                let value = Double(bitPattern: load(8, at: at))
                guard value.isFinite else { throw notFinite(value, at: at, field()) }
                let length = Int(load(4, at: at + 8))
                guard length >= 1, length <= count - filled else { throw runTooLong(length, count: count, at: at + 8, field()) }
                target.fill(value, from: filled, count: length)
                filled += length
                at += 12
            }
            offset = at
            guard filled == count else { throw fail(field(), "the runs hold \(filled) values, not \(count)") }
        default: throw badForm(form, field())
        }
    }

    /// A column of `count` values of `size` bytes (1, 2, 4 or 8), each made by `make` (nil: the
    /// value breaks the column's rule, which `problem` states) and put in `target` at its index.
    /// As `readNumbers`, every value's bytes are checked to be there before they are read, and
    /// the reader is inlined with its `make` where it is used.
    @inline(__always)
    private mutating func readValues<Target: ColumnTarget>(
        count: Int, size: Int, _ field: @autoclosure () -> String, into target: Target, _ make: (UInt64) -> Target.Value?,
        problem: (UInt64) -> String
    ) throws(JSONFieldError) {
        let form = try integer(size: 1, field())
        switch UInt8(form) {
        case BinaryTrace.valuesForm:
            guard count <= (bytes.count - offset) / size else { throw short(count: count, size: size, field()) }
            let start = offset
            for index in 0..<count {
                let at = start &+ index &* size
                let raw = load(size, at: at)
                guard let value = make(raw) else { throw fail(field(), "\(problem(raw)) (at byte \(at))") }
                target.put(value, at: index)
            }
            offset = start + count * size
        case BinaryTrace.runsForm:
            let runs = try runCount(count: count, size: size, field())
            var filled = 0
            var at = offset
            for _ in 0..<runs {
                let raw = load(size, at: at)
                guard let value = make(raw) else { throw fail(field(), "\(problem(raw)) (at byte \(at))") }
                let length = Int(load(4, at: at + size))
                guard length >= 1, length <= count - filled else { throw runTooLong(length, count: count, at: at + size, field()) }
                target.fill(value, from: filled, count: length)
                filled += length
                at += size + 4
            }
            offset = at
            guard filled == count else { throw fail(field(), "the runs hold \(filled) values, not \(count)") }
        default: throw badForm(form, field())
        }
    }

    /// The little-endian integer of `size` bytes (1, 2, 4 or 8) at byte `at`, which the caller
    /// has checked to be within the bytes.
    @inline(__always)
    private func load(_ size: Int, at: Int) -> UInt64 {
        switch size {
        case 1: UInt64(bytes[at])
        case 2: UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
        case 4: UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
        default: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
        }
    }

    /// A column of `count` values of `size` bytes, each turned into a `Value` by `make` (nil: the
    /// value breaks the column's rule, which `problem` states).
    mutating func column<Value>(
        count: Int, size: Int, _ field: @autoclosure () -> String, _ make: (UInt64) -> Value?, problem: (UInt64) -> String
    ) throws(JSONFieldError) -> [Value] {
        var values: [Value] = []
        let form = try integer(size: 1, field())
        switch UInt8(form) {
        case BinaryTrace.valuesForm:
            guard count <= (bytes.count - offset) / size else { throw short(count: count, size: size, field()) }
            // Every value's bytes are there (checked above): read in place, one load each, into
            // the array's own buffer.
            let start = offset
            let bytes = bytes
            var refused: (raw: UInt64, at: Int)?
            values = [Value](unsafeUninitializedCapacity: count) { buffer, initialized in
                for index in 0..<count {
                    let at = start + index * size
                    let raw: UInt64
                    switch size {
                    case 1: raw = UInt64(bytes[at])
                    case 2: raw = UInt64(UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt16.self)))
                    case 4: raw = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
                    default: raw = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self))
                    }
                    guard let value = make(raw) else {
                        refused = (raw, at)
                        return
                    }
                    (buffer.baseAddress! + index).initialize(to: value)
                    initialized = index + 1
                }
            }
            if let refused {
                offset = refused.at + size
                throw fail(field(), "\(problem(refused.raw)) (at byte \(refused.at))")
            }
            offset = start + count * size
        case BinaryTrace.runsForm:
            let runs = try runCount(count: count, size: size, field())
            values.reserveCapacity(count)
            for _ in 0..<runs {
                let at = offset
                let raw = try integer(size: size, field())
                guard let value = make(raw) else { throw fail(field(), "\(problem(raw)) (at byte \(at))") }
                let length = try runLength(at: offset, filled: values.count, count: count, field())
                offset += 4
                values.append(contentsOf: repeatElement(value, count: length))
            }
            guard values.count == count else { throw fail(field(), "the runs hold \(values.count) values, not \(count)") }
        default: throw badForm(form, field())
        }
        return values
    }

    /// A column's u32 run count: at most `count` runs, each of `size` + 4 bytes within the bytes left.
    @inline(__always)
    private mutating func runCount(count: Int, size: Int, _ field: @autoclosure () -> String) throws(JSONFieldError) -> Int {
        let runs = Int(try integer(size: 4, field()))
        guard runs <= count else { throw fail(field(), "\(runs) runs for \(count) values") }
        guard runs <= (bytes.count - offset) / (size + 4) else {
            throw fail(field(), "\(runs) runs of \(size + 4) bytes do not fit the \(bytes.count - offset) bytes left")
        }
        return runs
    }

    /// The u32 length of a run at byte `at` (within the bytes: `runCount` checked the runs' bytes),
    /// at least 1 and at most the `count - filled` values left.
    @inline(__always)
    private func runLength(at: Int, filled: Int, count: Int, _ field: @autoclosure () -> String) throws(JSONFieldError) -> Int {
        let length = Int(load(4, at: at))
        guard length >= 1, length <= count - filled else { throw runTooLong(length, count: count, at: at, field()) }
        return length
    }

    /// A run of `length` values at byte `at` that does not fit the column's `count` values.
    private func runTooLong(_ length: Int, count: Int, at: Int, _ field: String) -> JSONFieldError {
        fail(field, "a run of \(length) values does not fit the \(count) values (at byte \(at))")
    }

    private func short(count: Int, size: Int, _ field: String) -> JSONFieldError {
        fail(field, "\(count) values of \(size) bytes do not fit the \(bytes.count - offset) bytes left (at byte \(offset))")
    }

    private func notFinite(_ value: Double, at byte: Int, _ field: String) -> JSONFieldError {
        fail(field, "\(value) at byte \(byte) is not a finite number")
    }

    private func badForm(_ form: UInt64, _ field: String) -> JSONFieldError {
        fail(field, "column form \(form) at byte \(offset - 1) is neither 0 (values) nor 1 (runs)")
    }
}

/// The layout of the frames (`R x { u32 n; u32 k; k x u32 view }`), checked by `readLayout`:
/// its runs are read again from the bytes where they are.
private struct FrameLayout {
    let frames: Int
    /// How many runs, and the byte where the first starts.
    let runs: Int
    let start: Int
    /// The views of all frames (within `EngineReplyLimits.maxDecodedBytes`).
    var states = 0

    init(frames: Int, runs: Int, start: Int) {
        self.frames = frames
        self.runs = runs
        self.start = start
    }

    /// Lays the views out frame by frame into `packed` (`starts`, `keyNumbers`) and `places`
    /// (`states` of them): view `v`'s states, in frame order, are at slots `places[first(v)..<
    /// first(v) + perView[v]]`, `first(v)` the states of the views before it. `perView` (each
    /// view's states) is left holding each view's end in `places` (`first(v + 1)`).
    /// In bounds: the runs, read again from `bytes` where `readLayout` checked them (every run's
    /// 8 bytes and its views' 4 bytes each are there, every view is below `perView.count`),
    /// expand to exactly `states` slots and `frames` frames, and view `v` is met exactly
    /// `perView[v]` times, so each `next[v]` stays within its own range of `places`.
    func slots(
        of bytes: UnsafeRawBufferPointer, into packed: inout FrameColumns, perView next: UnsafeMutableBufferPointer<Int>,
        places: UnsafeMutableBufferPointer<Int>
    ) {
        // Each view's count becomes where its places start, then (one state after the other) end.
        var first = 0
        for viewIndex in next.indices {
            let states = next[viewIndex]
            next[viewIndex] = first
            first += states
        }
        func u32(_ at: Int) -> Int { Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self))) }
        let frames = frames
        let (runs, start) = (runs, start)
        packed.keyNumbers = [Int](unsafeUninitializedCapacity: states) { keyNumbers, initialized in
            packed.starts = [Int](unsafeUninitializedCapacity: frames + 1) { starts, initialized in
                starts[0] = 0
                var slot = 0
                var frame = 0
                var at = start
                for _ in 0..<runs {
                    let (run, members) = (u32(at), u32(at + 4))
                    let views = at + 8
                    at = views + 4 * members
                    for _ in 0..<run {
                        for member in 0..<members {
                            let viewIndex = u32(views + 4 * member)
                            keyNumbers[slot] = viewIndex
                            places[next[viewIndex]] = slot
                            next[viewIndex] += 1
                            slot += 1
                        }
                        frame += 1
                        starts[frame] = slot
                    }
                }
                initialized = frames + 1
            }
            initialized = states
        }
    }
}

/// Where a column's values go as they are read: value `index`, or a run of equal values.
/// Callers keep `index + count` within the column (its readers check every run against it).
private protocol ColumnTarget {
    associatedtype Value
    func put(_ value: Value, at index: Int)
    func fill(_ value: Value, from index: Int, count: Int)
}

/// A column's values one after the other, in an array's buffer of at least the column's length.
private struct InOrder<Value>: ColumnTarget {
    let buffer: UnsafeMutableBufferPointer<Value>

    init(_ buffer: UnsafeMutableBufferPointer<Value>) { self.buffer = buffer }

    @inline(__always)
    func put(_ value: Value, at index: Int) { (buffer.baseAddress.unsafelyUnwrapped + index).initialize(to: value) }

    @inline(__always)
    func fill(_ value: Value, from index: Int, count: Int) {
        (buffer.baseAddress.unsafelyUnwrapped + index).initialize(repeating: value, count: count)
    }
}

/// One stored property of initialized elements: value `index` goes into the property of
/// `elements[index]`, `stride` bytes after the previous one's (a store, no key path applied per value).
private struct IntoField<Value>: ColumnTarget {
    let first: UnsafeMutablePointer<Value>
    let stride: Int

    /// The property `field` of the elements from `elements`; it must be a stored one (trapping otherwise).
    init<Element>(_ elements: UnsafeMutablePointer<Element>, _ field: WritableKeyPath<Element, Value>) {
        let offset = MemoryLayout<Element>.offset(of: field)!
        first = (UnsafeMutableRawPointer(elements) + offset).assumingMemoryBound(to: Value.self)
        stride = MemoryLayout<Element>.stride
    }

    @inline(__always)
    func put(_ value: Value, at index: Int) {
        (UnsafeMutableRawPointer(first) + index &* stride).assumingMemoryBound(to: Value.self).pointee = value
    }

    @inline(__always)
    func fill(_ value: Value, from index: Int, count: Int) {
        for position in index..<(index + count) { put(value, at: position) }
    }
}

/// One view's column in `FrameColumns.values`: value `index` is the view's state at slot
/// `places[index]`, whose entry is `out + slot * width` (`out` points at the column's entry of
/// slot 0).
private struct AtPlaces: ColumnTarget {
    /// `FrameColumns.width`, as a constant of this module (`readViews` checks that they agree):
    /// the other module's static is read through an accessor call, here once per value.
    static let width = 28
    let out: UnsafeMutablePointer<Double>
    let places: UnsafePointer<Int>

    @inline(__always)
    func put(_ value: Double, at index: Int) { out[places[index] &* Self.width] = value }

    @inline(__always)
    func fill(_ value: Double, from index: Int, count: Int) {
        for place in UnsafeBufferPointer(start: places + index, count: count) { out[place &* Self.width] = value }
    }
}
