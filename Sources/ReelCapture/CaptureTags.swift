import ReelJSON
import ReelTrace

/// The tags a captured session is stored with (`sessions.tags_json`): `captured`, the capturing
/// device as `device:`-prefixed tags, then the session's own tags and the command's `--tag`s.
///
/// The device tags repeat what the session's columns hold in a form `json_each(tags)` can select
/// on (`device:screen=390x844`, `device:pixel_ratio=3`, `device:refresh_hz=120`, the estimate the
/// page measured) and add what no column holds: `device:user_agent=…`, the browser's User-Agent
/// header cut to `maxUserAgentLength` characters.
enum CaptureTags {
    static let captured = "captured"
    static let maxUserAgentLength = 200

    static func tags(for session: GestureSession, userAgent: String?, extra: [String]) -> [String] {
        let size = "\(JSONWriter.format(session.device.width))x\(JSONWriter.format(session.device.height))"
        var tags = [
            captured, "device:screen=\(size)", "device:pixel_ratio=\(JSONWriter.format(session.device.scale))",
            "device:refresh_hz=\(JSONWriter.format(session.refreshHz))",
        ]
        if let userAgent, !userAgent.isEmpty {
            tags.append(
                "device:user_agent="
                    + String(userAgent.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(maxUserAgentLength)))
        }
        for tag in session.tags + extra where !tags.contains(tag) { tags.append(tag) }
        return tags
    }
}
