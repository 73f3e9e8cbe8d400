import Foundation

/// Short decimal texts for axis ticks, SVG coordinates and table cells.
enum NumberText {
    /// At most `digits` significant digits, no exponent for ordinary magnitudes, no trailing zeros.
    static func short(_ value: Double, digits: Int = 4) -> String {
        guard value.isFinite else { return "–" }
        if value == 0 { return "0" }
        var text = String(format: "%.\(digits)g", value)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// An SVG coordinate: two decimals, which is a hundredth of a pixel.
    static func coordinate(_ value: Double) -> String {
        short((value * 100).rounded() / 100, digits: 8)
    }
}

/// The units the report prints numbers in, each with its one fixed precision, so a column or a
/// tooltip never mixes 0.5 with 0.4999: points to 0.1 pt, velocities to 1 pt/s, milliseconds to
/// 0.1 ms, seconds to 1 ms, progress to 0.001.
enum NumberUnit {
    case points, pointsPerSecond, milliseconds, seconds, progress

    /// Decimals after the point.
    var decimals: Int {
        switch self {
        case .points, .milliseconds: 1
        case .pointsPerSecond: 0
        case .seconds, .progress: 3
        }
    }

    /// The unit's symbol, empty for progress (a fraction).
    var symbol: String {
        switch self {
        case .points: "pt"
        case .pointsPerSecond: "pt/s"
        case .milliseconds: "ms"
        case .seconds: "s"
        case .progress: ""
        }
    }
}

extension NumberText {
    /// `value` to its unit's fixed precision (`NumberUnit.decimals`), without the unit: `0.412`,
    /// `-103`; "–" when not finite. Negative zero prints as 0.
    static func fixed(_ value: Double, _ unit: NumberUnit) -> String {
        guard value.isFinite else { return "–" }
        let text = String(format: "%.\(unit.decimals)f", value)
        let zero = String(format: "%.\(unit.decimals)f", 0.0)
        return text == "-" + zero ? zero : text
    }

    /// `value` to its unit's fixed precision with the unit: `12.345 s`, `103 pt/s`, `0.412`.
    static func measure(_ value: Double, _ unit: NumberUnit) -> String {
        unit.symbol.isEmpty ? fixed(value, unit) : fixed(value, unit) + " " + unit.symbol
    }
}
