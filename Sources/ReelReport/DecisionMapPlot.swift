import ReelEngine

/// An SVG decision map of one interactive scenario: every session's release (progress on x,
/// velocity on y) marked finished or cancelled, once as the recording engine decided (left panel)
/// and once as the candidate decided (right panel). Grid cells holding a session whose decision
/// flipped are shaded in both panels, which makes the moved boundary visible. A session whose
/// touches the system cancelled was not released, so it gets its own open mark (a square around
/// its decision's mark) at the place the gesture stood when it was cancelled.
package struct DecisionMapPlot: Sendable {
    package var title: String
    package var recordedLabel: String
    package var candidateLabel: String
    package var points: [DecisionPoint]
    /// Each engine's release rule, drawn as its decision boundary in both panels (nil: no line).
    package var recordedRule: ReleaseRule?
    package var candidateRule: ReleaseRule?
    /// Whether the map's velocity is the one the engine decides by (false for pinches, whose map
    /// shows the fingers' closing speed): velocity-dependent boundaries are drawn only then.
    package var velocityIsEngines = true
    /// Sessions with a player on the page: their marks link to it.
    package var linkedSessions: Set<Int64> = []

    package init(title: String, recordedLabel: String, candidateLabel: String, points: [DecisionPoint]) {
        self.title = title
        self.recordedLabel = recordedLabel
        self.candidateLabel = candidateLabel
        // Only finite releases are plotted: a NaN or infinite progress or velocity (fingers a hostile
        // stream put at 1e300) has no place on an axis, and would give the axes no range.
        self.points = points.filter { $0.progress.isFinite && $0.velocity.isFinite }
    }

    static let width = 860.0, height = 320.0
    /// Columns and rows of the grid whose cells are shaded where decisions differ.
    static let columns = 20, rows = 12

    /// The map as one `<svg>` element.
    package var svg: HTMLMarkup {
        let velocities = points.map(\.velocity)
        let panelWidth = (Self.width - 2 * 64 - 24 - 16) / 2
        let y = (velocities.min() ?? -1)...(velocities.max() ?? 1)
        let panels = [
            (recordedLabel, PlotAxes(left: 64, top: 44, width: panelWidth, height: Self.height - 44 - 46, x: 0...1, y: y)),
            (
                candidateLabel,
                PlotAxes(left: 64 + panelWidth + 24 + 64, top: 44, width: panelWidth, height: Self.height - 44 - 46, x: 0...1, y: y)
            ),
        ]
        var out: HTMLMarkup = "<svg class=\"plot\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\""
        out += " viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-label=\"\(title)\">\n"
        out += "<text x=\"8\" y=\"14\" class=\"title\">\(title)</text>\n"
        out += legend(x: Self.width - 330)
        for (index, (label, axes)) in panels.enumerated() {
            out += "<text x=\"\(c(axes.left))\" y=\"38\" class=\"panel\">\(label)</text>\n"
            out += flippedCells(axes)
            out += axes.svg(xLabel: "release progress", yLabel: "release velocity (pt/s)")
            for (role, boundary) in boundaries(axes.yRange) { out += line(boundary, role: role, axes) }
            for point in points {
                guard let finished = index == 0 ? point.recordedFinished : point.candidateFinished else { continue }
                let drawn = mark(
                    finished: finished, touchCancelled: point.touchCancelled, x: axes.px(point.progress),
                    y: axes.py(point.velocity))
                let tip: HTMLMarkup = "<title>\(Self.tooltip(point))</title>"
                out +=
                    linkedSessions.contains(point.sessionID)
                    ? "<a href=\"#session-\(point.sessionID)\" class=\"point\" data-session=\"\(point.sessionID)\">\(tip)\(drawn)</a>\n"
                    : "<g class=\"point\" data-session=\"\(point.sessionID)\">\(tip)\(drawn)</g>\n"
            }
        }
        return out + "</svg>\n"
    }

    /// What a point's tooltip says: the session, its release, both decisions.
    static func tooltip(_ point: DecisionPoint) -> String {
        func decision(_ finished: Bool?) -> String { finished.map { $0 ? "finished" : "cancelled" } ?? "failed" }
        return "session \(point.sessionID): release progress \(point.progressText ?? NumberText.fixed(point.progress, .progress)), "
            + "velocity \(NumberText.measure(point.velocity, .pointsPerSecond)); recorded \(decision(point.recordedFinished)), "
            + "replayed \(decision(point.candidateFinished))" + (point.flipped ? " (flipped)" : "")
            + (point.touchCancelled ? "; touches cancelled by the system" : "")
            + point.decisionLines.map { "\n" + $0 }.joined()
    }

    /// The engines' boundaries over the velocity range shown.
    func boundaries(_ velocities: ClosedRange<Double>) -> [(LinePlot.Series.Role, DecisionBoundary)] {
        [(LinePlot.Series.Role.recorded, recordedRule), (.replayed, candidateRule)].compactMap { role, rule in
            rule.flatMap { DecisionBoundary($0, velocities: velocities, velocityIsEngines: velocityIsEngines) }.map { (role, $0) }
        }
    }

    private func line(_ boundary: DecisionBoundary, role: LinePlot.Series.Role, _ axes: PlotAxes) -> HTMLMarkup {
        let who: HTMLMarkup = role == .recorded ? "recording engine" : "candidate"
        return boundary.segments.map { s -> HTMLMarkup in
            "<line x1=\"\(c(axes.px(s.x0)))\" y1=\"\(c(axes.py(s.y0)))\" x2=\"\(c(axes.px(s.x1)))\" y2=\"\(c(axes.py(s.y1)))\""
                + " class=\"boundary \(role.rawValue)\"><title>\(who): \(boundary.rule)</title></line>\n"
        }.joined()
    }

    /// The grid cells (over the axes' ranges) that hold at least one flipped session.
    func flippedCellIndices(xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) -> Set<[Int]> {
        var cells = Set<[Int]>()
        for point in points where point.flipped {
            cells.insert([
                Self.bin(point.progress, xRange, Self.columns), Self.bin(point.velocity, yRange, Self.rows),
            ])
        }
        return cells
    }

    private func flippedCells(_ axes: PlotAxes) -> HTMLMarkup {
        let cellWidth = (axes.xRange.upperBound - axes.xRange.lowerBound) / Double(Self.columns)
        let cellHeight = (axes.yRange.upperBound - axes.yRange.lowerBound) / Double(Self.rows)
        let cells = flippedCellIndices(xRange: axes.xRange, yRange: axes.yRange).sorted { $0.lexicographicallyPrecedes($1) }
        return cells.map { cell -> HTMLMarkup in
            let x0 = axes.xRange.lowerBound + Double(cell[0]) * cellWidth
            let y1 = axes.yRange.lowerBound + Double(cell[1] + 1) * cellHeight
            return "<rect x=\"\(c(axes.px(x0)))\" y=\"\(c(axes.py(y1)))\" width=\"\(c(axes.width / Double(Self.columns)))\""
                + " height=\"\(c(axes.height / Double(Self.rows)))\" class=\"flip\"/>\n"
        }.joined()
    }

    private static func bin(_ value: Double, _ range: ClosedRange<Double>, _ count: Int) -> Int {
        let fraction = PlotAxes.fraction(value, of: range)
        guard fraction.isFinite else { return 0 }
        return min(max(Int(min(max(fraction * Double(count), -1), Double(count))), 0), count - 1)
    }

    /// A filled circle for finished, a cross for cancelled (told apart without colour too), inside
    /// an open square when the system cancelled the touches.
    private func mark(finished: Bool, touchCancelled: Bool = false, x: Double, y: Double) -> HTMLMarkup {
        let square: HTMLMarkup =
            touchCancelled
            ? "<rect x=\"\(c(x - 4.5))\" y=\"\(c(y - 4.5))\" width=\"9\" height=\"9\" class=\"touch-cancelled\"/>" : ""
        if finished { return square + "<circle cx=\"\(c(x))\" cy=\"\(c(y))\" r=\"2.6\" class=\"finished\"/>" }
        return square
            + "<path d=\"M\(c(x - 2.5)) \(c(y - 2.5))L\(c(x + 2.5)) \(c(y + 2.5))M\(c(x - 2.5)) \(c(y + 2.5))L\(c(x + 2.5)) \(c(y - 2.5))\" class=\"cancelled\"/>"
    }

    private func legend(x: Double) -> HTMLMarkup {
        var out = mark(finished: true, x: x, y: 11) + "<text x=\"\(c(x + 7))\" y=\"15\" class=\"tick\">finished</text>"
        out += mark(finished: false, x: x + 70, y: 11) + "<text x=\"\(c(x + 77))\" y=\"15\" class=\"tick\">cancelled</text>"
        if points.contains(where: \.touchCancelled) {
            out += mark(finished: false, touchCancelled: true, x: x - 150, y: 11)
            out += "<text x=\"\(c(x - 141))\" y=\"15\" class=\"tick\">touches cancelled</text>"
        }
        out += "<rect x=\"\(c(x + 145))\" y=\"5\" width=\"12\" height=\"12\" class=\"flip\"/>"
        out += "<text x=\"\(c(x + 162))\" y=\"15\" class=\"tick\">cell with a flipped decision</text>\n"
        return out
    }

    private func c(_ value: Double) -> String { NumberText.coordinate(value) }
}

/// Where and how one interactive session was released, and what each engine decided.
package struct DecisionPoint: Sendable, Hashable {
    package var sessionID: Int64
    /// The last progress the gesture fed the transition.
    package var progress: Double
    /// The finger's velocity at release along the scenario's finishing direction, points per second.
    package var velocity: Double
    package var recordedFinished: Bool
    /// Nil when the candidate failed on the session.
    package var candidateFinished: Bool?
    /// The system cancelled the touches (phase `cancelled`) instead of the finger lifting: the
    /// point is where the gesture stood then, not a release.
    package var touchCancelled: Bool
    /// Both engines' decision arithmetic ("recorded: ...", "replayed: ..."), shown on hover; filled
    /// for flipped sessions.
    package var decisionLines: [String] = []
    /// The release progress as the lists print it, with the threshold it was compared with
    /// (`ComparedProgress`); filled with `decisionLines`.
    package var progressText: String?

    package init(
        sessionID: Int64, progress: Double, velocity: Double, recordedFinished: Bool, candidateFinished: Bool?,
        touchCancelled: Bool = false
    ) {
        self.sessionID = sessionID
        self.progress = progress
        self.velocity = velocity
        self.recordedFinished = recordedFinished
        self.candidateFinished = candidateFinished
        self.touchCancelled = touchCancelled
    }

    /// Both decisions known and different.
    package var flipped: Bool { candidateFinished.map { $0 != recordedFinished } ?? false }
}
