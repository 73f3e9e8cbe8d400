"""What tools/check-report needs besides its own steps: headless Chromium driven over the DevTools
protocol, and the rectangles a report's player must draw for a frame of a stored trace.

Standard library only. Used as a module from the check's Python steps (run from the repository's
root, so `sys.path.insert(0, "tools")` finds it):

    from browser_checks import DevToolsBrowser, expected_rectangles, compare_drawn
    with DevToolsBrowser(f"{out}/profile-devtools", f"{out}/devtools.log") as browser:
        page = browser.open_page()
        page.set_viewport(1200, 900)
        page.navigate("file:///tmp/report.html#session-7")
        print(page.evaluate("window.scrollY"))
"""

import json
import os
import select
import subprocess
import time


class DevToolsBrowser:
    """Headless Chromium on --remote-debugging-pipe: it reads NUL-separated JSON messages on fd 3
    and writes its answers on fd 4 (no websocket, no port)."""

    def __init__(self, profile, log_path):
        self.profile, self.log_path = profile, log_path
        self.buffer, self.next_id, self.events = b"", 0, []

    def __enter__(self):
        to_browser, from_browser = os.pipe(), os.pipe()
        # Above 4, so that placing the browser's ends on 3 and 4 cannot close one of ours.
        high = [os.dup(fd) for fd in (to_browser[0], to_browser[1], from_browser[0], from_browser[1])]
        for fd in to_browser + from_browser:
            os.close(fd)
        browser_in, self.our_out, self.our_in, browser_out = high
        saved = [os.dup(3) if _is_open(3) else None, os.dup(4) if _is_open(4) else None]
        os.dup2(browser_in, 3)
        os.dup2(browser_out, 4)
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run",
             "--enable-logging=stderr", "--v=0", "--remote-debugging-pipe", f"--user-data-dir={self.profile}",
             "about:blank"],
            pass_fds=(3, 4), stdout=subprocess.DEVNULL, stderr=self.log)
        for fd, old in zip((3, 4), saved):
            if old is None:
                os.close(fd)
            else:
                os.dup2(old, fd)
                os.close(old)
        os.close(browser_in)
        os.close(browser_out)
        return self

    def __exit__(self, *exception):
        try:
            self.send("Browser.close", timeout=10)
        except (OSError, RuntimeError, TimeoutError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        os.close(self.our_in)
        os.close(self.our_out)
        self.log.close()
        return False

    def _read(self, deadline):
        while b"\0" not in self.buffer:
            left = deadline - time.time()
            if left <= 0:
                raise TimeoutError("the browser did not answer in time")
            if select.select([self.our_in], [], [], left)[0]:
                chunk = os.read(self.our_in, 1 << 20)
                if not chunk:
                    raise RuntimeError("the browser closed its pipe")
                self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=30):
        """Sends one command and returns its result; events that arrive meanwhile go to `events`."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            data = data[os.write(self.our_out, data):]
        deadline = time.time() + timeout
        while True:
            answer = self._read(deadline)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def open_page(self):
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        page = DevToolsPage(self, session)
        for domain in ["Runtime.enable", "Log.enable", "Page.enable"]:
            page.cdp(domain)
        return page

    def console_messages(self):
        """The console messages, uncaught exceptions and log entries every page reported so far."""
        found = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled":
                found.append(f"console.{params.get('type')}: " + " ".join(str(a.get("value", a.get("description")))
                                                                         for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                details = params.get("exceptionDetails", {})
                found.append("exception: " + str(details.get("exception", {}).get("description") or details.get("text")))
            elif method == "Log.entryAdded":
                entry = params.get("entry", {})
                found.append(f"log {entry.get('level')}: {entry.get('text')} {entry.get('url', '')}".strip())
        return found


class DevToolsPage:
    def __init__(self, browser, session):
        self.browser, self.session = browser, session

    def cdp(self, method, params=None):
        return self.browser.send(method, params, self.session)

    def evaluate(self, expression):
        answer = self.cdp("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in answer:
            raise RuntimeError(f"the page threw on {expression[:80]!r}: {answer['exceptionDetails'].get('text')}")
        return answer.get("result", {}).get("value")

    def wait_for(self, expression, what, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if self.evaluate(expression):
                return
            time.sleep(0.05)
        raise TimeoutError(f"the page never {what}")

    def set_viewport(self, width, height):
        self.cdp("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def navigate(self, url):
        """Opens `url` anew (about:blank first, so a URL that differs only in its fragment loads
        the page again rather than scrolling the one shown) and waits until it has loaded."""
        for address in ["about:blank", url]:
            self.cdp("Page.navigate", {"url": address})
            self.wait_for("document.readyState === 'complete' && location.href === %s" % json.dumps(address),
                          f"loaded {address}")


def _is_open(fd):
    try:
        os.fstat(fd)
        return True
    except OSError:
        return False


def expected_rectangles(db, trace_id, frame):
    """The rectangles a player draws for frame `frame` of trace `trace_id`, from the archive's
    rows (view engine_frame_views, docs/SCHEMA.md "Views of every trace"): per visible view, back
    to front (z, then view id), its key and the bounding box of its rectangle under its affine
    transform about the rectangle's centre (as UIKit applies `transform` about the centre), with
    its alpha: [(key, left, top, width, height, alpha)], points."""
    rows = db.execute("""SELECT k.key, fv.x, fv.y, fv.w, fv.h, fv.alpha, fv.a, fv.b, fv.c, fv.d, fv.tx, fv.ty
        FROM engine_frame_views fv JOIN view_keys k ON k.id = fv.view_id
        WHERE fv.trace_id = ? AND fv.frame_index = ? AND fv.hidden = 0 ORDER BY fv.z, fv.view_id""", (trace_id, frame)).fetchall()
    expected = []
    for key, x, y, w, h, alpha, a, b, c, d, tx, ty in rows:
        cx, cy = x + w / 2, y + h / 2
        corners = [(cx + a * (px - cx) + c * (py - cy) + tx, cy + b * (px - cx) + d * (py - cy) + ty)
                   for px, py in [(x, y), (x + w, y), (x, y + h), (x + w, y + h)]]
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        expected.append((key, min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), alpha))
    return expected


def compare_drawn(side, expected, label):
    """Failures of one drawn screen (a side of a player's data-drawn attribute: views
    [key, left, top, width, height, alpha] in points, and its scale in px/pt) against
    `expected_rectangles`: the same views back to front, each within one pixel, alpha within 0.001."""
    failures = []
    views, scale = side.get("views", []), side.get("scale", 0)
    if [v[0] for v in views] != [e[0] for e in expected]:
        failures.append(f"{label}: drawn views {[v[0] for v in views]} differ from the frame's rows {[e[0] for e in expected]} (back to front)")
    for got, want in zip(views, expected):
        off = max(abs(g - w) for g, w in zip(got[1:5], want[1:5])) * scale
        if off > 1:
            failures.append(f"{label}: {want[0]} drawn at {got[1:5]} pt, the archive has {list(want[1:5])} pt ({off:.2f} px off)")
        if abs(got[5] - want[5]) > 1e-3:
            failures.append(f"{label}: {want[0]} drawn with alpha {got[5]}, the archive has {want[5]}")
    return failures
