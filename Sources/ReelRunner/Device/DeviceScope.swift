import ReelTrace

/// What a replay compares when a session's baseline is a device's trace: what the device recorded.
///
/// A device's recorder sees the views the app names (`accessibilityIdentifier`) and the
/// transition coordinator, not UIKit's private views nor the lifecycle calls. So the candidate's
/// trace is compared as `project(_:keys:)` makes it: in each frame only the views whose keys the
/// device's trace holds, their `z` counted among those views (0 the back-most), and no events of
/// a lifecycle kind (`LifecycleCall.eventKinds`). The decision, its time, the frame count and
/// times and every property of the named views are compared as for any baseline. A named view
/// the candidate lacks is still a missing view; a candidate's view the device did not name is
/// not compared (docs/DEVICE.md, "Replaying against a device").
package enum DeviceScope {
    /// `trace` seen as the device would have recorded it, given the keys of the device's views.
    ///
    /// ```swift
    /// // views [A.view z 0, card z 1, dimming z 2] and keys ["card", "dimming"]:
    /// // the frame becomes [card z 0, dimming z 1]
    /// ```
    package static func project(_ trace: Trace, keys: Set<String>) -> Trace {
        var projected = trace
        projected.frames = trace.frames.map { frame in
            var kept = frame
            kept.views = []
            for view in frame.views where keys.contains(view.key) {
                var named = view
                named.z = kept.views.count
                kept.views.append(named)
            }
            return kept
        }
        let lifecycle = LifecycleCall.eventKinds
        projected.events = trace.events.filter { !lifecycle.contains($0.kind) }
        return projected
    }
}
