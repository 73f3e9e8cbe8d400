import ReelEngine
import ReelStore
import ReelTrace

/// The content hash that identifies a session in an archive: sha256 of the scenario spec, the
/// device, the refresh rate and every touch, in a canonical text form. The same input recorded
/// twice has the same hash, so re-recording never duplicates a session.
///
/// The text: the spec's canonical JSON, a newline, the device's width, height and scale and the
/// refresh rate each followed by a space, then per touch a newline and its time, id, phase, x and
/// y separated by spaces; numbers as `JSONWriter.format` writes them.
package enum SessionHash {
    package static func hash(specJSON: String, device: Device, refreshHz: Double, touches: [Touch]) -> String {
        var text = HashText(reservingCapacity: specJSON.utf8.count + 64 + touches.count * 48)
        text.append(specJSON)
        text.append(UInt8(ascii: "\n"))
        for value in [device.width, device.height, device.scale, refreshHz] {
            text.append(value)
            text.append(UInt8(ascii: " "))
        }
        for touch in touches { text.appendTouch(touch) }
        return SHA256.hex(of: text.bytes)
    }
}
