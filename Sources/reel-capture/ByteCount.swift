/// A number of bytes as written on the command line: digits with an optional binary unit, `K`,
/// `M`, `G` or `T` (powers of 1024, optionally followed by `iB` or `B`, any case).
///
/// ```swift
/// ByteCount.parse("512M")  // 536_870_912
/// ByteCount.parse("2GiB")  // 2_147_483_648
/// ByteCount.parse("1e3")   // nil
/// ```
enum ByteCount {
    static func parse(_ text: String) -> Int64? {
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, let value = Int64(digits) else { return nil }
        let unit = text.dropFirst(digits.count).uppercased()
        let shift: Int64
        switch unit {
        case "", "B": shift = 0
        case "K", "KB", "KIB": shift = 10
        case "M", "MB", "MIB": shift = 20
        case "G", "GB", "GIB": shift = 30
        case "T", "TB", "TIB": shift = 40
        default: return nil
        }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: 1 << shift)
        return overflow ? nil : bytes
    }
}
