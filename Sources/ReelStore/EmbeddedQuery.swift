/// One saved query as the build carries it (generated from Queries/NAME.sql), with what its header
/// comment documents.
///
/// A query file starts with a block of `--` comment lines: the first is the one-line summary, the
/// lines after `Parameters:` name each `:parameter` and its default, the rest describe what the
/// query answers. The SQL after the block is one statement that any SQLite client can run; an
/// unbound parameter is NULL, which every saved query treats as "the default".
package struct EmbeddedQuery: Sendable, Hashable {
    /// One `:name` the query takes.
    package struct Parameter: Sendable, Hashable {
        /// The name without its colon.
        package let name: String
        /// What it means and its default, as documented.
        package let meaning: String
    }

    /// The file name without `.sql`.
    package let name: String
    /// The file's text, verbatim.
    package let sql: String

    package init(name: String, sql: String) {
        self.name = name
        self.sql = sql
    }

    /// The header comment's lines without their `--` (blank comment lines kept as "").
    private var headerLines: [String] {
        var lines: [String] = []
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("--") else { break }
            lines.append(String(line.dropFirst(2)).trimmingSpaces)
        }
        return lines
    }

    /// The first line of the header.
    package var summary: String { headerLines.first ?? "" }

    /// The header between the summary and `Parameters:`, joined into one paragraph.
    package var description: String {
        headerLines.dropFirst().prefix { $0 != "Parameters:" }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The parameters listed after `Parameters:`, in order.
    package var parameters: [Parameter] {
        headerLines.drop { $0 != "Parameters:" }.dropFirst().compactMap { line in
            guard line.hasPrefix(":"), let space = line.firstIndex(of: " ") else { return nil }
            return Parameter(
                name: String(line[line.index(after: line.startIndex)..<space]),
                meaning: String(line[space...]).trimmingSpaces)
        }
    }
}

extension EmbeddedQuery {
    /// Every saved query of this build, by name.
    package static var all: [EmbeddedQuery] { embeddedQueries }

    /// The saved query called `name`, nil when there is none.
    package static func named(_ name: String) -> EmbeddedQuery? { all.first { $0.name == name } }
}

extension StringProtocol {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
