import ReelJSON
import ReelTrace

@testable import ReelFormats

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `BinaryTraceReader` as it was before it read columns straight into `PackedFrames` (commit
/// 4a1e8a9, a copy kept only for tests): the slower reader, column by column into arrays, that
/// `BinaryTraceReaderTests` compares the reader with, contents and error messages alike.
struct ReferenceBinaryTraceReader {
    private let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0
    /// The member whose bytes these are, named in every error (`binary_trace`, `binary_touches`).
    private let member: String
    /// The texts of the answer read before, compared with this one's at the same places.
    private let recent: BinaryTexts
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

    /// The frames and events `bytes` describe, the frames as `PackedFrames` (and none as `Frame`)
    /// when `packingFrames`, and then the events as `PackedEvents` (and none as `TraceEvent`) when
    /// there are at most `EngineReplyLimits.maxDistinctEventNames` of them: the same checks, the
    /// same errors.
    /// `recent`, the texts of the answer read before (`BinaryTexts`).
    static func read(
        _ bytes: [UInt8], packingFrames: Bool, recent: BinaryTexts = BinaryTexts()
    ) throws(JSONFieldError) -> BinaryTraceContents {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONFieldError) in
                var reader = ReferenceBinaryTraceReader(raw, recent: recent)
                return try reader.readTrace(packingFrames: packingFrames)
            }
        }
        return try result.get()
    }

    private mutating func readTrace(packingFrames: Bool) throws(JSONFieldError) -> BinaryTraceContents {
        let version = try integer(size: 1, "version")
        guard version == UInt64(BinaryTrace.version) || version == UInt64(BinaryTrace.argumentsVersion) else {
            throw fail(
                "version",
                "the layout is version \(version); this reader knows versions \(BinaryTrace.version) and \(BinaryTrace.argumentsVersion)")
        }
        let (frames, packed, keys) = try readFrames(packing: packingFrames)
        let (events, packedEvents, heads, eventTexts) = try readEvents(
            withArguments: version == UInt64(BinaryTrace.argumentsVersion), keepingHeads: packingFrames)
        guard offset == bytes.count else {
            throw fail("", "\(bytes.count - offset) bytes after the end of the layout (at byte \(offset))")
        }
        return BinaryTraceContents(
            frames: frames, packed: packed, events: events, packedEvents: packedEvents, heads: heads,
            texts: BinaryTexts(keys: keys, events: eventTexts))
    }

    // MARK: Frames

    private mutating func readFrames(packing: Bool) throws(JSONFieldError) -> ([Frame], PackedFrames?, keys: [String]) {
        let count = try readCount("count", limit: EngineReplyLimits.maxFrames, "frames", "EngineReplyLimits.maxFrames")
        try charge(count, each: DecodedSize.frameBytes, "frames", "count")
        let times = try doubles(count: count, "t")
        let progress = try doubles(count: count, "progress")
        let viewCount = try readCount("views", limit: Int(UInt32.max), "views", "", bytesEach: 4)
        guard size.fits(viewCount, each: DecodedSize.viewStateBytes + DecodedSize.textBytes) else {
            throw fail("views", size.problem(viewCount, "views"))
        }
        try charge(viewCount, each: DecodedSize.textBytes, "view keys", "views")
        var keys: [String] = []
        keys.reserveCapacity(viewCount)
        var distinct = Set<String>(minimumCapacity: viewCount)
        for index in 0..<viewCount {
            let key = try text("views[\(index)].key", like: index < recent.keys.count ? recent.keys[index] : nil)
            guard distinct.insert(key).inserted else { throw fail("views[\(index)].key", "a second view \(JSONString.quoted(key))") }
            keys.append(key)
        }
        let (runs, perView) = try readLayout(frames: count, views: viewCount)
        var columns: [ReferenceViewColumns] = []
        columns.reserveCapacity(viewCount)
        for viewIndex in 0..<viewCount {
            let states = perView[viewIndex]
            guard states > 0 else { throw fail("views[\(viewIndex)]", "no frame of the layout holds this view") }
            var view = ReferenceViewColumns(key: keys[viewIndex], states: states)
            // The 14 number columns one after the other, in `ViewColumn` order.
            for property in ViewColumn.allCases {
                try readDoubles(count: states, "views[\(viewIndex)].\(property.name)", into: &view.numbers)
            }
            view.z = try column(count: states, size: 8, "views[\(viewIndex)].z") { raw in
                let z = Int64(bitPattern: raw)
                return z.magnitude <= 9_007_199_254_740_992 ? Int(z) : nil
            } problem: { raw in
                "\(Int64(bitPattern: raw)) is not an integer within 2^53"
            }
            view.hidden = try column(count: states, size: 1, "views[\(viewIndex)].hidden") { raw in
                raw <= 1 ? raw == 1 : nil
            } problem: { raw in
                "\(raw) is not 0 or 1"
            }
            columns.append(view)
        }
        var taken = [Int](repeating: 0, count: viewCount)
        var rule = FrameTimeRule()
        if packing {
            return ([], try pack(runs: runs, columns: columns, keys: keys, times: times, progress: progress), keys)
        }
        var frames: [Frame] = []
        frames.reserveCapacity(count)
        for run in runs {
            for _ in 0..<run.frames {
                var states: [ViewState] = []
                states.reserveCapacity(run.views.count)
                for viewIndex in run.views {
                    states.append(columns[viewIndex].state(at: taken[viewIndex]))
                    taken[viewIndex] += 1
                }
                let index = frames.count
                let frame = Frame(index: index, t: times[index], progress: progress[index], views: states)
                try Self.check(&rule, t: frame.t, index: index)
                frames.append(frame)
            }
        }
        return (frames, nil, keys)
    }

    /// The frames of `runs` as `PackedFrames`, checked in order as `readFrames` checks them. The
    /// views' places are laid out frame by frame first; then each view's values are copied from
    /// its columns to its places, read and written through buffer pointers.
    private func pack(
        runs: [(frames: Int, views: [Int])], columns: [ReferenceViewColumns], keys: [String], times: [Double], progress: [Double]
    ) throws(JSONFieldError) -> PackedFrames {
        var packed = PackedFrames()
        packed.keys = keys
        packed.times = times
        packed.progress = progress
        let states = runs.reduce(0) { $0 + $1.frames * $1.views.count }
        let width = FrameColumns.width
        // Where each view's places start in `places` (its states, in frame order, are its places
        // among all views).
        var firstPlace = [Int](repeating: 0, count: columns.count + 1)
        for viewIndex in columns.indices { firstPlace[viewIndex + 1] = firstPlace[viewIndex] + columns[viewIndex].states }
        var places = [Int](repeating: 0, count: states)
        packed.keyNumbers = [Int](repeating: 0, count: states)
        packed.starts = [Int](repeating: 0, count: times.count + 1)
        var filled = firstPlace
        var slot = 0
        var index = 0
        packed.keyNumbers.withUnsafeMutableBufferPointer { keyNumbers in
            packed.starts.withUnsafeMutableBufferPointer { starts in
                places.withUnsafeMutableBufferPointer { places in
                    filled.withUnsafeMutableBufferPointer { filled in
                        for run in runs {
                            run.views.withUnsafeBufferPointer { members in
                                for _ in 0..<run.frames {
                                    for viewIndex in members {
                                        keyNumbers[slot] = viewIndex
                                        places[filled[viewIndex]] = slot
                                        filled[viewIndex] += 1
                                        slot += 1
                                    }
                                    index += 1
                                    starts[index] = slot
                                }
                            }
                        }
                    }
                }
            }
        }
        var rule = FrameTimeRule()
        for frame in times.indices { try Self.check(&rule, t: times[frame], index: frame) }
        packed.values = [Double](repeating: 0, count: states * width)
        packed.values.withUnsafeMutableBufferPointer { values in
            places.withUnsafeBufferPointer { places in
                for viewIndex in columns.indices {
                    let view = columns[viewIndex]
                    let count = view.states
                    let viewPlaces = places.baseAddress! + firstPlace[viewIndex]
                    view.numbers.withUnsafeBufferPointer { numbers in
                        view.z.withUnsafeBufferPointer { z in
                            view.hidden.withUnsafeBufferPointer { hidden in
                                for place in 0..<count {
                                    let out = values.baseAddress! + viewPlaces[place] * width
                                    for column in 0..<14 { out[column] = numbers[column * count + place] }
                                    out[FrameColumns.zOffset] = Double(z[place])
                                    out[FrameColumns.hiddenOffset] = hidden[place] ? 1 : 0
                                }
                            }
                        }
                    }
                }
            }
        }
        return packed
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
    /// `EngineReplyLimits.maxDecodedBytes` decoded. Returns the runs and how many frames hold each view.
    private mutating func readLayout(frames: Int, views: Int) throws(JSONFieldError) -> ([(frames: Int, views: [Int])], [Int]) {
        let runCount = try readCount("layout", limit: frames, "runs", "the frame count", bytesEach: 8)
        var runs: [(frames: Int, views: [Int])] = []
        runs.reserveCapacity(runCount)
        var perView = [Int](repeating: 0, count: views)
        // The run that last named each view, to refuse a view twice in one run without a set.
        var lastRun = [Int](repeating: -1, count: views)
        var covered = 0
        var states = 0
        for runIndex in 0..<runCount {
            let field = "layout[\(runIndex)]"
            let run = Int(try integer(size: 4, field))
            guard run >= 1, run <= frames - covered else {
                throw fail(field, "a run of \(run) frames does not fit the \(frames) frames (at byte \(offset - 4))")
            }
            let members = try readCount(field, limit: views, "views", "the view count", bytesEach: 4)
            var list: [Int] = []
            list.reserveCapacity(members)
            for _ in 0..<members {
                let viewIndex = Int(try integer(size: 4, field))
                guard viewIndex < views else {
                    throw fail(field, "view \(viewIndex) is not one of the \(views) views (at byte \(offset - 4))")
                }
                guard lastRun[viewIndex] != runIndex else { throw fail(field, "view \(viewIndex) twice in one frame") }
                lastRun[viewIndex] = runIndex
                list.append(viewIndex)
            }
            states += run * members
            try charge(run * members, each: DecodedSize.viewStateBytes, "views of this run", "layout[\(runIndex)]")
            for viewIndex in list { perView[viewIndex] += run }
            covered += run
            runs.append((run, list))
        }
        guard covered == frames else { throw fail("layout", "the runs hold \(covered) frames, not \(frames)") }
        return (runs, perView)
    }

    // MARK: Events

    /// The events; with `keepingHeads` (and at most `maxDistinctEventNames` events, so that the
    /// name limit is never checked), a detail with an argument is left as its head (`DetailHeads`
    /// makes the details when they are needed), its head checked as always.
    /// With `keepingHeads` and at most `maxDistinctEventNames` events, the events come back as
    /// `PackedEvents` (and none as `TraceEvent`): the same checks, the same errors.
    private mutating func readEvents(
        withArguments: Bool, keepingHeads: Bool = false
    ) throws(JSONFieldError) -> ([TraceEvent], PackedEvents?, DetailHeads?, texts: [String]) {
        let count = try readCount("events.count", limit: EngineReplyLimits.maxEvents, "events", "EngineReplyLimits.maxEvents")
        try charge(count, each: DecodedSize.eventBytes, "events", "events.count")
        let textCount = try readCount("texts", limit: Int(UInt32.max), "texts", "", bytesEach: 4)
        try charge(textCount, each: DecodedSize.textBytes, "event texts", "texts")
        var texts: [String] = []
        texts.reserveCapacity(textCount)
        // Where each text's bytes start in the layout (version 2 rebuilds details from them).
        var textStarts: [Int] = []
        if withArguments { textStarts.reserveCapacity(textCount) }
        for index in 0..<textCount {
            if withArguments { textStarts.append(offset + 4) }
            texts.append(try text("texts[\(index)]", like: index < recent.events.count ? recent.events[index] : nil))
        }
        let times = try doubles(count: count, "events.t")
        let indexSize = BinaryTrace.indexSize(texts: textCount)
        func indices(_ name: String) throws(JSONFieldError) -> [Int] {
            try column(count: count, size: indexSize, "events.\(name)") { raw in
                raw < UInt64(textCount) ? Int(raw) : nil
            } problem: { raw in
                "text \(raw) is not one of the \(textCount) texts"
            }
        }
        let kinds = try indices("kind")
        let subjects = try indices("subject")
        let details = try indices("detail")
        var arguments: [Int64] = []
        if withArguments {
            // Any value: `DetailArgument.none`, or a number whose head is checked as it is used.
            arguments = try column(count: count, size: 8, "events.argument") { (raw) -> Int64? in
                Int64(bitPattern: raw)
            } problem: {
                _ in
                ""
            }
        }
        if keepingHeads && count <= EngineReplyLimits.maxDistinctEventNames {
            // The name limit cannot be passed: the columns are the events, no `TraceEvent` made.
            let heads = try withArguments ? checkedHeads(arguments, details: details, texts: texts, textStarts: textStarts) : nil
            return ([], PackedEvents(texts: texts, times: times, kinds: kinds, subjects: subjects, details: details), heads, texts)
        }
        var events: [TraceEvent] = []
        events.reserveCapacity(count)
        // A name depends only on the three texts (and, in version 2, whether the detail has an
        // argument): names are worked out only when the distinct triples of indices pass the limit
        // (as the column form does).
        let mayPassLimit = count > EngineReplyLimits.maxDistinctEventNames
        let leavesHeads = keepingHeads && withArguments && !mayPassLimit
        var heads = DetailHeads()
        var triples = Set<[Int]>()
        var names: Set<EventNameKey>?
        // The last detail rebuilt from a head and an argument, used again for the same pair (a run
        // of equal arguments makes one text, not one per event).
        var lastBuilt: (head: Int, argument: Int64, text: String)?
        for index in 0..<count {
            var detail = texts[details[index]]
            var hasArgument = 0
            if withArguments, arguments[index] != DetailArgument.none {
                hasArgument = 1
                let head = details[index]
                let argument = arguments[index]
                if leavesHeads {
                    _ = try headBytes(of: head, event: index, texts: texts, textStarts: textStarts)
                    heads.positions.append(index)
                    heads.arguments.append(argument)
                } else if let lastBuilt, lastBuilt.head == head, lastBuilt.argument == argument {
                    detail = lastBuilt.text
                } else {
                    let headBytes = try headBytes(of: head, event: index, texts: texts, textStarts: textStarts)
                    detail = DetailArgument.text(head: headBytes.bindMemory(to: UInt8.self), argument: argument)
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
        return (events, nil, leavesHeads ? heads : nil, texts)
    }

    /// The events of `arguments` with an argument (`DetailHeads`), each one's detail text checked
    /// to be a head as `readEvents` checks it (each distinct text once).
    private func checkedHeads(
        _ arguments: [Int64], details: [Int], texts: [String], textStarts: [Int]
    ) throws(JSONFieldError) -> DetailHeads {
        var heads = DetailHeads()
        heads.positions.reserveCapacity(arguments.count)
        heads.arguments.reserveCapacity(arguments.count)
        // Per text: 0 not checked yet, 1 a head.
        var checked = [UInt8](repeating: 0, count: texts.count)
        for index in arguments.indices where arguments[index] != DetailArgument.none {
            let head = details[index]
            if checked[head] == 0 {
                _ = try headBytes(of: head, event: index, texts: texts, textStarts: textStarts)
                checked[head] = 1
            }
            heads.positions.append(index)
            heads.arguments.append(arguments[index])
        }
        return heads
    }

    // MARK: Values

    /// The bytes of text `head`, which event `index` names as its detail's head: a head is at most
    /// `DetailArgument.maxHeadBytes` long and ends in '(' (what `DetailArgument` splits off).
    private func headBytes(
        of head: Int, event index: Int, texts: [String], textStarts: [Int]
    ) throws(JSONFieldError) -> UnsafeRawBufferPointer {
        let length = texts[head].utf8.count
        let headBytes = UnsafeRawBufferPointer(rebasing: bytes[textStarts[head]..<(textStarts[head] + length)])
        guard length <= DetailArgument.maxHeadBytes, headBytes.last == UInt8(ascii: "(") else {
            throw fail(
                "events.argument",
                "event \(index) has an argument but its detail text \(head) is not a head of at most "
                    + "\(DetailArgument.maxHeadBytes) bytes ending in '('")
        }
        return headBytes
    }

    private mutating func charge(_ count: Int, each: Int, _ what: String, _ field: String) throws(JSONFieldError) {
        guard size.add(count, each: each) else { throw fail(field, size.problem(count, what)) }
    }

    func fail(_ field: String, _ reason: String) -> JSONFieldError {
        JSONFieldError(reason: "field \"\(member)\(field.isEmpty ? "" : ".")\(field)\": \(reason)")
    }

    /// An unsigned little-endian integer of `size` bytes (1, 2, 4 or 8).
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
        _ field: String, limit: Int, _ what: String, _ limitName: String, bytesEach: Int = 0
    ) throws(JSONFieldError) -> Int {
        let count = Int(try integer(size: 4, field))
        guard count <= limit else { throw fail(field, "\(count) \(what) is more than \(limit) (\(limitName))") }
        if bytesEach > 0, count > (bytes.count - offset) / bytesEach {
            throw fail(field, "\(count) \(what) of at least \(bytesEach) bytes each do not fit the \(bytes.count - offset) bytes left")
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

    mutating func doubles(count: Int, _ field: @autoclosure () -> String) throws(JSONFieldError) -> [Double] {
        var values = [Double](repeating: 0, count: 0)
        values.reserveCapacity(count)
        try readDoubles(count: count, field(), into: &values)
        return values
    }

    /// A column of `count` finite doubles, appended to `values`.
    private mutating func readDoubles(count: Int, _ field: @autoclosure () -> String, into values: inout [Double]) throws(JSONFieldError) {
        let form = try integer(size: 1, field())
        switch UInt8(form) {
        case BinaryTrace.valuesForm:
            guard count <= (bytes.count - offset) / 8 else { throw short(count: count, size: 8, field()) }
            for index in 0..<count {
                let value = Double(
                    bitPattern: UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset + index * 8, as: UInt64.self)))
                guard value.isFinite else { throw notFinite(value, at: offset + index * 8, field()) }
                values.append(value)
            }
            offset += count * 8
        case BinaryTrace.runsForm:
            let runs = try runCount(count: count, size: 8, field())
            var filled = 0
            for _ in 0..<runs {
                let at = offset
                let value = Double(bitPattern: try integer(size: 8, field()))
                guard value.isFinite else { throw notFinite(value, at: at, field()) }
                let length = try runLength(filled: filled, count: count, field())
                values.append(contentsOf: repeatElement(value, count: length))
                filled += length
            }
            guard filled == count else { throw fail(field(), "the runs hold \(filled) values, not \(count)") }
        default: throw badForm(form, field())
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
                let length = try runLength(filled: values.count, count: count, field())
                values.append(contentsOf: repeatElement(value, count: length))
            }
            guard values.count == count else { throw fail(field(), "the runs hold \(values.count) values, not \(count)") }
        default: throw badForm(form, field())
        }
        return values
    }

    /// A column's u32 run count: at most `count` runs, each of `size` + 4 bytes within the bytes left.
    private mutating func runCount(count: Int, size: Int, _ field: @autoclosure () -> String) throws(JSONFieldError) -> Int {
        let runs = Int(try integer(size: 4, field()))
        guard runs <= count else { throw fail(field(), "\(runs) runs for \(count) values") }
        guard runs <= (bytes.count - offset) / (size + 4) else {
            throw fail(field(), "\(runs) runs of \(size + 4) bytes do not fit the \(bytes.count - offset) bytes left")
        }
        return runs
    }

    private mutating func runLength(filled: Int, count: Int, _ field: @autoclosure () -> String) throws(JSONFieldError) -> Int {
        let length = Int(try integer(size: 4, field()))
        guard length >= 1, length <= count - filled else {
            throw fail(field(), "a run of \(length) values does not fit the \(count) values (at byte \(offset - 4))")
        }
        return length
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

/// One view's columns while a binary answer is read: its 14 number columns one after the other
/// (`ViewColumn` order, `states` values each), `z` and `hidden`.
private struct ReferenceViewColumns {
    let key: String
    let states: Int
    var numbers: [Double] = []
    var z: [Int] = []
    var hidden: [Bool] = []

    init(key: String, states: Int) {
        self.key = key
        self.states = states
        numbers.reserveCapacity(states * 14)
    }

    func state(at place: Int) -> ViewState {
        numbers.withUnsafeBufferPointer { values in
            func value(_ column: Int) -> Double { values[column * states + place] }
            return ViewState(
                key: key, x: value(0), y: value(1), w: value(2), h: value(3), alpha: value(4),
                transform: AffineTransform(a: value(5), b: value(6), c: value(7), d: value(8), tx: value(9), ty: value(10)),
                rotationX: value(11), rotationY: value(12), m34: value(13), z: z[place], hidden: hidden[place])
        }
    }
}
