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

Usage: example_engine.py [--threshold 0.5] [--duration 0.35] [--engine-version 1.0] [--explain]
Test-only misbehaviour, counted per process: --crash-after N, --hang-after N, --garbage-after N,
--answer-twice-after N (answer N requests normally, then crash / hang / print garbage / write
every answer twice), --pad BYTES (add an extra "padding" member of that many bytes to every
response).
"""

import argparse
import json
import math
import sys
import time

ENGINE_NAME = "example-percent-engine"

SCENARIOS = {
    # name: (axis, from-controller, to-controller)
    "nav.interactive-pop": "x",
    "sheet.interactive-dismiss": "y",
}


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
        try:
            request = json.loads(line)
            request_id = request.get("id")
            response = run_session(request, arguments.threshold, arguments.duration, arguments.explain)
        except (ValueError, KeyError, TypeError, AttributeError) as problem:
            response = {"error": "bad request: %s" % problem}
        if "error" not in response:
            response = {"engine": {"name": ENGINE_NAME, "version": arguments.engine_version}, **response}
            if arguments.pad:
                response["padding"] = "x" * arguments.pad
        if request_id is not None:
            response = {"id": request_id, **response}
        text = json.dumps(response, separators=(",", ":"), sort_keys=False, allow_nan=False) + "\n"
        twice = arguments.answer_twice_after is not None and answered >= arguments.answer_twice_after
        stdout.write(text * (2 if twice else 1))
        stdout.flush()
        answered += 1


if __name__ == "__main__":
    main()
