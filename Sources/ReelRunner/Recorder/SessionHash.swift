import ReelEngine
import ReelJSON
import ReelStore
import ReelTrace

/// The content hash that identifies a session in an archive: sha256 of the scenario spec, the
/// device, the refresh rate and every touch, in a canonical text form. The same input recorded
/// twice has the same hash, so re-recording never duplicates a session.
package enum SessionHash {
    package static func hash(specJSON: String, device: Device, refreshHz: Double, touches: [Touch]) -> String {
        var writer = JSONWriter(reservingCapacity: specJSON.utf8.count + 64 + touches.count * 48)
        writer.raw(specJSON)
        writer.punctuation(UInt8(ascii: "\n"))
        for value in [device.width, device.height, device.scale, refreshHz] {
            writer.number(value)
            writer.punctuation(UInt8(ascii: " "))
        }
        for touch in touches {
            writer.punctuation(UInt8(ascii: "\n"))
            writer.number(touch.t)
            writer.punctuation(UInt8(ascii: " "))
            writer.int(touch.id)
            writer.punctuation(UInt8(ascii: " "))
            writer.raw(touch.phase.rawValue)
            writer.punctuation(UInt8(ascii: " "))
            writer.number(touch.x)
            writer.punctuation(UInt8(ascii: " "))
            writer.number(touch.y)
        }
        return SHA256.hex(writer.text)
    }
}
