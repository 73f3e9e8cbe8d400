import Foundation
import ReelJSON

/// One measured figure of `reel bench`: a value with its unit and, when there is one, its goal.
struct BenchFigure {
    /// What the figure must satisfy.
    enum Goal {
        case none
        /// The value must stay below this.
        case below(Double)
        /// The value must be at most this.
        case atMost(Double)
        /// `ratio` (value over a reference measured in the same run) must be at least this.
        case ratioAtLeast(Double, of: String)
        /// `ratio` (value at the large size over the small size) must be at most this.
        case flat(Double)
    }

    /// A stable machine name, e.g. "store.insert".
    var id: String
    var label: String
    var value: Double
    var unit: String
    var goal: Goal = .none
    var ratio: Double? = nil

    var goalText: String {
        switch goal {
        case .none: ""
        case .below(let limit): "< \(limit.formatted()) \(unit)"
        case .atMost(let limit): "<= \(limit.formatted()) \(unit)"
        case .ratioAtLeast(let limit, let reference): ">= \(limit.formatted())x \(reference)"
        case .flat(let limit): "flat (<= \(limit.formatted())x)"
        }
    }

    /// Whether the goal is met; nil when there is none.
    var met: Bool? {
        switch goal {
        case .none: nil
        case .below(let limit): value < limit
        case .atMost(let limit): value <= limit
        case .ratioAtLeast(let limit, _): ratio.map { $0 >= limit }
        case .flat(let limit): ratio.map { $0 <= limit }
        }
    }

    /// `{"id":...,"figure":...,"value":...,"unit":...,"goal":...,"ratio":...,"met":...}`: one of `reel bench --json`'s figures.
    func write(to w: inout JSONWriter) {
        w.object { members in
            members.member("id", id)
            members.member("figure", label)
            members.member("value", value)
            members.member("unit", unit)
            if case .none = goal { members.nullMember("goal") } else { members.member("goal", goalText) }
            members.member("ratio", ratio)
            members.member("met", met)
        }
    }

    /// Three significant digits, grouped thousands for large values.
    static func format(_ value: Double) -> String {
        let magnitude = abs(value)
        if magnitude >= 1000 { return Int(value.rounded()).formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US"))) }
        if magnitude >= 100 { return String(format: "%.0f", value) }
        if magnitude >= 10 { return String(format: "%.1f", value) }
        return String(format: "%.2f", value)
    }
}

/// The figures of one `reel bench` run with where and when they were measured.
struct BenchReport {
    var date: String
    var quick: Bool
    var cores: Int
    var memoryBytes: UInt64
    var loadBefore: [Double]
    var loadAfter: [Double]
    var figures: [BenchFigure]

    /// The table `reel bench` prints: figure, value, unit, goal, ratio, met.
    var table: String {
        let header = ["figure", "value", "unit", "goal", "ratio", "met"]
        let rows = figures.map { f in
            [
                f.label, BenchFigure.format(f.value), f.unit, f.goalText, f.ratio.map { String(format: "%.2fx", $0) } ?? "",
                f.met.map { $0 ? "yes" : "NO" } ?? "",
            ]
        }
        let widths = header.indices.map { column in max(header[column].count, rows.map { $0[column].count }.max() ?? 0) }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).enumerated().map { column, pair in
                // Values and ratios right-aligned, text left-aligned.
                column == 1 || column == 4
                    ? String(repeating: " ", count: pair.1 - pair.0.count) + pair.0
                    : pair.0.padding(toLength: pair.1, withPad: " ", startingAt: 0)
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        let machine =
            "\(date), \(cores) cores, \(memoryBytes >> 30) GiB, load average \(loadText(loadBefore)) before, "
            + "\(loadText(loadAfter)) after\(quick ? ", --quick sizes" : "")"
        return ([machine, "", line(header), line(widths.map { String(repeating: "-", count: $0) })] + rows.map(line))
            .joined(separator: "\n")
    }

    /// The same as one JSON object: date, machine, and `figures` (id, figure, value, unit, goal,
    /// ratio, met; ratio and met null where there is none).
    var json: String {
        var w = JSONWriter()
        w.object { members in
            members.member("format", JSONOutput.bench.format)
            members.member("date", date)
            members.member("quick", quick)
            members.member("machine") { w in
                w.object { members in
                    members.member("cores", cores)
                    members.member("memory_bytes", Int(memoryBytes))
                    members.member("load_before") { $0.array(loadBefore) { $0.number($1) } }
                    members.member("load_after") { $0.array(loadAfter) { $0.number($1) } }
                }
            }
            members.member("figures") { $0.array(figures, onePerLine: true) { $1.write(to: &$0) } }
        }
        return w.text
    }

    private func loadText(_ load: [Double]) -> String {
        load.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}
