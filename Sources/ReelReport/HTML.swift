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
    package static func table(header: [String], rows: [[String]], numericColumns: Set<Int> = []) -> HTMLMarkup {
        func cells(_ texts: [String], header: Bool) -> HTMLMarkup {
            texts.enumerated().map { column, text -> HTMLMarkup in
                switch (header, numericColumns.contains(column)) {
                case (true, true): "<th class=\"num\">\(text)</th>"
                case (true, false): "<th>\(text)</th>"
                case (false, true): "<td class=\"num\">\(text)</td>"
                case (false, false): "<td>\(text)</td>"
                }
            }.joined()
        }
        var out: HTMLMarkup = "<table>\n<thead><tr>\(cells(header, header: true))</tr></thead>\n<tbody>\n"
        for row in rows { out += "<tr>\(cells(row, header: false))</tr>\n" }
        return out + "</tbody>\n</table>\n"
    }
}
