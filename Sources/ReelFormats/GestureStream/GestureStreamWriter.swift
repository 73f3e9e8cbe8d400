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
        writer.punctuation(UInt8(ascii: "{"))
        writer.members { members in
            members.member("type", "session")
            if let scenarioSpecJSON {
                // Already the compact text of an object: written as it is.
                members.member("scenario", verbatim: scenarioSpecJSON)
            } else {
                members.member("scenario", scenario)
            }
        }
        writer.punctuation(UInt8(ascii: ","))
        appendDeviceFields(device, refreshHz: refreshHz, to: &writer)
        writer.members(afterMember: true) { members in
            if let externalID { members.member("id", externalID) }
            if !tags.isEmpty { members.member("tags") { $0.array(tags) { $0.string($1) } } }
        }
        writer.punctuation(UInt8(ascii: "}"))
        writer.punctuation(UInt8(ascii: "\n"))
    }

    /// One touch line, ending in `\n`.
    package static func appendTouchLine(_ touch: Touch, to writer: inout JSONWriter) {
        writer.punctuation(UInt8(ascii: "{"))
        writer.members { $0.member("type", "touch") }
        writer.punctuation(UInt8(ascii: ","))
        appendTouchFields(touch, to: &writer)
        writer.punctuation(UInt8(ascii: "}"))
        writer.punctuation(UInt8(ascii: "\n"))
    }

    /// A touch's members, `"t":…,"id":…,"phase":"…","x":…,"y":…`, without braces: shared by
    /// touch lines and engine-protocol requests.
    /// The keys are encoded once (`TouchKeys`): a request writes one touch per sample, and each
    /// key written as a string cost a quoting pass (a fifth of the request's encoding).
    static func appendTouchFields(_ touch: Touch, to writer: inout JSONWriter) {
        writer.firstMember(TouchKeys.t)
        writer.number(touch.t)
        writer.member(TouchKeys.id)
        writer.int(touch.id)
        writer.member(TouchKeys.phase)
        writer.string(touch.phase.rawValue)
        writer.member(TouchKeys.x)
        writer.number(touch.x)
        writer.member(TouchKeys.y)
        writer.number(touch.y)
    }

    /// A touch's member keys, in the order they are written.
    private enum TouchKeys {
        static let t = JSONKey("t")
        static let id = JSONKey("id")
        static let phase = JSONKey("phase")
        static let x = JSONKey("x")
        static let y = JSONKey("y")
    }

    /// `"device":{"width":…,"height":…,"scale":…},"refresh_hz":…`, without braces: shared by
    /// session lines and engine-protocol requests.
    static func appendDeviceFields(_ device: Device, refreshHz: Double, to writer: inout JSONWriter) {
        writer.members { members in
            members.member("device") { writer in
                writer.object { size in
                    size.member("width", device.width)
                    size.member("height", device.height)
                    size.member("scale", device.scale)
                }
            }
            members.member("refresh_hz", refreshHz)
        }
    }
}
