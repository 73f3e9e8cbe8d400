(function () {
  "use strict";
  var palette = ["#9ecae1", "#fdae6b", "#a1d99b", "#bcbddc", "#fc9272", "#c7e9c0", "#fdd0a2", "#dadaeb"];

  function el(parent, name, attrs, text) {
    var node = document.createElementNS(parent.namespaceURI, name);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text !== undefined) node.textContent = text;
    parent.appendChild(node);
    return node;
  }

  function colour(key) {
    var hash = 0;
    for (var i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
    return palette[hash % palette.length];
  }

  // The last item whose t is at most `t`, or null.
  function at(items, t, time) {
    var low = 0, high = items.length - 1, found = null;
    while (low <= high) {
      var mid = (low + high) >> 1;
      if (time(items[mid]) <= t + 1e-9) { found = items[mid]; low = mid + 1; } else high = mid - 1;
    }
    return found;
  }

  // Whether a VIEW carries the transform's six numbers (12 or 21 numbers: PlayerJSON).
  function hasTransform(v) { return v.length === 12 || v.length === 21; }

  // The CGAffineTransform [a b c d tx ty] applied about the view's center, as an SVG matrix.
  function matrix(v) {
    if (!hasTransform(v)) return null;
    var cx = v[1] + v[3] / 2, cy = v[2] + v[4] / 2, a = v[6], b = v[7], c = v[8], d = v[9];
    return "matrix(" + [a, b, c, d, cx + v[10] - (a * cx + c * cy), cy + v[11] - (b * cx + d * cy)].join(" ") + ")";
  }

  // The layer's [cornerRadius, borderWidth, shadowOpacity, shadowRadius, maskKind, maskX, maskY,
  // maskW, maskH]: a VIEW's trailing group when it has 15 or 21 numbers (PlayerJSON), zeros otherwise.
  function layer(v) {
    return v.length >= 15 ? v.slice(v.length - 9) : [0, 0, 0, 0, 0, 0, 0, 0, 0];
  }

  // A clip path in the screen's <defs> for the view's mask: the ellipse in the bounds of a shape
  // layer's path (the trace carries the path's bounding box, not its shape: a circle's reveal is
  // drawn exactly, another path as the ellipse it fits in), the rectangle of a mask layer's frame.
  // Returns its url() reference; ids unique in the document, as the shadows'.
  function maskClip(svg, v, values, index) {
    if (!svg.reelShadowPrefix) svg.reelShadowPrefix = "reel-shadow-" + (++screens) + "-";
    var defs = svg.querySelector("defs") || el(svg, "defs", {});
    var id = svg.reelShadowPrefix + "mask-" + index, clip = el(defs, "clipPath", { id: id });
    var x = v[1] + values[5], y = v[2] + values[6], w = values[7], h = values[8];
    if (values[4] === 1) el(clip, "ellipse", { cx: x + w / 2, cy: y + h / 2, rx: Math.abs(w) / 2, ry: Math.abs(h) / 2 });
    else el(clip, "rect", { x: x, y: y, width: w, height: h });
    return "url(#" + id + ")";
  }

  // The corner radius as drawn: CALayer's, clamped to half the shorter side as CALayer clamps it.
  function radius(v) {
    return Math.max(Math.min(layer(v)[0], v[3] / 2, v[4] / 2), 0);
  }

  // A rect's attributes for the view's frame, its corners rounded to the layer's radius.
  function frameRect(v, attrs) {
    var r = radius(v);
    attrs.x = v[1]; attrs.y = v[2]; attrs.width = v[3]; attrs.height = v[4];
    if (r > 0) { attrs.rx = r; attrs.ry = r; }
    return attrs;
  }

  // A darker shade of a "#rrggbb" colour, for a view's border.
  function darker(hex) {
    var value = parseInt(hex.slice(1), 16);
    return "rgb(" + [value >> 16, (value >> 8) & 255, value & 255].map(function (c) { return Math.round(c * 0.6); }).join(",") + ")";
  }

  // A drop-shadow filter in the screen's <defs> for the view's layer shadow: black (CALayer's
  // shadowColor), at its opacity, offset (0, -3) points (CALayer's default shadowOffset; the trace
  // does not carry the offset), blurred by a Gaussian whose standard deviation is the shadow radius.
  // Returns its url() reference. Ids are unique in the document: a prefix per screen, then an index.
  var screens = 0;
  function shadowFilter(svg, v, opacity, blur, index) {
    if (!svg.reelShadowPrefix) svg.reelShadowPrefix = "reel-shadow-" + (++screens) + "-";
    var defs = svg.querySelector("defs") || el(svg, "defs", {});
    var id = svg.reelShadowPrefix + index, pad = 3 * blur + 1;
    var filter = el(defs, "filter", {
      id: id, filterUnits: "userSpaceOnUse",
      x: v[1] - pad, y: v[2] - pad - 3, width: Math.abs(v[3]) + 2 * pad, height: Math.abs(v[4]) + 2 * pad + 3
    });
    el(filter, "feDropShadow", { dx: 0, dy: -3, stdDeviation: blur, "flood-color": "#000", "flood-opacity": opacity });
    return "url(#" + id + ")";
  }

  function Player(root) {
    var data = JSON.parse(root.querySelector("script.player-data").textContent);
    var sides = { recorded: data.recorded, replayed: data.replayed };
    var range = root.querySelector("input.scrubber");
    var play = root.querySelector("button.play");
    var speed = root.querySelector("select.speed");
    var clock = root.querySelector("output.clock");
    var ticks = [];
    [data.recorded, data.replayed].forEach(function (side) {
      if (side) side.frames.forEach(function (f) { ticks.push(f[1]); });
    });
    ticks = ticks.sort(function (x, y) { return x - y; }).filter(function (t, i, all) { return i === 0 || t !== all[i - 1]; });
    var start = ticks[0] || 0, end = ticks[ticks.length - 1] || 0;
    range.max = Math.max(ticks.length - 1, 0);
    root.querySelector(".ui").hidden = false;
    root.querySelector(".needs-script").hidden = true;

    function tickOfFrame(index) {
      var frame = data.recorded.frames.filter(function (f) { return f[0] === index; })[0];
      return frame ? Math.max(ticks.indexOf(frame[1]), 0) : 0;
    }
    function fraction(t) { return end > start ? Math.min(Math.max((t - start) / (end - start), 0), 1) : 0; }

    if (data.first !== null) {
      var mark = root.querySelector(".first-mark");
      // The thumb's center runs from 16 px to 16 px short of the end (the lanes below are inset alike).
      mark.style.left = "calc(16px + (100% - 32px) * " + tickOfFrame(data.first) / Math.max(ticks.length - 1, 1) + ")";
      mark.hidden = false;
    }

    // Event strips: one per side and track, ticks at the events' times, divergent ones marked.
    var cursors = [];
    root.querySelectorAll("svg.strip").forEach(function (strip) {
      var side = sides[strip.getAttribute("data-side")];
      var lifecycle = strip.getAttribute("data-track") === "lifecycle";
      (side ? side.events : []).forEach(function (e) {
        var isLifecycle = e[1] === "lifecycle" || e[1] === "transition" || e[1] === "presentation";
        if (isLifecycle !== lifecycle) return;
        var x = 1000 * fraction(e[0]);
        var tick = el(strip, "rect", { x: x - 3, y: 2, width: 6, height: 14, "data-t": e[0], "class": e[4] ? "event divergent" : "event" });
        el(tick, "title", {}, e[0].toFixed(3) + " s  " + e[1] + "  " + e[2] + "." + e[3] + (e[4] ? "  (divergent)" : "") + "  (click to seek)");
        tick.addEventListener("click", function () { seekTime(e[0]); });
      });
      cursors.push(el(strip, "line", { x1: 0, x2: 0, y1: 0, y2: 18, "class": "cursor" }));
    });

    // Each view: its rect (corners rounded, the layer's shadow as a filter), its layer's border
    // as a stroke inside the edge, its key.
    function drawViews(svg, frame) {
      (frame ? frame[3] : []).forEach(function (v, index) {
        var key = data.keys[v[0]], group = el(svg, "g", { opacity: v[5], "data-key": key });
        var transform = matrix(v), values = layer(v), fill = colour(key);
        if (transform) group.setAttribute("transform", transform);
        if (values[4] > 0) group.setAttribute("clip-path", maskClip(svg, v, values, index));
        var rect = el(group, "rect", frameRect(v, { fill: fill, "class": "view" }));
        if (values[2] > 0) rect.setAttribute("filter", shadowFilter(svg, v, values[2], values[3], index));
        var border = Math.min(values[1], Math.abs(v[3]) / 2, Math.abs(v[4]) / 2);
        if (border > 0) {
          el(group, "rect", {
            x: v[1] + border / 2, y: v[2] + border / 2, width: v[3] - border, height: v[4] - border,
            rx: Math.max(radius(v) - border / 2, 0), ry: Math.max(radius(v) - border / 2, 0),
            fill: "none", stroke: darker(fill), "stroke-width": border, "class": "view-border"
          });
        }
        el(group, "text", { x: v[1] + 8, y: v[2] + 30, "class": "view-label" }, key);
      });
    }

    // Whether two rows of one view differ: place or size by more than half a point, a
    // transform entry by more than 1e-3, alpha by more than 1/255.
    function differs(x, y) {
      if (!x || !y) return true;
      for (var i = 1; i <= 4; i++) if (Math.abs(x[i] - y[i]) > 0.5) return true;
      if (Math.abs(x[5] - y[5]) > 1 / 255) return true;
      var identity = [1, 0, 0, 1, 0, 0];
      for (var j = 0; j < 6; j++) {
        var limit = j < 4 ? 1e-3 : 0.5;
        if (Math.abs((hasTransform(x) ? x[6 + j] : identity[j]) - (hasTransform(y) ? y[6 + j] : identity[j])) > limit) return true;
      }
      return false;
    }

    // Both sides on one screen: the recorded views filled, the replayed ones outlined on top,
    // the views that differ (or that one side lacks) outlined in red.
    function drawOverlay(svg, t) {
      while (svg.lastChild) svg.removeChild(svg.lastChild);
      var background = el(svg, "rect", { x: 0, y: 0, width: data.screen[0], height: data.screen[1], "class": "device" });
      var recorded = at(data.recorded.frames, t, function (f) { return f[1]; });
      var replayed = at(data.replayed.frames, t, function (f) { return f[1]; });
      drawViews(svg, recorded);
      var mine = {}, theirs = {}, differing = [];
      (recorded ? recorded[3] : []).forEach(function (v) { mine[v[0]] = v; });
      (replayed ? replayed[3] : []).forEach(function (v) { theirs[v[0]] = v; });
      (replayed ? replayed[3] : []).forEach(function (v) {
        var key = data.keys[v[0]], bad = differs(mine[v[0]], v);
        if (bad) differing.push(key);
        var group = el(svg, "g", { "data-ghost": key });
        var transform = matrix(v);
        if (transform) group.setAttribute("transform", transform);
        if (layer(v)[4] > 0) group.setAttribute("clip-path", maskClip(svg, v, layer(v), "ghost-" + v[0]));
        el(group, "rect", frameRect(v, { "class": bad ? "ghost differs" : "ghost" }));
      });
      (recorded ? recorded[3] : []).forEach(function (v) {
        if (theirs[v[0]]) return;
        differing.push(data.keys[v[0]]);
        var group = el(svg, "g", { "data-ghost": data.keys[v[0]] });
        var transform = matrix(v);
        if (transform) group.setAttribute("transform", transform);
        if (layer(v)[4] > 0) group.setAttribute("clip-path", maskClip(svg, v, layer(v), "missing-" + v[0]));
        el(group, "rect", frameRect(v, { "class": "ghost differs missing" }));
      });
      drawFingers(svg, t);
      return { background: background, frames: [recorded ? recorded[0] : null, replayed ? replayed[0] : null], differing: differing };
    }

    function drawScreen(svg, side, t) {
      while (svg.lastChild) svg.removeChild(svg.lastChild);
      var w = data.screen[0], h = data.screen[1];
      var background = el(svg, "rect", { x: 0, y: 0, width: w, height: h, "class": "device" });
      var frame = at(side.frames, t, function (f) { return f[1]; });
      drawViews(svg, frame);
      drawFingers(svg, t);
      return { background: background, frame: frame };
    }

    function drawFingers(svg, t) {
      var fingers = {};
      data.touches.forEach(function (touch) {
        if (touch[0] > t + 1e-9) return;
        (fingers[touch[1]] = fingers[touch[1]] || []).push(touch);
      });
      Object.keys(fingers).forEach(function (id) {
        var path = fingers[id], last = path[path.length - 1];
        el(svg, "polyline", { points: path.map(function (p) { return p[2] + "," + p[3]; }).join(" "), "class": "finger-path" });
        if (last[4]) el(svg, "circle", { cx: last[2], cy: last[3], r: 22, "class": "finger" });
      });
    }

    // What was drawn, measured back from the page: per view [key, left, top, width, height, alpha,
    // corner radius, border width, shadow opacity] (points; the radius as the browser applies it to
    // the rect, 0 for square corners; 0 for no border and no shadow).
    function measure(svg, background) {
      var box = background.getBoundingClientRect(), scale = box.width / data.screen[0];
      var views = [];
      svg.querySelectorAll("g[data-key]").forEach(function (group) {
        var rect = group.querySelector("rect"), r = rect.getBoundingClientRect();
        var border = group.querySelector("rect.view-border"), filter = rect.getAttribute("filter");
        var shadow = filter ? svg.querySelector(filter.slice(4, -1) + " feDropShadow") : null;
        views.push([group.getAttribute("data-key"), (r.left - box.left) / scale, (r.top - box.top) / scale,
          r.width / scale, r.height / scale, Number(group.getAttribute("opacity")),
          parseFloat(getComputedStyle(rect).rx) || 0, border ? Number(border.getAttribute("stroke-width")) : 0,
          shadow ? Number(shadow.getAttribute("flood-opacity")) : 0]);
      });
      return { scale: scale, views: views };
    }

    function render() {
      var t = ticks[Number(range.value)] || 0, drawn = { t: t };
      root.querySelectorAll("svg.screen").forEach(function (svg) {
        var name = svg.getAttribute("data-side"), side = sides[name];
        if (!side) return;
        var result = drawScreen(svg, side, t);
        var measured = measure(svg, result.background);
        drawn[name] = { frame: result.frame ? result.frame[0] : null, scale: measured.scale, views: measured.views };
        root.querySelector(".caption-" + name).textContent = result.frame
          ? "frame " + result.frame[0] + ", progress " + result.frame[2].toFixed(3) : "no frame yet";
      });
      var overlaySVG = root.querySelector("svg.screen.overlay");
      if (overlaySVG && overlay && overlay.checked) {
        var shown = drawOverlay(overlaySVG, t);
        drawn.overlay = { frames: shown.frames, differing: shown.differing };
      }
      cursors.forEach(function (line) { line.setAttribute("x1", 1000 * fraction(t)); line.setAttribute("x2", 1000 * fraction(t)); });
      clock.textContent = t.toFixed(3) + " s";
      root.setAttribute("data-drawn", JSON.stringify(drawn));
    }

    var playing = false, last = 0, now = 0;
    function step(time) {
      if (!playing) return;
      now += (time - last) / 1000 * Number(speed.value);
      last = time;
      var index = Number(range.value);
      while (index < ticks.length - 1 && ticks[index + 1] <= now) index++;
      range.value = index;
      render();
      if (index >= ticks.length - 1) { toggle(false); return; }
      requestAnimationFrame(step);
    }
    function toggle(on) {
      playing = on;
      play.textContent = on ? "Pause" : "Play";
      if (!on) return;
      if (Number(range.value) >= ticks.length - 1) range.value = 0;
      now = ticks[Number(range.value)] || 0;
      last = performance.now();
      requestAnimationFrame(step);
    }
    function seek(index) {
      range.value = Math.min(Math.max(index, 0), ticks.length - 1);
      range.dispatchEvent(new Event("input"));
    }
    // The last frame time at or before `t` (an event's time): what the screens show then.
    function seekTime(t) {
      var index = 0;
      for (var i = 0; i < ticks.length; i++) if (ticks[i] <= t + 1e-9) index = i;
      seek(index);
    }
    var overlay = root.querySelector("input.overlay");
    if (overlay) {
      overlay.addEventListener("change", function () {
        root.querySelectorAll(".screens > figure").forEach(function (figure) {
          figure.hidden = figure.classList.contains("overlay-figure") ? !overlay.checked : overlay.checked;
        });
        render();
      });
    }

    range.addEventListener("input", function () { if (playing) toggle(false); render(); });
    play.addEventListener("click", function () { toggle(!playing); });
    root.addEventListener("keydown", function (event) {
      if (/^(INPUT|SELECT|BUTTON)$/.test(event.target.tagName)) return;
      if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
        seek(Number(range.value) + (event.key === "ArrowRight" ? 1 : -1));
      } else if (event.key === " ") {
        toggle(!playing);
      } else return;
      event.preventDefault();
    });
    range.value = data.first !== null ? tickOfFrame(data.first) : 0;
    render();
    return { root: root, seekFrame: function (index) { seek(tickOfFrame(index)); } };
  }

  var players = {};
  document.querySelectorAll("article.player").forEach(function (root) {
    players[root.getAttribute("data-session")] = Player(root);
  });

  // #session-ID&frame=N (or ?session=ID&frame=N): show that player, seeked to recorded frame N.
  function follow() {
    var text = location.hash.replace(/^#/, "") + "&" + location.search.replace(/^\?/, "");
    var session = /(?:^|&)session[-=](\d+)/.exec(text), frame = /(?:^|&)frame=(\d+)/.exec(text);
    var player = session && players[session[1]];
    if (!player) return;
    if (frame) player.seekFrame(Number(frame[1]));
    player.root.scrollIntoView();
    player.root.focus({ preventScroll: true });
  }
  window.addEventListener("hashchange", follow);
  follow();
})();
