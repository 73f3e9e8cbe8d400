/// A QR code drawn with Unicode half blocks, two module rows per text line, for a terminal with a
/// dark background (as `qrencode -t UTF8` draws it): light modules and the 4-module quiet zone are
/// drawn (the glyphs' foreground), dark modules left as background.
package enum TerminalQR {
    package static let quietZone = 4

    package static func text(_ code: QRCode) -> String {
        let size = code.size + 2 * quietZone
        func light(_ x: Int, _ y: Int) -> Bool {
            let mx = x - quietZone
            let my = y - quietZone
            guard (0..<code.size).contains(mx), (0..<code.size).contains(my) else { return true }
            return !code.modules[my][mx]
        }
        var out = ""
        for y in stride(from: 0, to: size, by: 2) {
            for x in 0..<size {
                let top = light(x, y)
                let bottom = y + 1 < size ? light(x, y + 1) : false
                out += top ? (bottom ? "█" : "▀") : (bottom ? "▄" : " ")
            }
            out += "\n"
        }
        return out
    }
}
