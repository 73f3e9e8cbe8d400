/// A rectangle of an SVG that shows data ranges: maps data to pixels and draws the axes, ticks,
/// grid lines and labels.
struct PlotAxes {
    /// The plotting area, pixels.
    var left: Double, top: Double, width: Double, height: Double
    /// The data ranges shown; never empty.
    var xRange: ClosedRange<Double>, yRange: ClosedRange<Double>

    /// Ranges widened to whole ticks; a range of one value is widened around it.
    init(left: Double, top: Double, width: Double, height: Double, x: ClosedRange<Double>, y: ClosedRange<Double>) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        xRange = Self.widened(x)
        yRange = Self.widened(y)
    }

    func px(_ x: Double) -> Double { left + Self.fraction(x, of: xRange) * width }
    func py(_ y: Double) -> Double { top + height - Self.fraction(y, of: yRange) * height }

    /// Where `value` lies in `range`, 0 at its lower bound and 1 at its upper one. Computed on halves,
    /// which is exact for every range a plot gets and keeps the difference of two finite values
    /// finite (1e308 - -1e308 overflows; 5e307 - -5e307 does not).
    static func fraction(_ value: Double, of range: ClosedRange<Double>) -> Double {
        (value / 2 - range.lowerBound / 2) / (range.upperBound / 2 - range.lowerBound / 2)
    }

    /// The width of `range`, the largest finite value where the difference overflows.
    private static func span(_ range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        return span.isFinite ? span : .greatestFiniteMagnitude
    }

    /// The most ticks an axis draws: a range that would need more (none does that `widened` made)
    /// gets none rather than a loop over millions of values.
    static let maximumTicks = 50

    /// Frame, grid lines, tick labels and axis titles.
    func svg(xLabel: String, yLabel: String) -> HTMLMarkup {
        var out: HTMLMarkup = "<rect x=\"\(c(left))\" y=\"\(c(top))\" width=\"\(c(width))\" height=\"\(c(height))\" class=\"frame\"/>\n"
        for tick in Self.ticks(xRange) {
            let x = c(px(tick))
            out += "<line x1=\"\(x)\" y1=\"\(c(top))\" x2=\"\(x)\" y2=\"\(c(top + height))\" class=\"grid\"/>"
            out += "<text x=\"\(x)\" y=\"\(c(top + height + 14))\" class=\"tick\" text-anchor=\"middle\">\(NumberText.short(tick))</text>\n"
        }
        for tick in Self.ticks(yRange) {
            let y = c(py(tick))
            out += "<line x1=\"\(c(left))\" y1=\"\(y)\" x2=\"\(c(left + width))\" y2=\"\(y)\" class=\"grid\"/>"
            out +=
                "<text x=\"\(c(left - 4))\" y=\"\(c(py(tick) + 4))\" class=\"tick\" text-anchor=\"end\">\(NumberText.short(tick))</text>\n"
        }
        out +=
            "<text x=\"\(c(left + width / 2))\" y=\"\(c(top + height + 30))\" class=\"axis\" text-anchor=\"middle\">\(xLabel)</text>\n"
        let yMiddle = c(top + height / 2)
        out +=
            "<text x=\"\(c(left - 40))\" y=\"\(yMiddle)\" class=\"axis\" text-anchor=\"middle\" transform=\"rotate(-90 \(c(left - 40)) \(yMiddle))\">\(yLabel)</text>\n"
        return out
    }

    /// Tick values at a 1, 2 or 5 × 10^k step, about five across the range.
    static func ticks(_ range: ClosedRange<Double>) -> [Double] {
        let step = niceStep(span(range))
        let first = (range.lowerBound / step).rounded(.up)
        let last = (range.upperBound / step).rounded(.down)
        guard last >= first, last - first <= Double(maximumTicks) else { return [] }
        return stride(from: first, through: last, by: 1).map { $0 * step }
    }

    static func niceStep(_ span: Double) -> Double {
        let raw = span / 5
        let magnitude = pow10((raw).magnitudeExponent)
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw { return factor * magnitude }
        return 10 * magnitude
    }

    /// `range` extended outwards to whole ticks; a zero-width range becomes ±1 (or ±10 %) around it.
    /// The bounds stay finite: a non-finite range (which no caller should pass) becomes 0...1.
    static func widened(_ range: ClosedRange<Double>) -> ClosedRange<Double> {
        guard range.lowerBound.isFinite, range.upperBound.isFinite else { return 0...1 }
        var low = range.lowerBound
        var high = range.upperBound
        if !(high > low) {
            let pad = low == 0 ? 1 : abs(low) * 0.1
            low -= pad
            high += pad
        }
        let step = niceStep(span(low...high))
        let largest = Double.greatestFiniteMagnitude
        return max((low / step).rounded(.down) * step, -largest)...min((high / step).rounded(.up) * step, largest)
    }

    private static func pow10(_ exponent: Int) -> Double {
        var value = 1.0
        if exponent >= 0 { for _ in 0..<exponent { value *= 10 } } else { for _ in 0 ..< -exponent { value /= 10 } }
        return value
    }

    private func c(_ value: Double) -> String { NumberText.coordinate(value) }
}

extension Double {
    /// floor(log10(|self|)) for a positive finite value.
    fileprivate var magnitudeExponent: Int {
        var exponent = 0
        var value = abs(self)
        guard value > 0, value.isFinite else { return 0 }
        while value >= 10 {
            value /= 10
            exponent += 1
        }
        while value < 1 {
            value *= 10
            exponent -= 1
        }
        return exponent
    }
}
