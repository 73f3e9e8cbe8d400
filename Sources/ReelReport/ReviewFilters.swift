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
    static func nav(_ model: ReportModel) -> String {
        let e = HTML.escape
        let scenarios = Set(model.flips.map(\.scenario)).union(model.sessionPlots.map(\.scenario))
            .union(model.decisionMaps.map(\.scenario)).sorted()
        let kinds = Set(model.facets.values.flatMap(\.kinds)).sorted()
        let engines = Set(model.facets.values.map(\.engine)).sorted()
        func select(_ facet: String, _ label: String, _ values: [String]) -> String {
            "<label>\(label) <select class=\"filter\" data-facet=\"\(facet)\"><option value=\"\">all</option>"
                + values.map { "<option value=\"\(e($0))\">\(e($0))</option>" }.joined() + "</select></label>\n"
        }
        var out = "<nav id=\"review\" class=\"filters\" hidden=\"hidden\">\n"
        out += "<label><input type=\"checkbox\" class=\"flips-only\"/> flips only</label>\n"
        out += select("scenario", "scenario", scenarios) + select("kind", "kind", kinds) + select("engine", "recorded by", engines)
        out += "<output class=\"filter-count\"></output>\n</nav>\n"
        return out
    }

    /// The `data-` facets of a session's element (a player, a flipped-table row), escaped.
    static func attributes(sessionID: Int64, scenario: String, flipped: Bool, facet: ReportModel.Facet?) -> String {
        let e = HTML.escape
        var out = " data-filter=\"session\" data-scenario=\"\(e(scenario))\" data-flipped=\"\(flipped ? 1 : 0)\""
        if let facet {
            out += " data-kinds=\"\(e(facet.kinds.joined(separator: " ")))\" data-engine=\"\(e(facet.engine))\""
        }
        return out
    }

    /// The `data-` facets of a scenario's decision map: its scenario and how many flips it places.
    static func mapAttributes(scenario: String, flips: Int) -> String {
        " data-filter=\"map\" data-scenario=\"\(HTML.escape(scenario))\" data-flips=\"\(flips)\""
    }

    static let script = #"""
        (function () {
          "use strict";
          var bar = document.getElementById("review");
          if (!bar) return;
          var flipsOnly = bar.querySelector("input.flips-only");
          var selects = Array.prototype.slice.call(bar.querySelectorAll("select.filter"));
          var count = bar.querySelector("output.filter-count");
          bar.hidden = false;
          // An anchored element (#session-ID, #flipped) scrolls to just below the sticky bar, however
          // many lines the bar wraps to at the window's width (runs before the player follows the URL).
          function keepAnchorsBelowBar() {
            document.documentElement.style.scrollPaddingTop = Math.ceil(bar.getBoundingClientRect().height + 12) + "px";
          }
          if (window.ResizeObserver) new ResizeObserver(keepAnchorsBelowBar).observe(bar);
          else window.addEventListener("resize", keepAnchorsBelowBar);

          function chosen() {
            var state = { flips: flipsOnly.checked };
            selects.forEach(function (s) { state[s.getAttribute("data-facet")] = s.value; });
            return state;
          }
          function matches(node, state) {
            var d = node.dataset;
            if (state.flips && (node.getAttribute("data-filter") === "map" ? Number(d.flips) === 0 : d.flipped !== "1")) return false;
            if (state.scenario && d.scenario !== undefined && d.scenario !== state.scenario) return false;
            if (state.kind && d.kinds !== undefined && d.kinds.split(" ").indexOf(state.kind) < 0) return false;
            if (state.engine && d.engine !== undefined && d.engine !== state.engine) return false;
            return true;
          }
          function apply(writeURL) {
            var state = chosen(), shown = 0, all = 0;
            document.querySelectorAll("[data-filter]").forEach(function (node) {
              var ok = matches(node, state);
              node.hidden = !ok;
              if (node.getAttribute("data-filter") === "session" && node.tagName === "ARTICLE") { all++; if (ok) shown++; }
            });
            count.textContent = shown + " of " + all + " plotted sessions shown";
            document.body.setAttribute("data-filtered", state.flips || selects.some(function (s) { return s.value; }) ? "true" : "false");
            if (!writeURL) return;
            var parts = state.flips ? ["flips"] : [];
            selects.forEach(function (s) { if (s.value) parts.push(s.getAttribute("data-facet") + "=" + encodeURIComponent(s.value)); });
            history.replaceState(null, "", parts.length ? "#" + parts.join("&") : location.pathname + location.search);
          }
          // The view a link names: #flips, scenario=..., kind=..., engine=... (a #session-ID link keeps everything shown).
          function read() {
            var parts = location.hash.replace(/^#/, "").split("&");
            flipsOnly.checked = parts.indexOf("flips") >= 0;
            selects.forEach(function (s) {
              var facet = s.getAttribute("data-facet"), value = "";
              parts.forEach(function (p) {
                if (p.indexOf(facet + "=") === 0) { try { value = decodeURIComponent(p.slice(facet.length + 1)); } catch (e) { value = ""; } }
              });
              var known = Array.prototype.some.call(s.options, function (o) { return o.value === value; });
              s.value = known ? value : "";
            });
            apply(false);
          }
          flipsOnly.addEventListener("change", function () { apply(true); });
          selects.forEach(function (s) { s.addEventListener("change", function () { apply(true); }); });
          window.addEventListener("hashchange", function () { if (!/session[-=]\d/.test(location.hash)) read(); });
          read();
          keepAnchorsBelowBar();  // once the count is written: its text may wrap the bar to one more line
        })();
        """#
}
