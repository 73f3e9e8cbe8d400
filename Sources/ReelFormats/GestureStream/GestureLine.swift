import ReelJSON
import ReelTrace

/// One non-empty line of a gesture stream, decoded and checked on its own (the checks that need
/// the rest of the session, like time order, live in `GestureStreamReader`).
enum GestureLine {
    case session(SessionLine)
    case touch(Touch)

    /// The fields of a `session` line.
    struct SessionLine {
        var scenario: String
        var scenarioSpecJSON: String?
        var device: Device
        var refreshHz: Double
        var externalID: String?
        var tags: [String]
    }

    /// Decodes one line; the error is the reason to report.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<GestureLine, JSONFieldError> {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch {
            return .failure(JSONFieldError(reason: "malformed JSON at column \(error.column): \(error.reason)"))
        }
        do throws(JSONFieldError) {
            guard case .object = value else {
                throw JSONFieldError(reason: "expected a JSON object, not \(value.kindDescription)")
            }
            let type = try value.string("type")
            switch type {
            case "touch": return .success(.touch(try decodeTouch(value)))
            case "session": return .success(.session(try decodeSession(value)))
            default: throw JSONFieldError(reason: "unknown type \"\(type)\" (expected \"session\" or \"touch\")")
            }
        } catch {
            return .failure(error)
        }
    }

    /// Whether the line is a session line, without judging its fields (used to resynchronise
    /// after a bad session).
    /// Whether the line is a session line: its `type` is "session". A line that is not valid JSON
    /// counts as one when it spells `"type":"session"` (spaces allowed around the colon), so a broken
    /// session line starts (and rejects) a session of its own instead of vanishing among the
    /// touches of the session before it.
    static func isSessionLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if let value = try? JSONParser.parse(bytes) { return value["type"] == .string("session") }
        return spellsSessionType(bytes)
    }

    /// Whether `bytes` hold `"type"`, optional blanks, `:`, optional blanks, `"session"`.
    static func spellsSessionType(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let key = Array("\"type\"".utf8)
        let value = Array("\"session\"".utf8)
        func matches(_ pattern: [UInt8], at index: Int) -> Bool {
            index + pattern.count <= bytes.count && (0..<pattern.count).allSatisfy { bytes[index + $0] == pattern[$0] }
        }
        func blanks(from index: Int) -> Int {
            var i = index
            while i < bytes.count, bytes[i] == UInt8(ascii: " ") || bytes[i] == UInt8(ascii: "\t") { i += 1 }
            return i
        }
        var start = 0
        while start + key.count <= bytes.count {
            if matches(key, at: start) {
                let colon = blanks(from: start + key.count)
                if colon < bytes.count, bytes[colon] == UInt8(ascii: ":"), matches(value, at: blanks(from: colon + 1)) { return true }
            }
            start += 1
        }
        return false
    }

    private static func decodeTouch(_ value: JSONValue) throws(JSONFieldError) -> Touch {
        let t = try value.number("t")
        let id = try value.integer("id")
        let phaseName = try value.string("phase")
        guard let phase = TouchPhase(rawValue: phaseName) else {
            throw JSONFieldError(
                reason: "unknown phase \"\(phaseName)\" (expected began, moved, stationary, ended or cancelled)")
        }
        let x = try value.number("x")
        let y = try value.number("y")
        return Touch(t: t, id: id, phase: phase, x: x, y: y)
    }

    private static func decodeSession(_ value: JSONValue) throws(JSONFieldError) -> SessionLine {
        let (scenario, scenarioSpecJSON) = try decodeScenario(value.member("scenario"))

        var device = GestureSession.defaultDevice
        if let deviceValue = value.optionalMember("device") {
            guard case .object = deviceValue else { throw JSONValue.typeError("device", "an object", deviceValue) }
            device = Device(
                width: try positive(deviceValue.number("width", path: "device."), "device.width", atMost: Device.maximumSide),
                height: try positive(deviceValue.number("height", path: "device."), "device.height", atMost: Device.maximumSide),
                scale: try positive(deviceValue.number("scale", path: "device."), "device.scale", atMost: Device.maximumScale))
        }

        var refreshHz = GestureSession.defaultRefreshHz
        if let refreshValue = value.optionalMember("refresh_hz") {
            refreshHz = try refreshValue.asNumber(field: "refresh_hz")
            guard refreshHz >= 1, refreshHz <= 240 else {
                throw JSONFieldError(
                    reason: "field \"refresh_hz\" must be between 1 and 240, not \(JSONWriter.format(refreshHz))")
            }
        }

        let externalID = try value.optionalMember("id").map { (id) throws(JSONFieldError) in try id.asString(field: "id") }

        var tags: [String] = []
        if let tagsValue = value.optionalMember("tags") {
            guard case .array(let elements) = tagsValue else { throw JSONValue.typeError("tags", "an array", tagsValue) }
            for element in elements {
                guard case .string(let tag) = element else {
                    throw JSONFieldError(reason: "field \"tags\" must hold strings, not \(element.kindDescription)")
                }
                tags.append(tag)
            }
        }
        return SessionLine(
            scenario: scenario, scenarioSpecJSON: scenarioSpecJSON, device: device, refreshHz: refreshHz,
            externalID: externalID, tags: tags)
    }

    /// A scenario name or path (a string), or an inline spec (an object with a `name`).
    private static func decodeScenario(_ value: JSONValue) throws(JSONFieldError) -> (String, String?) {
        switch value {
        case .string(let reference):
            guard !reference.isEmpty else { throw JSONFieldError(reason: "field \"scenario\" must not be empty") }
            return (reference, nil)
        case .object:
            let name = try value.string("name", path: "scenario.")
            guard !name.isEmpty else { throw JSONFieldError(reason: "field \"scenario.name\" must not be empty") }
            return (name, JSONWriter.text(of: value))
        default:
            throw JSONValue.typeError("scenario", "a string or an object", value)
        }
    }

    private static func positive(_ number: Double, _ field: String, atMost limit: Double) throws(JSONFieldError) -> Double {
        guard number > 0 else {
            throw JSONFieldError(reason: "field \"\(field)\" must be positive, not \(JSONWriter.format(number))")
        }
        guard number <= limit else {
            throw JSONFieldError(reason: "field \"\(field)\" must be at most \(JSONWriter.format(limit)), not \(JSONWriter.format(number))")
        }
        return number
    }
}
