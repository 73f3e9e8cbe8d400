import ReelJSON
import ReelTrace

/// Writes sessions as JSON Lines in the gesture-stream format, so that `GestureStreamReader`
/// reads back identical sessions (every Double bit-identical, see `JSONWriter`).
///
/// The session line carries `type`, `scenario` (the name, or the inline spec object when the
/// session has one), `device`, `refresh_hz`, then `id` when present and `tags` when non-empty;
/// each touch line carries `type`, `t`, `id`, `phase`, `x`, `y`.
public enum GestureStreamWriter {
    /// The lines of one session, each ending in `\n`, appended to `writer`.
    package static func append(_ session: GestureSession, to writer: inout JSONWriter) {
        appendSessionLine(
            scenario: session.scenario, scenarioSpecJSON: session.scenarioSpecJSON, device: session.device,
            refreshHz: session.refreshHz, externalID: session.externalID, tags: session.tags, to: &writer)
        for touch in session.touches { appendTouchLine(touch, to: &writer) }
    }

    /// The lines of one session as UTF-8 bytes, each ending in `\n`.
    public static func encode(_ session: GestureSession) -> [UInt8] {
        var writer = JSONWriter(reservingCapacity: 128 + 80 * session.touches.count)
        append(session, to: &writer)
        return writer.bytes
    }

    /// The session line, ending in `\n`. `scenarioSpecJSON`, when given, must be the compact
    /// JSON text of an object (as `GestureStreamReader` and `JSONWriter` produce); it is written
    /// as is in place of the `scenario` name.
    package static func appendSessionLine(
        scenario: String, scenarioSpecJSON: String? = nil, device: Device, refreshHz: Double, externalID: String?, tags: [String],
        to writer: inout JSONWriter
    ) {
        writer.raw("{\"type\":\"session\",\"scenario\":")
        if let scenarioSpecJSON {
            writer.raw(scenarioSpecJSON)
        } else {
            writer.string(scenario)
        }
        writer.punctuation(UInt8(ascii: ","))
        appendDeviceFields(device, refreshHz: refreshHz, to: &writer)
        if let externalID {
            writer.raw(",\"id\":")
            writer.string(externalID)
        }
        if !tags.isEmpty {
            writer.raw(",\"tags\":")
            writer.array(tags) { $0.string($1) }
        }
        writer.raw("}\n")
    }

    /// One touch line, ending in `\n`.
    package static func appendTouchLine(_ touch: Touch, to writer: inout JSONWriter) {
        writer.raw("{\"type\":\"touch\",")
        appendTouchFields(touch, to: &writer)
        writer.raw("}\n")
    }

    /// A touch's members, `"t":…,"id":…,"phase":"…","x":…,"y":…`, without braces: shared by
    /// touch lines and engine-protocol requests.
    static func appendTouchFields(_ touch: Touch, to writer: inout JSONWriter) {
        writer.raw("\"t\":")
        writer.number(touch.t)
        writer.raw(",\"id\":")
        writer.int(touch.id)
        writer.raw(",\"phase\":\"")
        writer.raw(touch.phase.rawValue)
        writer.raw("\",\"x\":")
        writer.number(touch.x)
        writer.raw(",\"y\":")
        writer.number(touch.y)
    }

    /// `"device":{"width":…,"height":…,"scale":…},"refresh_hz":…`, without braces: shared by
    /// session lines and engine-protocol requests.
    static func appendDeviceFields(_ device: Device, refreshHz: Double, to writer: inout JSONWriter) {
        writer.raw("\"device\":{\"width\":")
        writer.number(device.width)
        writer.raw(",\"height\":")
        writer.number(device.height)
        writer.raw(",\"scale\":")
        writer.number(device.scale)
        writer.raw("},\"refresh_hz\":")
        writer.number(refreshHz)
    }
}
