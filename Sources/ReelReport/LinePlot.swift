/// An SVG line chart of a few series over a shared x axis (time), with an optional marked x.
package struct LinePlot: Sendable {
    /// A named line; `role` picks its CSS class (colour and dashes) and its legend swatch.
    package struct Series: Sendable {
        package enum Role: String, Sendable { case recorded, replayed }
        package var name: String
        package var role: Role
        package var points: [PlotPoint]

        package init(name: String, role: Role, points: [PlotPoint]) {
            self.name = name
            self.role = role
            self.points = points
        }
    }

    package var title: String
    package var xLabel: String
    package var yLabel: String
    package var series: [Series]
    /// A vertical line at this x with a label (the first divergent frame).
    package var marker: (x: Double, label: String)?

    package init(title: String, xLabel: String, yLabel: String, series: [Series], marker: (x: Double, label: String)? = nil) {
        self.title = title
        self.xLabel = xLabel
        self.yLabel = yLabel
        self.series = series
        self.marker = marker
    }

    static let width = 520.0, height = 260.0

    /// The chart as one `<svg>` element.
    package var svg: HTMLMarkup {
        let all = series.flatMap(\.points)
        // Non-finite values have no place on an axis (and would give it no range): left out.
        let xs = (all.map(\.x) + (marker.map { [$0.x] } ?? [])).filter(\.isFinite)
        let ys = all.map(\.y).filter(\.isFinite)
        let axes = PlotAxes(
            left: 58, top: 42, width: Self.width - 58 - 14, height: Self.height - 42 - 44,
            x: (xs.min() ?? 0)...(xs.max() ?? 1), y: (ys.min() ?? 0)...(ys.max() ?? 1))
        var out: HTMLMarkup = "<svg class=\"plot\" width=\"\(Int(Self.width))\" height=\"\(Int(Self.height))\""
        out += " viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" aria-label=\"\(title)\">\n"
        out += "<text x=\"8\" y=\"14\" class=\"title\">\(title)</text>\n"
        out += axes.svg(xLabel: xLabel, yLabel: yLabel)
        if let marker {
            let x = NumberText.coordinate(axes.px(marker.x))
            out +=
                "<line x1=\"\(x)\" y1=\"\(NumberText.coordinate(axes.top))\" x2=\"\(x)\" y2=\"\(NumberText.coordinate(axes.top + axes.height))\" class=\"marker\"/>"
            out +=
                "<text x=\"\(NumberText.coordinate(axes.px(marker.x) + 3))\" y=\"\(NumberText.coordinate(axes.top + axes.height - 4))\" class=\"tick\">\(marker.label)</text>\n"
        }
        for line in series where !line.points.isEmpty {
            let points = line.points.map { "\(NumberText.coordinate(axes.px($0.x))),\(NumberText.coordinate(axes.py($0.y)))" }
            out += "<polyline class=\"\(line.role.rawValue)\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        var legendX = Self.width - 14
        for line in series.reversed() {
            legendX -= Double(line.name.count) * 6.2 + 30
            let x = NumberText.coordinate(legendX)
            out += "<line x1=\"\(x)\" y1=\"26\" x2=\"\(NumberText.coordinate(legendX + 20))\" y2=\"26\" class=\"\(line.role.rawValue)\"/>"
            out += "<text x=\"\(NumberText.coordinate(legendX + 24))\" y=\"30\" class=\"tick\">\(line.name)</text>\n"
        }
        return out + "</svg>\n"
    }
}

/// One data point of a plot.
package struct PlotPoint: Sendable, Hashable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
