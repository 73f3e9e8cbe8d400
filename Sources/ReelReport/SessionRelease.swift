import ReelEngine
import ReelStore
import ReelTrace

/// Where one recorded session's gesture let go, read from an archive as the report's decision
/// maps read it (`ReleasePoint`): for summaries that list sessions one by one.
package enum SessionRelease {
    /// The release progress and velocity (points per second along the direction that finishes)
    /// of session `sessionID`, nil when the archive cannot place it: a tap scenario, a gesture that
    /// never drove the transition, or a results archive (session headers only, no touches or events).
    package static func read(sessionID: Int64, in archive: Archive) throws -> (progress: Double, velocity: Double)? {
        let row = try archive.releaseEvent(sessionID: sessionID)
        guard let row, let spec = try? ScenarioSpec.decode(json: row.scenarioSpecJSON),
            case let touches = try archive.touches(sessionID: sessionID),
            let progress = ReleasePoint.progress(lastUpdateDetail: row.lastUpdateDetail)
                ?? (ReleasePoint.decidedWithoutTransition.contains(spec.interaction)
                    ? spec.trigger.extent.flatMap { ReleasePoint.gestureProgress(touches: touches, extent: $0) } : nil),
            let velocity = ReleasePoint.velocity(touches: touches, trigger: spec.trigger)
        else { return nil }
        return (progress, velocity)
    }
}
