import ReelTrace

extension ViewProperty {
    /// The property of view `key` in each frame of `trace` that has the view, over time.
    func series(view key: String, in trace: Trace) -> [PlotPoint] {
        trace.frames.compactMap { frame in
            frame.views.first { $0.key == key }.map { PlotPoint(x: frame.t, y: value(of: $0)) }
        }
    }
}
