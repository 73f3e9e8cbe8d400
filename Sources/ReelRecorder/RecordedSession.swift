/// One finger's sample as the gesture stream writes it: seconds since the gesture's first touch,
/// the finger (numbered from 0 in the order fingers landed), UIKit's phase, window coordinates.
public struct RecordedTouch: Sendable, Hashable {
    public var t: Double
    public var finger: Int
    /// `began`, `moved`, `stationary`, `ended` or `cancelled` (UITouch.Phase's names).
    public var phase: String
    public var x: Double
    public var y: Double
}

/// One gesture, from the first finger down to the last finger up, with the device it ran on and
/// the scenario and tags the app gave; `jsonLines` is its gesture-stream text (docs/GESTURES.md),
/// one session line then one touch line per sample, as `reel record` reads it. With the device's
/// outcome (`trace`), the session line carries it as its `trace` member: one engine-protocol
/// answer (docs/DEVICE.md, "The device file").
///
/// ```swift
/// let text = recorder.takeSessions().map(\.jsonLines).joined()
/// ```
public struct RecordedSession: Sendable, Hashable {
    public var scenario: String
    public var tags: [String]
    /// The screen's bounds in points and its scale.
    public var width: Double, height: Double, scale: Double
    /// The display's refresh rate (UIScreen.maximumFramesPerSecond).
    public var refreshHz: Int
    public var touches: [RecordedTouch]
    /// UIKit's outcome of the gesture on the device, when the recorder records it (`TouchRecorder.outcome`).
    public var trace: DeviceTrace? = nil

    /// Heap bytes the session holds, from its counts (what `RecorderLimits.maximumHeldBytes` bounds).
    var heldBytes: Int {
        let texts = ([scenario] + tags).reduce(0) { $0 + max(0, $1.utf8.count - 15) + 16 }
        return touches.count * MemoryLayout<RecordedTouch>.stride + texts + (trace?.heldBytes ?? 0)
    }

    /// The session as gesture-stream lines, each ending in a newline. Numbers are Swift's shortest
    /// round-trip text, so a reader gets every Double back bit for bit.
    public var jsonLines: String {
        var text = "{\"type\":\"session\",\"scenario\":" + StreamText.string(scenario) + ",\"device\":{\"width\":"
        text += StreamText.number(width) + ",\"height\":" + StreamText.number(height) + ",\"scale\":" + StreamText.number(scale)
        text += "},\"refresh_hz\":\(refreshHz)"
        if !tags.isEmpty { text += ",\"tags\":[" + tags.map(StreamText.string).joined(separator: ",") + "]" }
        if let trace { text += ",\"trace\":" + trace.answerJSON }
        text += "}\n"
        for touch in touches {
            text += "{\"type\":\"touch\",\"t\":" + StreamText.number(touch.t) + ",\"id\":\(touch.finger),\"phase\":\"" + touch.phase
            text += "\",\"x\":" + StreamText.number(touch.x) + ",\"y\":" + StreamText.number(touch.y) + "}\n"
        }
        return text
    }
}

/// JSON text for the stream's values (the recorder links no JSON library: it must build against UIKit alone).
enum StreamText {
    /// A finite Double's shortest round-trip text (`0.016`, `4.0`, `1e-07`: all JSON numbers).
    static func number(_ value: Double) -> String { value.description }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func string(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
