import ReelReport
import ReelTrace

/// The capture page: the scenario's screen filling the browser's viewport (the viewport is the
/// device: its CSS pixels are points, `devicePixelRatio` its scale), drawn from `/screen`, and a
/// finger (or mouse) on it recorded with Pointer Events.
///
/// Every pointer event, and every coalesced event the browser merged into a `pointermove`
/// (`getCoalescedEvents`, so a 120 Hz display gives 120 Hz samples), becomes a touch: time from the
/// event clock (`timeStamp`) in seconds after the first touch, position in points, phase began /
/// moved / ended / cancelled, fingers numbered 0, 1, … in the order they touched. When the last
/// finger lifts, the page posts the session as a gesture stream to `/sessions` and shows the
/// answer: the engine's decision (`#decision`, with `data-session` and `data-decision`) and the
/// report's session player (`PlayerScript`) playing the transition the engine computed for that
/// gesture. The screen loads at once; the refresh rate is estimated beside it from
/// `requestAnimationFrame` intervals (60 Hz until the estimate is known).
enum CapturePage {
    static func html(_ configuration: CaptureConfiguration) -> String {
        let scenario = JSONString.quoted(configuration.scenario.name).replacingOccurrences(of: "<", with: "\\u003c")
        let token = JSONString.quoted(configuration.token.text)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8"/>
            <meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no, viewport-fit=cover"/>
            <title>Reel capture</title>
            <style>
            \(ReportPage.style)
            \(style)
            </style>
            </head>
            <body class="capture">
            <svg id="stage" role="img" aria-label="the scenario's screen: swipe on it"></svg>
            <p id="hint" class="banner">Loading the screen…</p>
            <section id="result" hidden="hidden">
            <p><button type="button" id="again">Capture another</button></p>
            <p id="decision"></p>
            <div id="player"></div>
            </section>
            <script type="text/x-reel-player" id="player-source">\(PlayerScript.source)</script>
            <script>
            var REEL = { scenario: \(scenario), token: \(token) };
            \(script)
            </script>
            </body>
            </html>

            """
    }

    private static let style = """
        body.capture { margin: 0; max-width: none; padding: 0; overflow: hidden; touch-action: none; user-select: none; -webkit-user-select: none; }
        #stage { position: fixed; left: 0; top: 0; width: 100vw; height: 100vh; touch-action: none; background: #f6f8fa; }
        #stage .view { stroke: #57606a; stroke-width: 0.5; }
        #stage .finger { fill: rgba(9, 105, 218, 0.35); }
        .banner { position: fixed; left: 8px; right: 8px; bottom: 8px; margin: 0; padding: 6px 10px; background: rgba(255,255,255,0.9);
          border-radius: 6px; pointer-events: none; font-size: 15px; }
        #result { position: fixed; inset: 0; overflow: auto; background: #fff; padding: 12px; touch-action: auto; user-select: text; }
        #decision { font-size: 18px; font-weight: 600; }
        """

    private static let script = #"""
        (function () {
          "use strict";
          var stage = document.getElementById("stage"), hint = document.getElementById("hint");
          var result = document.getElementById("result"), decision = document.getElementById("decision");
          var device = { width: window.innerWidth, height: window.innerHeight, scale: window.devicePixelRatio || 1 };
          var hz = 60, fingers = {}, nextFinger = 0, touches = [], origin = null, down = 0, sending = false, captured = 0;
          var SVG = "http://www.w3.org/2000/svg";

          function query(extra) { return "?token=" + encodeURIComponent(REEL.token) + (extra || ""); }
          function node(parent, name, attrs) {
            var n = document.createElementNS(SVG, name);
            for (var k in attrs) n.setAttribute(k, attrs[k]);
            parent.appendChild(n);
            return n;
          }

          // The refresh rate: the median of 30 requestAnimationFrame intervals, within 1-240 Hz.
          function estimateRefresh(done) {
            var stamps = [];
            function tick(t) {
              stamps.push(t);
              if (stamps.length <= 30) { requestAnimationFrame(tick); return; }
              var gaps = stamps.slice(1).map(function (s, i) { return s - stamps[i]; }).sort(function (a, b) { return a - b; });
              var median = gaps[gaps.length >> 1];
              hz = median > 0 ? Math.min(240, Math.max(1, Math.round(1000 / median))) : 60;
              done();
            }
            requestAnimationFrame(tick);
          }

          // The player's colours (PlayerScript), so a view looks the same before and after the swipe.
          var palette = ["#9ecae1", "#fdae6b", "#a1d99b", "#bcbddc", "#fc9272", "#c7e9c0", "#fdd0a2", "#dadaeb"];
          function colour(key) {
            var hash = 0;
            for (var i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
            return palette[hash % palette.length];
          }

          function drawScreen(screen) {
            stage.setAttribute("viewBox", "0 0 " + screen.screen[0] + " " + screen.screen[1]);
            screen.views.forEach(function (v) {
              var g = node(stage, "g", { opacity: v[5], "data-key": v[0] });
              if (v.length >= 12) {
                var cx = v[1] + v[3] / 2, cy = v[2] + v[4] / 2, a = v[6], b = v[7], c = v[8], d = v[9];
                g.setAttribute("transform", "matrix(" + [a, b, c, d, cx + v[10] - (a * cx + c * cy), cy + v[11] - (b * cx + d * cy)].join(" ") + ")");
              }
              node(g, "rect", { x: v[1], y: v[2], width: v[3], height: v[4], fill: colour(v[0]), "class": "view" });
              var label = node(g, "text", { x: v[1] + 8, y: v[2] + 30, "class": "view-label" });
              label.textContent = v[0];
            });
            hint.textContent = screen.hint;
            document.body.setAttribute("data-ready", "true");
          }

          function touch(event, phase) {
            if (origin === null) origin = event.timeStamp;
            touches.push([(event.timeStamp - origin) / 1000, fingers[event.pointerId], phase, event.clientX, event.clientY]);
          }

          function finishGesture() {
            if (down > 0 || touches.length === 0) return;
            var lines = [JSON.stringify({ type: "session", scenario: REEL.scenario, device: device, refresh_hz: hz })];
            touches.forEach(function (t) {
              lines.push(JSON.stringify({ type: "touch", t: Math.max(0, t[0]), id: t[1], phase: t[2], x: t[3], y: t[4] }));
            });
            touches = []; fingers = {}; nextFinger = 0; origin = null;
            Array.prototype.slice.call(stage.querySelectorAll("circle.finger")).forEach(function (c) { c.remove(); });
            send(lines.join("\n") + "\n");
          }

          function send(body) {
            sending = true;
            hint.textContent = "Recording…";
            fetch("sessions" + query(), { method: "POST", headers: { "Content-Type": "text/plain" }, body: body })
              .then(function (response) { return response.json().then(function (data) { return { ok: response.ok, data: data }; }); })
              .then(function (answer) {
                sending = false;
                if (!answer.ok) { hint.textContent = "Not recorded: " + answer.data.error; return; }
                show(answer.data);
              })
              .catch(function (error) { sending = false; hint.textContent = "Not recorded: " + error; });
          }

          // The engine's decision, and the report's player of the trace it computed for this gesture.
          function show(data) {
            captured++;
            decision.textContent = "Session " + data.session + (data.recorded ? " recorded" : " was already in the archive") +
              ": the engine " + (data.decision === "finished" ? "finished" : "cancelled") + " the transition at " +
              data.end.toFixed(3) + " s (" + data.touches + " touches, " + data.frames + " frames).";
            decision.setAttribute("data-session", String(data.session));
            decision.setAttribute("data-decision", data.decision);
            decision.setAttribute("data-count", String(captured));
            var player = document.getElementById("player");
            player.innerHTML = data.player;
            var run = document.createElement("script");
            run.textContent = document.getElementById("player-source").textContent;
            player.appendChild(run);
            result.hidden = false;
            var play = player.querySelector("button.play");
            if (play) play.click();
            hint.textContent = "Captured " + captured + (captured === 1 ? " session." : " sessions.");
          }

          stage.addEventListener("pointerdown", function (event) {
            if (sending || !result.hidden) return;
            event.preventDefault();
            stage.setPointerCapture(event.pointerId);
            fingers[event.pointerId] = nextFinger++;
            down++;
            touch(event, "began");
            node(stage, "circle", { cx: event.clientX, cy: event.clientY, r: 22, "class": "finger", "data-pointer": event.pointerId });
          });
          stage.addEventListener("pointermove", function (event) {
            if (!(event.pointerId in fingers)) return;
            var samples = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
            (samples.length ? samples : [event]).forEach(function (sample) { touch(sample, "moved"); });
            var circle = stage.querySelector('circle[data-pointer="' + event.pointerId + '"]');
            if (circle) { circle.setAttribute("cx", event.clientX); circle.setAttribute("cy", event.clientY); }
          });
          function lift(phase) {
            return function (event) {
              if (!(event.pointerId in fingers)) return;
              touch(event, phase);
              delete fingers[event.pointerId];
              down--;
              finishGesture();
            };
          }
          stage.addEventListener("pointerup", lift("ended"));
          stage.addEventListener("pointercancel", lift("cancelled"));
          document.getElementById("again").addEventListener("click", function () {
            result.hidden = true;
            document.getElementById("player").innerHTML = "";
          });

          // The screen loads at once (its first frame does not depend on the refresh rate); the
          // estimate runs beside it and is the session's refresh_hz once it is known, 60 Hz until
          // then (a browser that draws no frames, a hidden tab, never delays the page).
          estimateRefresh(function () {});
          fetch("screen" + query("&width=" + device.width + "&height=" + device.height + "&scale=" + device.scale + "&hz=" + hz))
            .then(function (response) { return response.json().then(function (data) { return { ok: response.ok, data: data }; }); })
            .then(function (answer) {
              if (!answer.ok) { hint.textContent = answer.data.error; return; }
              drawScreen(answer.data);
            })
            .catch(function (error) { hint.textContent = "The screen did not load: " + error; });
        })();
        """#
}
