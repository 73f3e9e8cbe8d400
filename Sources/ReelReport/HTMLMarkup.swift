/// A piece of the report's HTML (or of its inline SVG), escaping by construction: what is written
/// in the code is markup, what is interpolated is text.
///
/// A literal is markup as written (`"<p class=\"note\">"`): the code's own text, never an
/// archive's. An interpolated `String` is escaped (`HTML.escape`), an integer written in decimal,
/// another `HTMLMarkup` put in as it is. No other value interpolates (a `Double` must be formatted
/// by `NumberText` first), so a stored scenario name, tag, engine name or note can reach the page
/// only as escaped text. Markup made outside this type goes through `trusted(_:)`, the one audited
/// entry (the page's style and scripts, the players' JSON).
///
/// ```swift
/// let scenario = "<script>alert(1)</script>"
/// let cell: HTMLMarkup = "<td class=\"name\">\(scenario)</td>"
/// cell.html  // <td class="name">&lt;script&gt;alert(1)&lt;/script&gt;</td>
/// ```
package struct HTMLMarkup: Sendable, Hashable, ExpressibleByStringInterpolation {
    /// The markup's text.
    package private(set) var html: String

    private init(built html: String) { self.html = html }

    /// Nothing.
    package static let empty = HTMLMarkup(built: "")

    /// Markup as written in the code.
    package init(stringLiteral literal: StaticString) {
        html = literal.description
    }

    package init(stringInterpolation: StringInterpolation) {
        html = stringInterpolation.html
    }

    /// The one way to take a `String` as markup, unescaped: only for text this package writes as
    /// markup itself (the style sheet, the scripts, the players' JSON, whose `<` is escaped by
    /// `PlayerJSON`), never for a value read from an archive, an engine or a user. Its uses are
    /// listed in HTMLMarkupTests, which fails when one is added without being looked at.
    package static func trusted(_ html: String) -> HTMLMarkup {
        HTMLMarkup(built: html)
    }

    /// The escaped text `text`.
    package static func text(_ text: String) -> HTMLMarkup {
        HTMLMarkup(built: HTML.escape(text))
    }

    package static func += (lhs: inout HTMLMarkup, rhs: HTMLMarkup) {
        lhs.html += rhs.html
    }

    package static func + (lhs: HTMLMarkup, rhs: HTMLMarkup) -> HTMLMarkup {
        HTMLMarkup(built: lhs.html + rhs.html)
    }

    package var isEmpty: Bool { html.isEmpty }

    /// Literals as markup, `String`s escaped, integers in decimal, markup as it is.
    package struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var html = ""

        package init(literalCapacity: Int, interpolationCount: Int) {
            html.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        package mutating func appendLiteral(_ literal: StaticString) {
            html += literal.description
        }

        package mutating func appendInterpolation(_ text: String) {
            html += HTML.escape(text)
        }

        package mutating func appendInterpolation<Integer: BinaryInteger>(_ number: Integer) {
            html += String(number)
        }

        package mutating func appendInterpolation(_ markup: HTMLMarkup) {
            html += markup.html
        }
    }
}

extension Sequence<HTMLMarkup> {
    /// The pieces one after the other, `separator` between them.
    package func joined(separator: HTMLMarkup = .empty) -> HTMLMarkup {
        var out = HTMLMarkup.empty
        for (index, piece) in enumerated() {
            if index > 0 { out += separator }
            out += piece
        }
        return out
    }
}
