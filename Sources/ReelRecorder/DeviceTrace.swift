/// One named view at one display tick, as the engine protocol's answer writes a view
/// (docs/PROTOCOL.md, "Response"): its key (the view's `accessibilityIdentifier`), its untransformed
/// frame in window coordinates, alpha, transform, back-to-front position among the named views and
/// whether it or an ancestor is hidden.
public struct DeviceView: Sendable, Hashable {
    public var key: String
    public var x: Double, y: Double, w: Double, h: Double
    public var alpha: Double
    /// `[a, b, c, d, tx, ty]`, CGAffineTransform's order.
    public var transform: [Double]
    public var z: Int
    public var hidden: Bool
}

/// The named views at one display tick: the tick's time on the gesture's clock (the display link's
/// `timestamp` minus the gesture's first touch's) and the transition's progress then (the
/// coordinator's `percentComplete`, 0 without a transition).
public struct DeviceFrame: Sendable, Hashable {
    public var t: Double
    public var progress: Double
    public var views: [DeviceView]
}

/// What the transition coordinator told the recorder, as a trace event of kind `coordinator`:
/// `began` (a coordinator was first seen at a display tick), `interactionChanged(cancelled)` /
/// `interactionChanged(continuing)` (`notifyWhenInteractionChanges`) and `completion(finished)` /
/// `completion(cancelled)` (`animate(alongsideTransition:completion:)`'s completion), at the time
/// it happened.
public struct DeviceEvent: Sendable, Hashable {
    public var t: Double
    public var detail: String
    /// The events' kind, not one the replay's lifecycle comparison reads (a device sees no lifecycle calls).
    public static let kind = "coordinator"
}

/// UIKit's own outcome of one gesture on the device, in the engine protocol's answer shape:
/// the frames of the named views at each display tick, the coordinator's events, and the decision
/// (the last completion context: finished or cancelled, and when; cancelled at 0 when no transition
/// completed). `answerJSON` is the answer line `reel record` takes as this device's trace.
///
/// ```swift
/// let trace = session.trace!          // a session recorded with `outcome:` set
/// trace.completed                      // UIKit's decision
/// trace.answerJSON                     // {"engine":{"name":"uikit 26.1 iPhone17,1",...},"frames":[...],...}
/// ```
public struct DeviceTrace: Sendable, Hashable {
    /// The engine the device stands for: "uikit" with the OS version and device model.
    public var engineName: String
    public var engineVersion: String
    public var frames: [DeviceFrame]
    public var events: [DeviceEvent]
    public var completed: Bool
    public var completedAt: Double

    /// The engine version every device trace carries: the recorder's trace format.
    public static let recorderVersion = "reel-recorder 1"

    /// The trace as one engine-protocol answer (no line break), numbers as Swift's shortest round-trip text.
    public var answerJSON: String {
        var text = "{\"engine\":{\"name\":" + StreamText.string(engineName) + ",\"version\":" + StreamText.string(engineVersion)
        text += "},\"frames\":["
        for (index, frame) in frames.enumerated() {
            if index > 0 { text += "," }
            text += "{\"t\":" + StreamText.number(frame.t) + ",\"progress\":" + StreamText.number(frame.progress) + ",\"views\":["
            for (position, view) in frame.views.enumerated() {
                if position > 0 { text += "," }
                text += "{\"key\":" + StreamText.string(view.key) + ",\"x\":" + StreamText.number(view.x) + ",\"y\":"
                text += StreamText.number(view.y) + ",\"w\":" + StreamText.number(view.w) + ",\"h\":" + StreamText.number(view.h)
                text += ",\"alpha\":" + StreamText.number(view.alpha) + ",\"transform\":["
                text += view.transform.map(StreamText.number).joined(separator: ",")
                text += "],\"z\":\(view.z),\"hidden\":\(view.hidden)}"
            }
            text += "]}"
        }
        text += "],\"events\":["
        for (index, event) in events.enumerated() {
            if index > 0 { text += "," }
            text += "{\"t\":" + StreamText.number(event.t) + ",\"kind\":\"" + DeviceEvent.kind + "\",\"subject\":\"transition\",\"detail\":"
            text += StreamText.string(event.detail) + "}"
        }
        text += "],\"outcome\":{\"completed\":\(completed),\"t\":" + StreamText.number(completedAt) + "}}"
        return text
    }

    /// Heap bytes the trace holds, from its counts (the memory bound `RecorderLimits` keeps).
    var heldBytes: Int {
        var bytes = frames.count * MemoryLayout<DeviceFrame>.stride + events.count * MemoryLayout<DeviceEvent>.stride
        for frame in frames {
            bytes += frame.views.count * (MemoryLayout<DeviceView>.stride + 6 * MemoryLayout<Double>.stride + 32)
            for view in frame.views where view.key.utf8.count > 15 { bytes += view.key.utf8.count }
        }
        return bytes
    }
}
