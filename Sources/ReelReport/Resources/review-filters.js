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
