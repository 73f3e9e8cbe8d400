import ReelJSON
import ReelTrace

extension EngineReply {
    /// Decodes one response line strictly: every documented field must be present with its type
    /// (the optional view properties, `ViewProperty.isOptional`, and `hierarchy` may be left out), `transform` must hold six
    /// numbers, `z` must be an integer. Extra keys are ignored. A line with a string `error`
    /// member is an error reply. The error names the offending field, e.g.
    /// `field "frames[3].views[1].alpha" must be a number, not a string`. What the archive's schema
    /// would refuse is refused here too: two views of one key in a frame, a `null` hierarchy.
    package static func decode(line: UnsafeBufferPointer<UInt8>) throws(EngineProtocolError) -> EngineReply {
        try decodeAnswer(line: line).reply
    }

    /// Decodes one response line as `decode` does, with the request id it echoes (`"id"`, nil when absent).
    ///
    /// The line is read member by member and the frames and events one element at a time, each
    /// turned into its `Frame` or `TraceEvent` before the next is parsed: only one element's JSON
    /// tree exists at a time, so decoding holds the line and the trace it describes, never a tree
    /// of the whole reply (about ten times the reply's bytes). Frames must keep time
    /// (`FrameTimeRule`), and a trace may hold at most `EngineReplyLimits.maxFrames` frames,
    /// `maxEvents` events and `maxDistinctEventNames` distinct event names.
    package static func decodeAnswer(line: UnsafeBufferPointer<UInt8>) throws(EngineProtocolError) -> (reply: EngineReply, id: Int?) {
        let answer = try decodeAnswerAndForm(line: line)
        return (answer.reply, answer.id)
    }

    /// Decodes one response line as `decodeAnswer` does, and says how it came (`DecodedAnswer`):
    /// whether its frames and events were in the binary encoding, and the engine's hello.
    /// `memo` keeps what one engine process's answers repeat (`ReplyMemo`) from one answer to the
    /// next; the answer decodes exactly as without it.
    package static func decodeAnswerAndForm(line: [UInt8], memo: inout ReplyMemo) throws(EngineProtocolError) -> DecodedAnswer {
        let result = line.withUnsafeBufferPointer { buffer in
            Result { () throws(EngineProtocolError) in try decodeAnswerAndForm(line: buffer, memo: &memo) }
        }
        return try result.get()
    }

    package static func decodeAnswerAndForm(line: [UInt8]) throws(EngineProtocolError) -> DecodedAnswer {
        var memo = ReplyMemo()
        return try decodeAnswerAndForm(line: line, memo: &memo)
    }

    static func decodeAnswerAndForm(line: UnsafeBufferPointer<UInt8>) throws(EngineProtocolError) -> DecodedAnswer {
        var memo = ReplyMemo()
        return try decodeAnswerAndForm(line: line, memo: &memo)
    }

    static func decodeAnswerAndForm(line: UnsafeBufferPointer<UInt8>, memo: inout ReplyMemo) throws(EngineProtocolError) -> DecodedAnswer {
        var reader = ReplyReader(cursor: JSONCursor(bytes: line), memo: memo)
        defer { memo = reader.memo }
        do throws(JSONParseError) {
            try reader.read()
        } catch {
            throw EngineProtocolError(reason: "malformed JSON at column \(error.column): \(error.reason)")
        }
        do throws(JSONFieldError) {
            let id = try reader.id.map { (id) throws(JSONFieldError) in try id.asInteger(field: "id") }
            if let error = reader.error {
                return DecodedAnswer(
                    reply: .error(try error.asString(field: "error")), id: id, binary: reader.sawBinaryTrace, hello: reader.hello)
            }
            guard reader.isObject else { throw JSONFieldError(reason: "expected a JSON object, not \(reader.kindDescription)") }
            return DecodedAnswer(reply: .response(try reader.response()), id: id, binary: reader.sawBinaryTrace, hello: reader.hello)
        } catch {
            throw EngineProtocolError(reason: "invalid response: \(error.reason)")
        }
    }

    /// Decodes one response line.
    package static func decode(line: [UInt8]) throws(EngineProtocolError) -> EngineReply {
        try decodeAnswer(line: line).reply
    }

    /// Decodes one response line, with the request id it echoes.
    package static func decodeAnswer(line: [UInt8]) throws(EngineProtocolError) -> (reply: EngineReply, id: Int?) {
        let result = line.withUnsafeBufferPointer { buffer in
            Result { () throws(EngineProtocolError) in try decodeAnswer(line: buffer) }
        }
        return try result.get()
    }

    static func decodeFrame(_ element: JSONValue, index: Int) throws(JSONFieldError) -> Frame {
        func path() -> String { "frames[\(index)]" }
        guard case .object(let members) = element else { throw JSONValue.typeError(path(), "an object", element) }
        var t: Double?
        var progress: Double?
        var viewValues: [JSONValue]?
        for member in members {
            if case .null = member.value { continue }
            switch member.key {
            case "t": t = try member.value.asNumber(field: path() + ".t")
            case "progress": progress = try member.value.asNumber(field: path() + ".progress")
            case "views":
                guard case .array(let elements) = member.value else {
                    throw JSONValue.typeError(path() + ".views", "an array", member.value)
                }
                viewValues = elements
            default: continue
            }
        }
        guard let t else { throw missing(path() + ".t") }
        guard let progress else { throw missing(path() + ".progress") }
        guard let viewValues else { throw missing(path() + ".views") }
        var views: [ViewState] = []
        views.reserveCapacity(viewValues.count)
        var keys = Set<String>(minimumCapacity: viewValues.count)
        for (viewIndex, viewElement) in viewValues.enumerated() {
            let view = try decodeView(viewElement, path: "\(path()).views[\(viewIndex)]")
            guard keys.insert(view.key).inserted else {
                throw JSONFieldError(
                    reason: "field \"\(path()).views[\(viewIndex)].key\": a second view \(JSONString.quoted(view.key)) in one frame")
            }
            views.append(view)
        }
        return Frame(index: index, t: t, progress: progress, views: views)
    }

    /// One view, in a single pass over its members (the bulk of a response).
    private static func decodeView(_ element: JSONValue, path: @autoclosure () -> String) throws(JSONFieldError) -> ViewState {
        guard case .object(let members) = element else { throw JSONValue.typeError(path(), "an object", element) }
        func field(_ key: String) -> String { path() + "." + key }
        var fields = ViewFields()
        for member in members {
            let value = member.value
            if case .null = value { continue }
            switch member.key {
            case "key": fields.key = try value.asString(field: field("key"))
            case "transform": fields.transform = try decodeTransform(value, field: field("transform"))
            default:
                guard let property = ViewProperty(member: member.key) else { continue }
                switch property.plainMember {
                case .integer: fields.set(property, Double(try value.asInteger(field: field(member.key))))
                case .boolean: fields.set(property, try value.asBool(field: field(member.key)) ? 1 : 0)
                case .number, .transformEntry: fields.set(property, try value.asNumber(field: field(member.key)))
                }
            }
        }
        if let name = fields.firstMissing { throw missing(field(name)) }
        return fields.view!
    }

    private static func decodeTransform(_ value: JSONValue, field: @autoclosure () -> String) throws(JSONFieldError) -> AffineTransform {
        guard case .array(let components) = value else { throw JSONValue.typeError(field(), "an array", value) }
        guard components.count == 6 else {
            throw JSONFieldError(reason: "field \"\(field())\" must hold 6 numbers [a, b, c, d, tx, ty], not \(components.count)")
        }
        func number(_ position: Int) throws(JSONFieldError) -> Double {
            try components[position].asNumber(field: "\(field())[\(position)]")
        }
        return AffineTransform(a: try number(0), b: try number(1), c: try number(2), d: try number(3), tx: try number(4), ty: try number(5))
    }

    /// Absent and null members are both missing.
    private static func missing(_ field: String) -> JSONFieldError {
        JSONFieldError(reason: "missing field \"\(field)\"")
    }
}

/// One decoded answer line with what its client checks against the hello (`ProtocolHello`).
package struct DecodedAnswer {
    package var reply: EngineReply
    /// The request id the answer echoes (`"id"`), nil when absent.
    package var id: Int?
    /// Whether its frames and events came in the binary encoding (`binary_trace`), well formed or not.
    package var binary: Bool
    /// Its `hello` member as it came (`ProtocolHello.Agreement(decoding:offer:)` checks it), nil when absent.
    package var hello: JSONValue?
}
