#!/usr/bin/env python3
"""An example external engine for Reel, speaking the engine protocol (docs/PROTOCOL.md).

One JSON request per line on standard input, one JSON response per line on standard output.
Standard library only; deterministic: the same request gives the same bytes.

The model is a percent-driven interactive transition, the way UIPercentDrivenInteractiveTransition
is used for an interactive pop or an interactive sheet dismissal:

  progress = clamp(translation / extent, 0, 1)       while the finger is down
  finish   = progress > threshold at release          (a cancelled touch never finishes)

where translation is along +x for "nav.interactive-pop" (extent: device width) and along +y for
"sheet.interactive-dismiss" (extent: device height). After release the progress animates to 1
(finish) or 0 (cancel) over duration * remaining distance with an ease-out cubic curve.
Frames are sampled at the display's ticks k / refresh_hz from the first touch to the end of the
animation. Two views: "A.view" (below) and "B.view" (the one leaving).

Every answer echoes its request's "id" (when the request has one), as the protocol asks.

With --explain, each answer also carries the optional outcome.decision: the rule, its inputs and
its result, which Reel stores and `reel show` prints (docs/PROTOCOL.md).

It says hello (docs/PROTOCOL.md, "Hello") in its answer to a request that carries Reel's hello:
plain JSON both ways, or with --binary the binary encoding both ways (binary_touches read,
binary_trace written, by the codec below, written from docs/PROTOCOL.md alone). --no-hello makes
it an engine written before the hello: it ignores the member and answers plain JSON.

Usage: example_engine.py [--threshold 0.5] [--duration 0.35] [--engine-version 1.0] [--explain]
                         [--binary | --no-hello]
Test-only misbehaviour, counted per process: --crash-after N, --hang-after N, --garbage-after N,
--answer-twice-after N (answer N requests normally, then crash / hang / print garbage / write
every answer twice), --pad BYTES (add an extra "padding" member of that many bytes to every
response).
"""

import argparse
import base64
import json
import math
import re
import struct
import sys
import time

ENGINE_NAME = "example-percent-engine"

SCENARIOS = {
    # name: (axis, from-controller, to-controller)
    "nav.interactive-pop": "x",
    "sheet.interactive-dismiss": "y",
}


# ---- The binary encoding (docs/PROTOCOL.md, "The binary encoding"), written from that page. ----

PROTOCOL = 2
VIEW_NUMBERS = ("x", "y", "w", "h", "alpha", "a", "b", "c", "d", "tx", "ty", "rotation_x", "rotation_y", "m34")
# A view's members that are not extensions: any other number a view sets (not +0) is one, written
# in layout 3 under its name (docs/PROTOCOL.md lists the names Reel knows).
VIEW_MEMBERS = set(VIEW_NUMBERS) | {"key", "transform", "z", "hidden"}
PHASES = ("began", "moved", "stationary", "ended", "cancelled")
NO_ARGUMENT = -(2 ** 63)
ARGUMENT = re.compile(rb"^(.*\()(-?)(0|[1-9][0-9]{0,13})\.([0-9]{4})\)$", re.DOTALL)


def _column(values, code):
    """column<X>: form 0 (every value) or form 1 (runs), whichever is shorter (values on a tie)."""
    packed = [struct.pack("<" + code, value) for value in values]
    runs = []
    for item in packed:
        if runs and runs[-1][0] == item:
            runs[-1][1] += 1
        else:
            runs.append([item, 1])
    size = struct.calcsize(code)
    if 5 + len(runs) * (size + 4) < 1 + len(packed) * size:
        return b"\x01" + struct.pack("<I", len(runs)) + b"".join(item + struct.pack("<I", n) for item, n in runs)
    return b"\x00" + b"".join(packed)


def _text(text):
    data = text.encode("utf-8")
    return struct.pack("<I", len(data)) + data


def _split_detail(detail):
    """(head, argument) when the detail is head(number) exactly as the argument rule writes it back."""
    match = ARGUMENT.match(detail.encode("utf-8"))
    if not match:
        return detail, NO_ARGUMENT
    head, sign, whole, fraction = match.groups()
    magnitude = int(whole) * 10000 + int(fraction)
    if len(head) > 64 or (sign and magnitude == 0):
        return detail, NO_ARGUMENT
    return head.decode("utf-8"), -magnitude if sign else magnitude


def _is_set(value):
    return struct.pack("<d", float(value)) != bytes(8)


def encode_trace(frames, events):
    """The bytes of a binary_trace for plain frames and events (as run_session makes them)."""
    keys, layout, extensions = [], [], []
    for frame in frames:
        for view in frame["views"]:
            for name, value in view.items():
                if name not in VIEW_MEMBERS and name not in extensions and _is_set(value):
                    extensions.append(name)
    for frame in frames:
        row = []
        for view in frame["views"]:
            if view["key"] not in keys:
                keys.append(view["key"])
            row.append(keys.index(view["key"]))
        if layout and layout[-1][1] == row:
            layout[-1][0] += 1
        else:
            layout.append([1, row])
    head = struct.pack("<B", 2) if not extensions else \
        struct.pack("<BI", 3, len(extensions)) + b"".join(_text(name) for name in extensions)
    out = [head + struct.pack("<I", len(frames)),
           _column([float(frame["t"]) for frame in frames], "d"),
           _column([float(frame["progress"]) for frame in frames], "d"),
           struct.pack("<I", len(keys))] + [_text(key) for key in keys]
    out.append(struct.pack("<I", len(layout)))
    for n, row in layout:
        out.append(struct.pack("<II", n, len(row)) + b"".join(struct.pack("<I", index) for index in row))
    for key in keys:
        states = [view for frame in frames for view in frame["views"] if view["key"] == key]
        for name in VIEW_NUMBERS:
            if name in ("a", "b", "c", "d", "tx", "ty"):
                values = [float(view["transform"][VIEW_NUMBERS.index(name) - 5]) for view in states]
            else:
                values = [float(view.get(name, 0.0)) for view in states]
            out.append(_column(values, "d"))
        out.append(_column([int(view["z"]) for view in states], "q"))
        out.append(_column([1 if view["hidden"] else 0 for view in states], "B"))
        for name in extensions:
            out.append(_column([float(view.get(name, 0.0)) for view in states], "d"))
    texts, kinds, subjects, details, arguments = [], [], [], [], []

    def number(text):
        if text not in texts:
            texts.append(text)
        return texts.index(text)

    for event in events:
        kinds.append(number(event["kind"]))
        subjects.append(number(event["subject"]))
        head, argument = _split_detail(event["detail"])
        details.append(number(head))
        arguments.append(argument)
    index = "B" if len(texts) <= 256 else "H" if len(texts) <= 65536 else "I"
    out.append(struct.pack("<II", len(events), len(texts)))
    out += [_text(text) for text in texts]
    out.append(_column([float(event["t"]) for event in events], "d"))
    out += [_column(kinds, index), _column(subjects, index), _column(details, index), _column(arguments, "q")]
    return b"".join(out)


class _Bytes:
    """Reads a layout front to back; every problem is a ValueError naming the byte."""

    def __init__(self, data):
        self.data, self.at = data, 0

    def take(self, code):
        size = struct.calcsize("<" + code)
        if self.at + size > len(self.data):
            raise ValueError("the layout ends at byte %d, inside a value" % len(self.data))
        value = struct.unpack_from("<" + code, self.data, self.at)[0]
        self.at += size
        return value

    def text(self):
        size = self.take("I")
        if self.at + size > len(self.data):
            raise ValueError("a text of %d bytes at byte %d passes the end" % (size, self.at))
        data = self.data[self.at:self.at + size]
        self.at += size
        return data.decode("utf-8")

    def column(self, count, code):
        form = self.take("B")
        if form == 0:
            if count * struct.calcsize(code) > len(self.data) - self.at:
                raise ValueError("%d values do not fit the bytes left at byte %d" % (count, self.at))
            return [self.take(code) for _ in range(count)]
        if form != 1:
            raise ValueError("column form %d at byte %d" % (form, self.at - 1))
        values = []
        for _ in range(self.take("I")):
            value, length = self.take(code), self.take("I")
            if length < 1 or len(values) + length > count:
                raise ValueError("a run of %d at byte %d passes the column's %d values" % (length, self.at - 4, count))
            values += [value] * length
        if len(values) != count:
            raise ValueError("the runs hold %d values, not %d" % (len(values), count))
        return values

    def end(self):
        if self.at != len(self.data):
            raise ValueError("%d bytes after the end of the layout" % (len(self.data) - self.at))


def decode_trace(data):
    """Plain frames and events from the bytes of a binary_trace (the reverse of encode_trace)."""
    reader = _Bytes(data)
    layout_number = reader.take("B")
    if layout_number not in (2, 3):
        raise ValueError("binary_trace: not layout 2 or 3")
    extensions = [reader.text() for _ in range(reader.take("I"))] if layout_number == 3 else []
    if len(set(extensions)) != len(extensions) or VIEW_MEMBERS & set(extensions):
        raise ValueError("binary_trace: extension names repeat or name a layout 2 member")
    count = reader.take("I")
    times, progresses = reader.column(count, "d"), reader.column(count, "d")
    keys = [reader.text() for _ in range(reader.take("I"))]
    rows = []
    for _ in range(reader.take("I")):
        n, k = reader.take("I"), reader.take("I")
        row = [reader.take("I") for _ in range(k)]
        rows += [row] * n
    if len(rows) != count or any(index >= len(keys) for row in rows for index in row):
        raise ValueError("binary_trace: the layout does not describe %d frames of %d views" % (count, len(keys)))
    frames = [{"t": times[i], "progress": progresses[i], "views": [None] * len(rows[i])} for i in range(count)]
    for view_index, key in enumerate(keys):
        places = [(i, p) for i, row in enumerate(rows) for p, index in enumerate(row) if index == view_index]
        numbers = {name: reader.column(len(places), "d") for name in VIEW_NUMBERS}
        zs, hiddens = reader.column(len(places), "q"), reader.column(len(places), "B")
        extended = {name: reader.column(len(places), "d") for name in extensions}
        for n, (i, p) in enumerate(places):
            view = {"key": key}
            for name in ("x", "y", "w", "h", "alpha"):
                view[name] = numbers[name][n]
            view["transform"] = [numbers[name][n] for name in ("a", "b", "c", "d", "tx", "ty")]
            view["z"], view["hidden"] = zs[n], hiddens[n] == 1
            for name in ("rotation_x", "rotation_y", "m34"):
                if _is_set(numbers[name][n]):
                    view[name] = numbers[name][n]
            for name in extensions:
                if _is_set(extended[name][n]):
                    view[name] = extended[name][n]
            frames[i]["views"][p] = view
    events_count, texts_count = reader.take("I"), reader.take("I")
    texts = [reader.text() for _ in range(texts_count)]
    index = "B" if texts_count <= 256 else "H" if texts_count <= 65536 else "I"
    times = reader.column(events_count, "d")
    kinds, subjects, details = (reader.column(events_count, index) for _ in range(3))
    arguments = reader.column(events_count, "q")
    reader.end()
    events = []
    for i in range(events_count):
        detail = texts[details[i]]
        if arguments[i] != NO_ARGUMENT:
            magnitude = abs(arguments[i])
            detail += "%s%d.%04d)" % ("-" if arguments[i] < 0 else "", magnitude // 10000, magnitude % 10000)
        events.append({"t": times[i], "kind": texts[kinds[i]], "subject": texts[subjects[i]], "detail": detail})
    return frames, events


def encode_touches(touches):
    """The bytes of binary_touches."""
    return b"".join([struct.pack("<BI", 1, len(touches)),
                     _column([float(touch["t"]) for touch in touches], "d"),
                     _column([int(touch["id"]) for touch in touches], "q"),
                     _column([PHASES.index(touch["phase"]) for touch in touches], "B"),
                     _column([float(touch["x"]) for touch in touches], "d"),
                     _column([float(touch["y"]) for touch in touches], "d")])


def decode_touches(data):
    """Plain touches from the bytes of binary_touches."""
    reader = _Bytes(data)
    if reader.take("B") != 1:
        raise ValueError("binary_touches: not layout 1")
    count = reader.take("I")
    if count > len(data) // 8:
        raise ValueError("binary_touches: %d touches in %d bytes" % (count, len(data)))
    t, ids, phases, xs, ys = (reader.column(count, code) for code in ("d", "q", "B", "d", "d"))
    reader.end()
    if any(phase >= len(PHASES) for phase in phases):
        raise ValueError("binary_touches: a phase beyond 4")
    return [{"t": t[i], "id": ids[i], "phase": PHASES[phases[i]], "x": xs[i], "y": ys[i]} for i in range(count)]


def answer_hello(offer, binary):
    """This engine's hello for Reel's (docs/PROTOCOL.md, "Hello"): binary both ways with --binary."""
    if offer.get("protocol") != PROTOCOL:
        raise ValueError("this engine speaks protocol %d, not %r" % (PROTOCOL, offer.get("protocol")))
    answers = "binary" if binary and "binary" in offer.get("answers", []) else "plain"
    requests = "binary" if binary and "binary" in offer.get("requests", []) else "plain"
    return {"protocol": PROTOCOL, "answers": answers, "requests": requests}


def parse_arguments():
    parser = argparse.ArgumentParser(description="Example Reel engine (percent-driven transitions).")
    parser.add_argument("--threshold", type=float, default=0.5, help="finish iff progress > threshold at release")
    parser.add_argument("--duration", type=float, default=0.35, help="seconds to animate the full distance")
    parser.add_argument("--engine-version", default="1.0", help="the version the engine reports")
    parser.add_argument("--explain", action="store_true", help="send outcome.decision with every answer")
    parser.add_argument("--crash-after", type=int, default=None)
    parser.add_argument("--hang-after", type=int, default=None)
    parser.add_argument("--garbage-after", type=int, default=None)
    parser.add_argument("--answer-twice-after", type=int, default=None)
    parser.add_argument("--pad", type=int, default=0)
    parser.add_argument("--binary", action="store_true",
                        help="agree to the binary encoding both ways in the hello (plain JSON without it)")
    parser.add_argument("--no-hello", action="store_true",
                        help="answer as an engine written before the hello: no hello, plain JSON only")
    return parser.parse_args()


def ease_out_cubic(fraction):
    return 1.0 - (1.0 - fraction) ** 3


def views(axis, progress, width, height):
    """The two views at one tick, back to front."""
    identity = [1, 0, 0, 1, 0, 0]
    if axis == "x":
        below = {"key": "A.view", "x": -0.3 * width * (1.0 - progress), "y": 0}
        leaving = {"key": "B.view", "x": progress * width, "y": 0}
    else:
        below = {"key": "A.view", "x": 0, "y": 0}
        leaving = {"key": "B.view", "x": 0, "y": progress * height}
    result = []
    for z, view in enumerate((below, leaving)):
        view.update({"w": width, "h": height, "alpha": 1, "transform": identity, "z": z, "hidden": False})
        result.append(view)
    return result


def run_session(request, threshold, duration, explain=False):
    scenario = request["scenario"]["name"]
    axis = SCENARIOS.get(scenario)
    if axis is None:
        return {"error": "unknown scenario %s" % json.dumps(scenario)}
    device = request.get("device") or {"width": 390, "height": 844, "scale": 3}
    width, height = float(device["width"]), float(device["height"])
    hz = float(request.get("refresh_hz", 60))
    extent = width if axis == "x" else height
    touches = request["touches"]

    events = []
    frames = []
    hierarchy_key = "nav" if axis == "x" else "presented"

    def outcome(completed, t):
        stack = ["A"] if completed else ["A", "B"]
        return {"completed": completed, "t": t, "hierarchy": {hierarchy_key: stack}}

    driving = [touch for touch in touches if touch["id"] == touches[0]["id"]] if touches else []
    if not driving:
        return {"frames": [], "events": [], "outcome": outcome(False, 0)}

    start = driving[0]
    release = next((touch for touch in driving if touch["phase"] in ("ended", "cancelled")), driving[-1])
    origin = start[axis]
    events.append({"t": start["t"], "kind": "gesture", "subject": "pan", "detail": "began"})
    events.append({"t": start["t"], "kind": "transition", "subject": hierarchy_key, "detail": "startInteractiveTransition"})

    def progress_at(t):
        latest = start
        for touch in driving:
            if touch["t"] <= t:
                latest = touch
            else:
                break
            if touch is release:
                break
        return min(max((latest[axis] - origin) / extent, 0.0), 1.0)

    first_tick = math.ceil(start["t"] * hz)
    release_tick = math.floor(release["t"] * hz)
    for tick in range(first_tick, release_tick + 1):
        t = tick / hz
        frames.append({"t": t, "progress": progress_at(t)})

    released_progress = min(max((release[axis] - origin) / extent, 0.0), 1.0)
    finish = release["phase"] == "ended" and released_progress > threshold
    events.append({"t": release["t"], "kind": "gesture", "subject": "pan",
                   "detail": "ended" if release["phase"] == "ended" else "cancelled"})
    verb = "finish" if finish else "cancel"
    events.append({"t": release["t"], "kind": "interaction", "subject": hierarchy_key,
                   "detail": "%sInteractiveTransition(%.2f)" % (verb, released_progress)})

    target = 1.0 if finish else 0.0
    animation = duration * abs(target - released_progress)
    animation_end = release["t"] + animation
    tick = release_tick + 1
    while tick / hz < animation_end:
        t = tick / hz
        fraction = (t - release["t"]) / animation
        frames.append({"t": t, "progress": released_progress + (target - released_progress) * ease_out_cubic(fraction)})
        tick += 1
    # The animation completes on the first display tick at or after its end.
    end_time = tick / hz
    frames.append({"t": end_time, "progress": target})
    events.append({"t": end_time, "kind": "transition", "subject": hierarchy_key,
                   "detail": "completeTransition(%s)" % ("true" if finish else "false")})

    for frame in frames:
        frame["views"] = views(axis, frame["progress"], width, height)
    result = {"frames": frames, "events": events, "outcome": outcome(finish, end_time)}
    if explain:
        state = "pan.ended" if release["phase"] == "ended" else "pan.cancelled"
        if release["phase"] == "ended":
            result["outcome"]["decision"] = {
                "rule": "progressThreshold", "source": "example_engine.py: finish iff progress > threshold at release",
                "recognizer_state": state, "finish": finish, "progress": released_progress,
                "value": released_progress, "threshold": threshold}
        else:
            result["outcome"]["decision"] = {
                "rule": "gestureCancelled", "source": "example_engine.py: a cancelled touch never finishes",
                "recognizer_state": state, "finish": False}
    return result


def main():
    arguments = parse_arguments()
    answered = 0
    # What the hello agreed (plain JSON until one does, and for an engine without one).
    agreed = {"answers": "plain", "requests": "plain"}
    stdin = sys.stdin.buffer
    stdout = sys.stdout
    while True:
        line = stdin.readline()
        if not line:
            return
        if not line.strip():
            continue
        if arguments.crash_after is not None and answered >= arguments.crash_after:
            sys.stderr.write("example engine: crashing on purpose\n")
            sys.stderr.flush()
            sys.exit(3)
        if arguments.hang_after is not None and answered >= arguments.hang_after:
            while True:
                time.sleep(3600)
        if arguments.garbage_after is not None and answered >= arguments.garbage_after:
            stdout.write("this is not json {\n")
            stdout.flush()
            answered += 1
            continue
        request_id = None
        hello = None
        try:
            request = json.loads(line)
            request_id = request.get("id")
            if "hello" in request and not arguments.no_hello:
                hello = answer_hello(request["hello"], arguments.binary)
                agreed = hello
            if "binary_touches" in request:
                request["touches"] = decode_touches(base64.urlsafe_b64decode(request["binary_touches"]))
            response = run_session(request, arguments.threshold, arguments.duration, arguments.explain)
        except (ValueError, KeyError, TypeError, AttributeError, struct.error) as problem:
            response = {"error": "bad request: %s" % problem}
        if "error" not in response:
            response = {"engine": {"name": ENGINE_NAME, "version": arguments.engine_version}, **response}
            if agreed["answers"] == "binary":
                layout = encode_trace(response.pop("frames"), response.pop("events"))
                response["binary_trace"] = base64.urlsafe_b64encode(layout).decode("ascii")
            if arguments.pad:
                response["padding"] = "x" * arguments.pad
        if hello is not None:
            response = {"hello": hello, **response}
        if request_id is not None:
            response = {"id": request_id, **response}
        text = json.dumps(response, separators=(",", ":"), sort_keys=False, allow_nan=False) + "\n"
        twice = arguments.answer_twice_after is not None and answered >= arguments.answer_twice_after
        stdout.write(text * (2 if twice else 1))
        stdout.flush()
        answered += 1


if __name__ == "__main__":
    main()
