import ReelTrace

extension EngineReply {
    /// Decodes one response line strictly: every documented field must be present with its type
    /// (`rotation_x`, `rotation_y`, `m34` and `hierarchy` are optional), `transform` must hold six
    /// numbers, `z` must be an integer. Extra keys are ignored. A line with a string `error`
    /// member is an error reply. The error names the offending field, e.g.
    /// `field "frames[3].views[1].alpha" must be a number, not a string`.
    public static func decode(line: UnsafeBufferPointer<UInt8>) throws(EngineProtocolError) -> EngineReply {
        let value: JSONValue
        do {
            value = try JSONParser.parse(line)
        } catch {
            throw EngineProtocolError(reason: "malformed JSON at column \(error.column): \(error.reason)")
        }
        do throws(JSONFieldError) {
            guard case .object = value else {
                throw JSONFieldError(reason: "expected a JSON object, not \(value.kindDescription)")
            }
            if let error = value.optionalMember("error") {
                return .error(try error.asString(field: "error"))
            }
            return .response(try decodeResponse(value))
        } catch {
            throw EngineProtocolError(reason: "invalid response: \(error.reason)")
        }
    }

    /// Decodes one response line.
    public static func decode(line: [UInt8]) throws(EngineProtocolError) -> EngineReply {
        let result = line.withUnsafeBufferPointer { buffer in
            Result { () throws(EngineProtocolError) in try decode(line: buffer) }
        }
        return try result.get()
    }

    private static func decodeResponse(_ value: JSONValue) throws(JSONFieldError) -> EngineResponse {
        let engine = try value.object("engine")
        let name = try engine.string("name", path: "engine.")
        let version = try engine.string("version", path: "engine.")

        let frameValues = try value.array("frames")
        var frames: [Frame] = []
        frames.reserveCapacity(frameValues.count)
        for (index, element) in frameValues.enumerated() {
            frames.append(try decodeFrame(element, index: index))
        }

        let eventValues = try value.array("events")
        var events: [TraceEvent] = []
        events.reserveCapacity(eventValues.count)
        for (index, element) in eventValues.enumerated() {
            let path = "events[\(index)]"
            let event = try element.asObject(field: path)
            events.append(TraceEvent(
                t: try event.number("t", path: path + "."), kind: try event.string("kind", path: path + "."),
                subject: try event.string("subject", path: path + "."), detail: try event.string("detail", path: path + ".")))
        }

        let outcome = try value.object("outcome")
        let hierarchy = outcome.optionalMember("hierarchy").map { JSONWriter.text(of: $0) } ?? ""
        return EngineResponse(
            engineName: name, engineVersion: version,
            trace: Trace(
                frames: frames, events: events,
                outcome: Outcome(
                    completed: try outcome.bool("completed", path: "outcome."), t: try outcome.number("t", path: "outcome."),
                    hierarchy: hierarchy)))
    }

    private static func decodeFrame(_ element: JSONValue, index: Int) throws(JSONFieldError) -> Frame {
        let path = "frames[\(index)]"
        let frame = try element.asObject(field: path)
        let viewValues = try frame.array("views", path: path + ".")
        var views: [ViewState] = []
        views.reserveCapacity(viewValues.count)
        for (viewIndex, viewElement) in viewValues.enumerated() {
            views.append(try decodeView(viewElement, path: "\(path).views[\(viewIndex)]"))
        }
        return Frame(
            index: index, t: try frame.number("t", path: path + "."), progress: try frame.number("progress", path: path + "."),
            views: views)
    }

    private static func decodeView(_ element: JSONValue, path: String) throws(JSONFieldError) -> ViewState {
        let view = try element.asObject(field: path)
        let prefix = path + "."
        let components = try view.array("transform", path: prefix)
        guard components.count == 6 else {
            throw JSONFieldError(reason: "field \"\(prefix)transform\" must hold 6 numbers [a, b, c, d, tx, ty], not \(components.count)")
        }
        var numbers: [Double] = []
        for (position, component) in components.enumerated() {
            numbers.append(try component.asNumber(field: "\(prefix)transform[\(position)]"))
        }
        func optionalNumber(_ key: String) throws(JSONFieldError) -> Double {
            guard let value = view.optionalMember(key) else { return 0 }
            return try value.asNumber(field: prefix + key)
        }
        return ViewState(
            key: try view.string("key", path: prefix),
            x: try view.number("x", path: prefix), y: try view.number("y", path: prefix),
            w: try view.number("w", path: prefix), h: try view.number("h", path: prefix),
            alpha: try view.number("alpha", path: prefix),
            transform: AffineTransform(a: numbers[0], b: numbers[1], c: numbers[2], d: numbers[3], tx: numbers[4], ty: numbers[5]),
            rotationX: try optionalNumber("rotation_x"), rotationY: try optionalNumber("rotation_y"), m34: try optionalNumber("m34"),
            z: try view.integer("z", path: prefix), hidden: try view.bool("hidden", path: prefix))
    }
}
