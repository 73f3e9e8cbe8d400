import ReelJSON
import ReelTrace

extension EngineResponse {
    /// Why this answer's times cannot be the trace of `request`'s session, nil when they can.
    /// The decoder already holds frames to time order and to `EngineReplyLimits.maxFrameSpan`;
    /// against the request, frames and the outcome must lie on the session's time line: from
    /// one display tick before the earlier of 0 and the first touch, to
    /// `EngineReplyLimits.maxFrameSpan` after the later of 0 and the last touch.
    ///
    /// Example: a frame at t = -5 for touches from 0 to 0.3 s gives
    /// `"frames[0].t is -5, before the session's time line (from -0.016666666666666666 s)"`.
    package func timeProblem(answering request: EngineRequest) -> String? {
        let tick = 1 / request.refreshHz
        let earliest = min(0, request.touches.first?.t ?? 0) - tick
        let latest = max(0, request.touches.last?.t ?? 0) + EngineReplyLimits.maxFrameSpan + tick
        func outside(_ name: String, _ t: Double) -> String? {
            if !(t >= earliest) {
                return "\(name) is \(JSONWriter.format(t)), before the session's time line (from \(JSONWriter.format(earliest)) s)"
            }
            if !(t <= latest) {
                return "\(name) is \(JSONWriter.format(t)), after the session's time line (to \(JSONWriter.format(latest)) s)"
            }
            return nil
        }
        if let packed = packedFrames {
            if let first = packed.times.first, let problem = outside("frames[0].t", first) { return problem }
            if let last = packed.times.last, let problem = outside("frames[\(packed.count - 1)].t", last) { return problem }
        }
        if let first = trace.frames.first, let problem = outside("frames[0].t", first.t) { return problem }
        if let last = trace.frames.last, let problem = outside("frames[\(last.index)].t", last.t) { return problem }
        return outside("outcome.t", trace.outcome.t)
    }
}
