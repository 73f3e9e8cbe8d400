import ReelJSON
import ReelTrace

/// Why a protocol line could not be encoded or decoded.
package struct EngineProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    package var reason: String
    /// The refused request's `"id"` when it has a valid one, which the error answer echoes so that
    /// the client can tell which request was refused.
    package var requestID: Int?

    package init(reason: String, requestID: Int? = nil) {
        self.reason = reason
        self.requestID = requestID
    }

    package var description: String { reason }
}

/// One session sent to an engine: one line of the engine protocol (docs/PROTOCOL.md).
///
/// `{"id":...,"scenario":{"name":...,"spec":{...}},"device":{"width":...,"height":...,"scale":...},
///   "refresh_hz":...,"touches":[{"t":...,"id":...,"phase":...,"x":...,"y":...},...]}`
package struct EngineRequest: Sendable, Hashable {
    /// The catalog name of the scenario (or the name inside a scenario file).
    package var scenarioName: String
    /// The scenario's full spec as compact JSON text, or nil to let the engine look the name up
    /// in its own catalog. Opaque here: the spec's meaning belongs to the engine.
    package var scenarioSpecJSON: String?
    package var device: Device
    package var refreshHz: Double
    package var touches: [Touch]
    /// The request's number (`"id"`), which the answer echoes so that Reel can tell an answer to an
    /// earlier request from this one's; nil when the request carries none.
    package var id: Int?
    /// Whether `scenarioSpecJSON` is already what `encodedLine` would write for it (the text of
    /// `compactSpec(_:)`), so it is written as is instead of parsed and written again.
    package var specIsCompact = false
    /// The hello the request carries (`ProtocolHello`, docs/PROTOCOL.md "Hello"): Reel's offer
    /// in the first request to each engine process, nil in every other.
    package var hello: ProtocolHello.Offer?
    /// Whether `encodedLine` writes the touches in binary (`binary_touches`, docs/PROTOCOL.md
    /// "The binary encoding"): only to an engine process whose hello agreed binary requests.
    /// Decoded, false whichever form the touches came in.
    package var sendsBinaryTouches = false

    package init(
        scenarioName: String, scenarioSpecJSON: String? = nil, device: Device, refreshHz: Double, touches: [Touch],
        id: Int? = nil
    ) {
        self.id = id
        self.scenarioName = scenarioName
        self.scenarioSpecJSON = scenarioSpecJSON
        self.device = device
        self.refreshHz = refreshHz
        self.touches = touches
    }

    /// The request as one protocol line, ending in `\n`. The spec text is re-written compactly
    /// (members in their order), so a pretty-printed spec still makes one line.
    /// Throws when the spec text is not valid JSON.
    package func encodedLine() throws(EngineProtocolError) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 256 + 80 * touches.count)
        writer.punctuation(UInt8(ascii: "{"))
        if let id {
            writer.firstMember(RequestKeys.id)
            writer.int(id)
            writer.punctuation(UInt8(ascii: ","))
        }
        if let hello {
            hello.write(into: &writer)
            writer.punctuation(UInt8(ascii: ","))
        }
        writer.firstMember(RequestKeys.scenario)
        writer.openObject(RequestKeys.name)
        writer.string(scenarioName)
        if let scenarioSpecJSON {
            writer.member(RequestKeys.spec)
            // Already JSON text (compact), copied as it is.
            writer.verbatim(specIsCompact ? scenarioSpecJSON : try Self.compactSpec(scenarioSpecJSON))
        }
        writer.closeObject()
        writer.punctuation(UInt8(ascii: ","))
        GestureStreamWriter.appendDeviceFields(device, refreshHz: refreshHz, to: &writer)
        if sendsBinaryTouches {
            writer.member(RequestKeys.binaryTouches)
            BinaryTouches.writeValue(touches, into: &writer)
        } else {
            writer.member(RequestKeys.touches)
            writer.array(touches) { writer, touch in
                writer.punctuation(UInt8(ascii: "{"))
                GestureStreamWriter.appendTouchFields(touch, to: &writer)
                writer.closeObject()
            }
        }
        writer.closeObject()
        writer.punctuation(UInt8(ascii: "\n"))
        return writer.bytes
    }

    /// The spec text as a request line carries it: parsed and written compactly (members in their
    /// order, numbers as `JSONWriter` writes them). Throws when the text is not valid JSON.
    package static func compactSpec(_ json: String) throws(EngineProtocolError) -> String {
        do {
            return JSONWriter.text(of: try JSONParser.parse(json))
        } catch {
            throw EngineProtocolError(reason: "the scenario spec is not valid JSON: \(error)")
        }
    }

    /// Decodes one request line (what `reel engine serve` reads). `device` and `refresh_hz`
    /// default to 390 x 844 @3x and 60 Hz; extra keys are ignored. The spec comes back as compact
    /// JSON text with its members in their order.
    package static func decode(line: [UInt8]) throws(EngineProtocolError) -> EngineRequest {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw EngineProtocolError(reason: "malformed JSON request at column \(error.column): \(error.reason)")
        }
        // Read first, so that the error of a request refused for another member still names it.
        var validID: Int?
        if case .object = value, let member = value.optionalMember("id") { validID = try? member.asInteger(field: "id") }
        do throws(JSONFieldError) {
            guard case .object = value else {
                throw JSONFieldError(reason: "expected a JSON object, not \(value.kindDescription)")
            }
            let id = try value.optionalMember("id").map { (id) throws(JSONFieldError) in try id.asInteger(field: "id") }
            let scenario = try value.object("scenario")
            let name = try scenario.string("name", path: "scenario.")
            let spec = scenario.optionalMember("spec").map { JSONWriter.text(of: $0) }

            var device = GestureSession.defaultDevice
            if let deviceValue = value.optionalMember("device") {
                guard case .object = deviceValue else { throw JSONValue.typeError("device", "an object", deviceValue) }
                device = Device(
                    width: try deviceValue.number("width", path: "device."),
                    height: try deviceValue.number("height", path: "device."),
                    scale: try deviceValue.number("scale", path: "device."))
            }
            let refreshHz =
                try value.optionalMember("refresh_hz").map { (hz) throws(JSONFieldError) in
                    try hz.asNumber(field: "refresh_hz")
                } ?? GestureSession.defaultRefreshHz

            let touches: [Touch]
            if let binary = value.optionalMember(BinaryTouches.member) {
                guard value.optionalMember("touches") == nil else {
                    throw JSONFieldError(reason: "a request holds \"touches\" or \"\(BinaryTouches.member)\", not both")
                }
                guard case .string(let text) = binary else {
                    throw JSONValue.typeError(BinaryTouches.member, "a string of base64url text", binary)
                }
                touches = try Array(text.utf8).withUnsafeBufferPointer { text throws(JSONFieldError) in try BinaryTouches.read(text) }
            } else {
                touches = try plainTouches(try value.array("touches"))
            }
            var request = EngineRequest(
                scenarioName: name, scenarioSpecJSON: spec, device: device, refreshHz: refreshHz, touches: touches, id: id)
            request.hello = try value.optionalMember(ProtocolHello.member).map { (hello) throws(JSONFieldError) in
                try ProtocolHello.Offer(decoding: hello)
            }
            return request
        } catch {
            throw EngineProtocolError(reason: "invalid request: \(error.reason)", requestID: validID)
        }
    }

    /// The touches of a `touches` array.
    private static func plainTouches(_ touchValues: [JSONValue]) throws(JSONFieldError) -> [Touch] {
        var touches: [Touch] = []
        touches.reserveCapacity(touchValues.count)
        for (index, element) in touchValues.enumerated() {
            let touchValue = try element.asObject(field: "touches[\(index)]")
            let path = "touches[\(index)]."
            let phaseName = try touchValue.string("phase", path: path)
            guard let phase = TouchPhase(rawValue: phaseName) else {
                throw JSONFieldError(reason: "unknown phase \"\(phaseName)\" in \(path)phase")
            }
            touches.append(
                Touch(
                    t: try touchValue.number("t", path: path), id: try touchValue.integer("id", path: path),
                    phase: phase, x: try touchValue.number("x", path: path), y: try touchValue.number("y", path: path)))
        }
        return touches
    }

}

/// The member keys of requests (docs/PROTOCOL.md), encoded once.
private enum RequestKeys {
    static let id = JSONKey("id"), scenario = JSONKey("scenario")
    static let name = JSONKey("name"), spec = JSONKey("spec"), touches = JSONKey("touches")
    static let binaryTouches = JSONKey(BinaryTouches.member)
}
