/// Text made safe for HTML and SVG (XML) content and attribute values.
package enum HTML {
    /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
    package static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }

    /// A `<table>` with a header row; every cell is escaped. Cells of columns listed in
    /// `numericColumns` are right-aligned.
    package static func table(header: [String], rows: [[String]], numericColumns: Set<Int> = []) -> String {
        func cell(_ tag: String, _ text: String, _ column: Int) -> String {
            let alignment = numericColumns.contains(column) ? " class=\"num\"" : ""
            return "<\(tag)\(alignment)>\(escape(text))</\(tag)>"
        }
        var out = "<table>\n<thead><tr>"
        out += header.enumerated().map { cell("th", $1, $0) }.joined()
        out += "</tr></thead>\n<tbody>\n"
        for row in rows {
            out += "<tr>" + row.enumerated().map { cell("td", $1, $0) }.joined() + "</tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }
}
