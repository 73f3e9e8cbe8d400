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
