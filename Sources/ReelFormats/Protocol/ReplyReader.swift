import ReelJSON
import ReelTrace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads one engine response line member by member, the `frames` and `events` arrays one element
/// at a time: each element is parsed (a small JSON tree), turned into its `Frame` or `TraceEvent`
/// and dropped before the next, so no tree of the whole reply is ever built. Members Reel does not
/// read are checked for syntax and skipped without building anything.
///
/// Syntax errors are thrown at once (`JSONParseError`, with their offset). The first problem
/// with a frame or an event (a wrong field, frames out of time order, a limit of
/// `EngineReplyLimits` passed) is kept, the elements after it only checked for syntax, and
/// reported by `response()` after the engine's name, as a whole-tree decoder reports fields.
struct ReplyReader {
    var cursor: JSONCursor
    /// Whether the line is a JSON object; `kindDescription` says what it is when it is not.
    private(set) var isObject = false
    private(set) var kindDescription = ""
    private(set) var id: JSONValue?
    private(set) var error: JSONValue?
    /// The engine's hello (`ProtocolHello.Agreement`), as it came: read by the engine's client.
    private(set) var hello: JSONValue?
    private var engine: JSONValue?
    private var outcome: JSONValue?
    /// A `frames` or `events` member that is not an array (its type error is reported).
    private var framesValue: JSONValue?
    private var eventsValue: JSONValue?
    private var frames: [Frame]?
    /// The answer's frames when the memo asks for them packed (`ReplyMemo.packsFrames`).
    private var packedFrames: FrameColumns?
    /// The events whose details were left as their heads, with that (`DetailHeads`).
    private var detailHeads: DetailHeads?
    /// With `packedFrames`: the events as columns when there are few enough (`PackedEvents`).
    private var packedEvents: PackedEvents?
    private var events: [TraceEvent]?
    private var framesProblem: JSONFieldError?
    /// An `engine` or `outcome` member longer than `EngineReplyLimits.maxMemberBytes`.
    private var memberProblem: JSONFieldError?
    private var eventsProblem: JSONFieldError?
    /// Which forms of frames and events the answer used (`ProtocolEncoding`): one of each at most.
    private var sawPlainFrames = false
    private var sawPlainEvents = false
    /// Whether the answer used the binary form (`binary_trace`), well formed or not.
    private(set) var sawBinaryTrace = false
    /// What the process's earlier answers repeat (`ReplyMemo`), and what it gave for this one: the
    /// engine's name and version and the outcome, read without their trees.
    private(set) var memo: ReplyMemo
    private var rememberedEngine = false
    private var fastOutcome: Outcome?

    init(cursor: JSONCursor, memo: ReplyMemo = ReplyMemo()) {
        self.cursor = cursor
        self.memo = memo
    }

    private var atEnd: Bool { cursor.index >= cursor.bytes.count }
    private var byte: UInt8 { cursor.bytes[cursor.index] }

    /// Reads the whole line.
    mutating func read() throws(JSONParseError) {
        cursor.skipWhitespace()
        guard !atEnd, byte == UInt8(ascii: "{") else {
            // Not an object: checked and skipped, never built (it may be a 256 MiB array).
            kindDescription = atEnd ? "nothing" : Self.kindDescription(startingWith: byte)
            try skipValue(depth: 0)
            try expectEnd()
            return
        }
        isObject = true
        cursor.index += 1
        cursor.skipWhitespace()
        if !atEnd, byte == UInt8(ascii: "}") {
            cursor.index += 1
            try expectEnd()
            return
        }
        var keys = SeenKeys()
        while true {
            cursor.skipWhitespace()
            let key = try readKey(into: &keys)
            switch key {
            case "frames" where !atEnd && byte == UInt8(ascii: "["): try readFrames()
            case "events" where !atEnd && byte == UInt8(ascii: "["): try readEvents()
            case BinaryTrace.member: try readBinaryTrace()
            case ProtocolHello.member: hello = try boundedValue(ProtocolHello.member).flatMap { nonNull($0) }
            case "frames": framesValue = try cursor.parseValue(depth: 1)
            case "events": eventsValue = try cursor.parseValue(depth: 1)
            case "id": id = try nonNull(cursor.parseValue(depth: 1))
            case "error": error = try nonNull(cursor.parseValue(depth: 1))
            case "engine":
                if ReplyMemo.take(memo.engineText, &cursor) {
                    rememberedEngine = true
                } else {
                    let start = cursor.index
                    engine = try boundedValue("engine")
                    if let engine {
                        memo.remember(engine: engine, bytes: UnsafeBufferPointer(rebasing: cursor.bytes[start..<cursor.index]))
                    }
                }
            case "outcome":
                let start = cursor.index
                fastOutcome = memo.outcome(&cursor)
                if fastOutcome == nil {
                    cursor.index = start
                    outcome = try boundedValue("outcome")
                }
            default: try skipValue(depth: 1)
            }
            cursor.skipWhitespace()
            guard !atEnd else { throw JSONParseError(offset: cursor.index, reason: "unexpected end of input, expected ',' or '}'") }
            switch byte {
            case UInt8(ascii: ","): cursor.index += 1
            case UInt8(ascii: "}"):
                cursor.index += 1
                try expectEnd()
                return
            default: throw JSONParseError(offset: cursor.index, reason: "expected ',' or '}'")
            }
        }
    }

    /// The response the members describe; the first missing or wrong field, in the order engine,
    /// frames, events, outcome, is thrown.
    func response() throws(JSONFieldError) -> EngineResponse {
        var top: [JSONMember] = []
        if let engine { top.append(JSONMember("engine", engine)) }
        if let outcome { top.append(JSONMember("outcome", outcome)) }
        if let framesValue { top.append(JSONMember("frames", framesValue)) }
        if let eventsValue { top.append(JSONMember("events", eventsValue)) }
        let members = JSONValue.object(top)
        if let memberProblem { throw memberProblem }
        let name: String
        let version: String
        if rememberedEngine {
            (name, version) = (memo.engineName, memo.engineVersion)
        } else {
            let engine = try members.object("engine")
            name = try engine.string("name", path: "engine.")
            version = try engine.string("version", path: "engine.")
        }
        if sawBinaryTrace, framesValue != nil || sawPlainFrames || eventsValue != nil || sawPlainEvents {
            throw JSONFieldError(
                reason: "an answer holds \"\(BinaryTrace.member)\" or its frames and events in another form, not both")
        }
        if let framesProblem { throw framesProblem }
        guard let frames else {
            _ = try members.array("frames")
            throw JSONFieldError(reason: "missing field \"frames\"")
        }
        if let eventsProblem { throw eventsProblem }
        guard let events else {
            _ = try members.array("events")
            throw JSONFieldError(reason: "missing field \"events\"")
        }
        if let fastOutcome {
            var response = EngineResponse(
                engineName: name, engineVersion: version, trace: Trace(frames: frames, events: events, outcome: fastOutcome),
                decision: nil)
            response.packedFrames = packedFrames
            response.detailHeads = detailHeads
            response.packedEvents = packedEvents
            return response
        }
        let outcome = try members.object("outcome")
        if outcome["hierarchy"] == .null {
            throw JSONFieldError(reason: "field \"outcome.hierarchy\" must not be null (leave it out when there is none)")
        }
        let hierarchy = outcome.optionalMember("hierarchy").map { JSONWriter.text(of: $0) } ?? ""
        let t = try outcome.number("t", path: "outcome.")
        let completed = try outcome.bool("completed", path: "outcome.")
        var response = EngineResponse(
            engineName: name, engineVersion: version,
            trace: Trace(frames: frames, events: events, outcome: Outcome(completed: completed, t: t, hierarchy: hierarchy)),
            decision: try outcome.optionalMember("decision").map { value throws(JSONFieldError) in
                try StoredDecision(protocolValue: value, completed: completed)
            })
        response.packedFrames = packedFrames
        response.detailHeads = detailHeads
        response.packedEvents = packedEvents
        return response
    }

    /// Reads a `binary_trace` member (`BinaryTraceReader`): its frames and events, or the problem
    /// with them, kept as the frames' problem. A string whose text up to the next quote decodes is
    /// taken straight from the line's bytes; any other value is parsed (its syntax checked as every
    /// member's is) and a string's text decoded, anything else refused by its type.
    private mutating func readBinaryTrace() throws(JSONParseError) {
        sawBinaryTrace = true
        frames = []
        events = []
        let bytes = cursor.bytes
        var decoded: Result<[UInt8], Base64URL.DecodeError>?
        if cursor.index < bytes.count, bytes[cursor.index] == UInt8(ascii: "\""),
            let found = memchr(bytes.baseAddress! + cursor.index + 1, Int32(UInt8(ascii: "\"")), bytes.count - cursor.index - 1)
        {
            let end = bytes.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            // The text straight from the line, never copied, up to the next quote. Base64url has
            // no backslash, quote or control character: a text that decodes holds none, so it is
            // the whole string; one that does not (an escape, say) is read again as JSON below.
            let text = UnsafeBufferPointer(rebasing: bytes[(cursor.index + 1)..<end])
            if let layout = try? Base64URL.decode(text) {
                decoded = .success(layout)
                cursor.index = end + 1
            }
        }
        if decoded == nil {
            let value = try cursor.parseValue(depth: 1)
            guard case .string(let string) = value else {
                framesProblem = framesProblem ?? JSONValue.typeError(BinaryTrace.member, "a string of base64url text", value)
                return
            }
            decoded = Array(string.utf8).withUnsafeBufferPointer { text in
                Result { () throws(Base64URL.DecodeError) in try Base64URL.decode(text) }
            }
        }
        do throws(JSONFieldError) {
            switch decoded! {
            case .success(let layout):
                var contents = try BinaryTraceReader.read(layout, packingFrames: memo.packsFrames, recent: memo.binaryTexts)
                // Swapped in rather than copied (a copy retains each array, and dropping the
                // contents releases it again): `frames` and `events` are `[]` (set above), the
                // packed forms nil, and the texts before are dropped with the contents.
                swap(&frames!, &contents.frames)
                swap(&events!, &contents.events)
                swap(&packedFrames, &contents.packed)
                swap(&packedEvents, &contents.packedEvents)
                swap(&detailHeads, &contents.heads)
                swap(&memo.binaryTexts, &contents.texts)
            case .failure(let error):
                throw JSONFieldError(
                    reason: "field \"\(BinaryTrace.member)\" is not base64url text (RFC 4648 section 5): \(error.reason) "
                        + "at character \(error.offset + 1)")
            }
        } catch {
            frames = []
            packedFrames = nil
            detailHeads = nil
            packedEvents = nil
            events = []
            framesProblem = framesProblem ?? error
        }
    }

    // MARK: Arrays read element by element

    private mutating func readFrames() throws(JSONParseError) {
        sawPlainFrames = true
        var decoded: [Frame] = []
        // When packing, each frame goes into the columns as it is read (no `[Frame]` is held
        // beside them: an answer's frames are in memory once).
        let packs = memo.packsFrames
        var columns = FrameColumns()
        var numbers: [String: Int] = [:]
        var rule = FrameTimeRule()
        var problem: JSONFieldError?
        try readElements { (reader, index) throws(JSONParseError) in
            guard problem == nil else {
                try reader.skipValue(depth: 2)
                return
            }
            // Most frames take the fast path (no tree); any other is read again as a tree.
            let start = reader.cursor.index
            let fast = FrameFastPath.frame(&reader.cursor, index: index)
            if fast == nil { reader.cursor.index = start }
            let element = fast == nil ? try reader.cursor.parseValue(depth: 2) : .null
            do throws(JSONFieldError) {
                guard index < EngineReplyLimits.maxFrames else {
                    throw JSONFieldError(
                        reason: "field \"frames\": more than \(EngineReplyLimits.maxFrames) frames (EngineReplyLimits.maxFrames, "
                            + "\(JSONWriter.format(EngineReplyLimits.maxFrameSpan)) s at 240 Hz)")
                }
                let frame: Frame
                if let fast { frame = fast } else { frame = try EngineReply.decodeFrame(element, index: index) }
                try rule.check(frame)
                if packs { columns.append(frame, numbering: &numbers) } else { decoded.append(frame) }
            } catch {
                problem = error
                decoded = []
                columns = FrameColumns()
            }
        }
        framesProblem = problem
        frames = problem == nil ? decoded : []
        // As a binary answer's: the frames as columns, none as `Frame` kept.
        if problem == nil, packs { packedFrames = columns }
    }

    private mutating func readEvents() throws(JSONParseError) {
        sawPlainEvents = true
        var decoded: [TraceEvent] = []
        var names = Set<EventNameKey>()
        var problem: JSONFieldError?
        try readElements { (reader, index) throws(JSONParseError) in
            guard problem == nil else {
                try reader.skipValue(depth: 2)
                return
            }
            let element = try reader.cursor.parseValue(depth: 2)
            do throws(JSONFieldError) {
                guard index < EngineReplyLimits.maxEvents else {
                    throw JSONFieldError(
                        reason: "field \"events\": more than \(EngineReplyLimits.maxEvents) events (EngineReplyLimits.maxEvents)")
                }
                let path = "events[\(index)]"
                let event = try element.asObject(field: path)
                let decodedEvent = TraceEvent(
                    t: try event.number("t", path: path + "."), kind: try event.string("kind", path: path + "."),
                    subject: try event.string("subject", path: path + "."), detail: try event.string("detail", path: path + "."))
                guard decodedEvent.t.isFinite else {
                    throw JSONFieldError(reason: "field \"\(path).t\" must be a finite number")
                }
                if names.insert(EventNameKey(decodedEvent)).inserted, names.count > EngineReplyLimits.maxDistinctEventNames {
                    throw JSONFieldError(
                        reason: "field \"\(path).detail\": more than \(EngineReplyLimits.maxDistinctEventNames) distinct event "
                            + "names in one trace (EngineReplyLimits.maxDistinctEventNames; a name is kind, subject and the "
                            + "detail up to its argument)")
                }
                decoded.append(decodedEvent)
            } catch {
                problem = error
                decoded = []
            }
        }
        events = problem == nil ? decoded : []
        eventsProblem = problem
    }

    /// Calls `body` for each element of the array at the cursor (its opening bracket), with the
    /// element's index; `body` consumes the element.
    private mutating func readElements(
        _ body: (inout ReplyReader, Int) throws(JSONParseError) -> Void
    ) throws(JSONParseError) {
        cursor.index += 1
        cursor.skipWhitespace()
        if !atEnd, byte == UInt8(ascii: "]") {
            cursor.index += 1
            return
        }
        var index = 0
        while true {
            cursor.skipWhitespace()
            try body(&self, index)
            index += 1
            cursor.skipWhitespace()
            guard !atEnd else { throw JSONParseError(offset: cursor.index, reason: "unexpected end of input, expected ',' or ']'") }
            switch byte {
            case UInt8(ascii: ","): cursor.index += 1
            case UInt8(ascii: "]"):
                cursor.index += 1
                return
            default: throw JSONParseError(offset: cursor.index, reason: "expected ',' or ']'")
            }
        }
    }

    // MARK: Syntax

    /// Checks the value at the cursor for syntax and moves past it, building nothing but the
    /// strings of keys (to refuse duplicates) and of scalars.
    mutating func skipValue(depth: Int) throws(JSONParseError) {
        guard !atEnd, byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else {
            _ = try cursor.parseValue(depth: depth)
            return
        }
        let inner = depth + 1
        guard inner <= JSONParser.maximumDepth else {
            throw JSONParseError(offset: cursor.index, reason: "nesting deeper than \(JSONParser.maximumDepth) levels")
        }
        let isArray = byte == UInt8(ascii: "[")
        let close = isArray ? UInt8(ascii: "]") : UInt8(ascii: "}")
        cursor.index += 1
        cursor.skipWhitespace()
        if !atEnd, byte == close {
            cursor.index += 1
            return
        }
        var keys = SeenKeys()
        while true {
            cursor.skipWhitespace()
            if !isArray { _ = try readKey(into: &keys) }
            try skipValue(depth: inner)
            cursor.skipWhitespace()
            let expected = isArray ? "',' or ']'" : "',' or '}'"
            guard !atEnd else { throw JSONParseError(offset: cursor.index, reason: "unexpected end of input, expected \(expected)") }
            if byte == UInt8(ascii: ",") {
                cursor.index += 1
            } else if byte == close {
                cursor.index += 1
                return
            } else {
                throw JSONParseError(offset: cursor.index, reason: "expected \(expected)")
            }
        }
    }

    /// Reads `"key":` (and the whitespace after), refusing a key already in `keys`. A key whose
    /// text is one of `SeenKeys.names` as it is (no escape) is that name, with no string parsed.
    private mutating func readKey(into keys: inout SeenKeys) throws(JSONParseError) -> String {
        guard !atEnd, byte == UInt8(ascii: "\"") else {
            throw JSONParseError(offset: cursor.index, reason: atEnd ? "unexpected end of input, expected a key" : "expected a string key")
        }
        let offset = cursor.index
        let key: String
        if let known = SeenKeys.name(atQuote: offset, in: cursor.bytes) {
            key = SeenKeys.names[known]
            cursor.index = offset + 2 + key.utf8.count
        } else {
            guard case .string(let parsed) = try cursor.parseValue(depth: 0) else {
                throw JSONParseError(offset: offset, reason: "expected a string key")
            }
            key = parsed
        }
        guard keys.insert(key) else { throw JSONParseError(offset: offset, reason: "duplicate key \"\(key)\"") }
        cursor.skipWhitespace()
        guard !atEnd, byte == UInt8(ascii: ":") else { throw JSONParseError(offset: cursor.index, reason: "expected ':' after key") }
        cursor.index += 1
        cursor.skipWhitespace()
        return key
    }

    /// The value at the cursor, built only when its text is at most
    /// `EngineReplyLimits.maxMemberBytes` long; a longer one is checked, skipped and noted as the
    /// answer's problem (its tree would cost about ten times its bytes).
    private mutating func boundedValue(_ name: String) throws(JSONParseError) -> JSONValue? {
        let start = cursor.index
        try skipValue(depth: 1)
        let length = cursor.index - start
        guard length <= EngineReplyLimits.maxMemberBytes else {
            if memberProblem == nil {
                memberProblem = JSONFieldError(
                    reason: "field \"\(name)\" is \(length) bytes long, more than \(EngineReplyLimits.maxMemberBytes) "
                        + "(EngineReplyLimits.maxMemberBytes)")
            }
            return nil
        }
        var member = JSONCursor(bytes: UnsafeBufferPointer(rebasing: cursor.bytes[start..<cursor.index]))
        return try member.parseValue(depth: 1)
    }

    /// How `kindDescription` names the JSON value that starts with `byte`.
    private static func kindDescription(startingWith byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    private mutating func expectEnd() throws(JSONParseError) {
        cursor.skipWhitespace()
        if !atEnd { throw JSONParseError(offset: cursor.index, reason: "unexpected characters after the JSON value") }
    }

    private func nonNull(_ value: JSONValue) -> JSONValue? {
        value == .null ? nil : value
    }
}

/// The keys of one JSON object read so far, to refuse a key twice: the members of an answer
/// (`names`) by a bit each, any other in a set made only when one comes (a set of strings costs
/// an allocation and a hash per key, several times the rest of reading a key).
struct SeenKeys {
    /// The members an answer holds, which `ReplyReader.readKey` takes without parsing them.
    static let names = ["id", "engine", "outcome", "binary_trace", "error", "frames", "events", "hello"]
    private static let nameBytes = names.map { Array($0.utf8) }
    private var seen: UInt16 = 0
    private var others: Set<String>?

    /// Whether `key` is new (and now seen).
    mutating func insert(_ key: String) -> Bool {
        if let index = Self.names.firstIndex(of: key) {
            let bit = UInt16(1) << index
            guard seen & bit == 0 else { return false }
            seen |= bit
            return true
        }
        if others == nil { others = [] }
        return others!.insert(key).inserted
    }

    /// The index in `names` of the key whose opening quote is at `quote` in `bytes`, when its
    /// text is that name as it is: the name's bytes, then the closing quote (a name holds no
    /// backslash, so that quote ends the key). nil for any other key, parsed as JSON instead.
    static func name(atQuote quote: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let start = quote + 1
        guard start < bytes.count else { return nil }
        let first = bytes[start]
        for (index, name) in nameBytes.enumerated() where name[0] == first {
            let end = start + name.count
            guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { continue }
            if name.withUnsafeBufferPointer({ memcmp($0.baseAddress!, bytes.baseAddress! + start, $0.count) == 0 }) { return index }
        }
        return nil
    }
}

/// The order and span a trace's frames must keep: each frame's time finite and not before the
/// previous frame's, and the last at most `EngineReplyLimits.maxFrameSpan` after the first, as
/// the stream reader holds touches to their order and `limits.max_session_span`.
struct FrameTimeRule {
    private var first: Double?
    private var previous: Double?

    mutating func check(_ frame: Frame) throws(JSONFieldError) {
        try check(t: frame.t, index: frame.index)
    }

    /// `check` of frame `index` at time `t`.
    mutating func check(t: Double, index: Int) throws(JSONFieldError) {
        // The usual frame passes without its field's name being made (an interpolated string per
        // frame was most of this check's cost); any other goes through the checks that name it.
        if t.isFinite, let previous, let first, t >= previous, t - first <= EngineReplyLimits.maxFrameSpan {
            self.previous = t
            return
        }
        try checkNaming(Frame(index: index, t: t, progress: 0, views: []))
    }

    private mutating func checkNaming(_ frame: Frame) throws(JSONFieldError) {
        // Made only for an error (the first frame of every trace comes here).
        var field: String { "frames[\(frame.index)].t" }
        guard frame.t.isFinite else { throw JSONFieldError(reason: "field \"\(field)\" must be a finite number") }
        if let previous, frame.t < previous {
            throw JSONFieldError(
                reason: "field \"\(field)\": \(JSONWriter.format(frame.t)) is before the previous frame's "
                    + "\(JSONWriter.format(previous)); frames must be in time order")
        }
        if let first, frame.t - first > EngineReplyLimits.maxFrameSpan {
            throw JSONFieldError(
                reason: "field \"\(field)\": \(JSONWriter.format(frame.t)) is more than "
                    + "\(JSONWriter.format(EngineReplyLimits.maxFrameSpan)) s after the first frame's \(JSONWriter.format(first)) "
                    + "(EngineReplyLimits.maxFrameSpan)")
        }
        if first == nil { first = frame.t }
        previous = frame.t
    }
}

/// What the archive interns of an event: kind, subject and the detail up to its argument (a
/// detail `head(argument)` keeps `head(`; any other detail is all head), as ReelStore's
/// `DetailSplit` splits it.
struct EventNameKey: Hashable {
    let kind: String
    let subject: String
    let head: String
    let hasArgument: Bool

    init(_ event: TraceEvent) {
        kind = event.kind
        subject = event.subject
        let bytes = event.detail.utf8
        if let open = bytes.firstIndex(of: UInt8(ascii: "(")), bytes.last == UInt8(ascii: ")") {
            head = String(Substring(event.detail.utf8[...open]))
            hasArgument = true
        } else {
            head = event.detail
            hasArgument = false
        }
    }
}
