/// The report's review bar: a flips-only view and filters by scenario, divergence kind and
/// recording engine over the flipped-sessions table, the session players and the decision maps.
///
/// Each filtered element carries its facets as `data-` attributes (`attributes(...)`); the bar's
/// script (`script`, part of the page's one inline script) hides the elements that do not match
/// and keeps the choice in the URL, so a link reopens the same view: `report.html#flips`,
/// `#scenario=nav.interactive-pop&kind=frame`, `#flips&engine=builtin%201.0` (values
/// percent-encoded). A facet an element does not carry does not hide it (a map has no kind).
/// Without script the bar stays hidden and the page shows everything.
enum ReviewFilters {
    /// The bar, listing the scenarios, kinds and engines the page's elements carry.
    static func nav(_ model: ReportModel) -> HTMLMarkup {
        let scenarios = Set(model.flips.map(\.scenario)).union(model.sessionPlots.map(\.scenario))
            .union(model.decisionMaps.map(\.scenario)).sorted()
        let kinds = Set(model.facets.values.flatMap(\.kinds)).sorted()
        let engines = Set(model.facets.values.map(\.engine)).sorted()
        func select(_ facet: HTMLMarkup, _ label: HTMLMarkup, _ values: [String]) -> HTMLMarkup {
            let options = values.map { value -> HTMLMarkup in "<option value=\"\(value)\">\(value)</option>" }
            return "<label>\(label) <select class=\"filter\" data-facet=\"\(facet)\"><option value=\"\">all</option>"
                + "\(options.joined())</select></label>\n"
        }
        var out: HTMLMarkup = "<nav id=\"review\" class=\"filters\" hidden=\"hidden\">\n"
        out += "<label><input type=\"checkbox\" class=\"flips-only\"/> flips only</label>\n"
        out += select("scenario", "scenario", scenarios) + select("kind", "kind", kinds) + select("engine", "recorded by", engines)
        out += "<output class=\"filter-count\"></output>\n</nav>\n"
        return out
    }

    /// The `data-` facets of a session's element (a player, a flipped-table row).
    static func attributes(sessionID: Int64, scenario: String, flipped: Bool, facet: ReportModel.Facet?) -> HTMLMarkup {
        var out: HTMLMarkup = " data-filter=\"session\" data-scenario=\"\(scenario)\" data-flipped=\"\(flipped ? 1 : 0)\""
        if let facet {
            out += " data-kinds=\"\(facet.kinds.joined(separator: " "))\" data-engine=\"\(facet.engine)\""
        }
        return out
    }

    /// The `data-` facets of a scenario's decision map: its scenario and how many flips it places.
    static func mapAttributes(scenario: String, flips: Int) -> HTMLMarkup {
        " data-filter=\"map\" data-scenario=\"\(scenario)\" data-flips=\"\(flips)\""
    }

    /// The bar's script (Resources/review-filters.js), the package's own text.
    static let script = HTMLMarkup.trusted(PlayerScript.scriptText(PackageResources.review_filters_js))
}
