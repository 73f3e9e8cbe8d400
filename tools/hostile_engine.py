#!/usr/bin/env python3
"""A proxy engine for Reel's tests: answers as tools/example_engine.py does, then bends the answer.

Every answer is valid JSON (one line); the values and sizes are what a careless or hostile engine
might send. Modes:

  shift-frames          every frame one display tick later (the diff must see it)
  backwards-frames      frame times negated: negative and going backwards
  no-hierarchy          outcome.hierarchy left out (the protocol makes it optional)
  distinct-events N     N extra events, each with a detail of its own
  big N                 N frames of 8 views each after the example's (a large answer); with
                        REEL_PEAK_FILE set, appends at each request the peak resident memory
                        (VmHWM, kB) of its parent process, Reel, as "<request number> <kB>"
                        (and see below)
  repeat-big N          as big, built once for the first request and sent again for every later
                        one (only the id changes): many large answers, fast
  fuzz SEED             one of many hostile changes, chosen and sized from SEED and the request
                        number
  binary2-runs F V      a `binary_trace` of layout version 2 (docs/PROTOCOL.md) whose every column
                        is one run: F frames of V views at one time, no events (a few hundred
                        bytes that stand for F x V view states)
  binary2-texts N       version 2, one frame of one view and one event, among N empty event texts
  binary2-keys N        version 2, one frame of one view, among N view keys that no frame holds
                        (refused: every key must be held)

With REEL_PEAK_FILE set, every mode appends "<request number> <kB>" at each request and
"end <kB>" when its input ends (Reel is done with it), and writes each answer's line length in
bytes to REEL_PEAK_FILE.sizes, one a line.

Usage: hostile_engine.py MODE [ARGUMENT]; run it with `exec` (`exec:exec python3 ...`) so that
Reel is its parent.
"""
import base64
import json
import os
import random
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from example_engine import ENGINE_NAME, run_session  # noqa: E402


def peak_of_parent():
    with open(f"/proc/{os.getppid()}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def view(key, x):
    return {"key": key, "x": x, "y": 0.0, "w": 390.0, "h": 844.0, "alpha": 1.0,
            "transform": [1.0, 0.0, 0.0, 1.0, 0.0, 0.0], "z": 0, "hidden": False}


def u32(value):
    return struct.pack("<I", value)


def one_run(count, value):
    """column<X>(count) as one run of `value` (its bytes), form 1; form 0 when empty."""
    return b"\x01" + u32(1) + value + u32(count) if count else b"\x00"


def text(data):
    return u32(len(data)) + data


PHASES = ["began", "moved", "stationary", "ended", "cancelled"]


def plain_touches(text):
    """A request's `binary_touches` (docs/PROTOCOL.md, "Binary requests") as plain touches: Reel
    sends them once this process has answered in binary."""
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    offset = 5
    count = struct.unpack_from("<I", data, 1)[0]

    def column(size, kind):
        nonlocal offset
        form = data[offset]
        offset += 1
        if form == 0:
            values = list(struct.unpack_from("<%d%s" % (count, kind), data, offset))
            offset += size * count
            return values
        runs = struct.unpack_from("<I", data, offset)[0]
        offset += 4
        values = []
        for _ in range(runs):
            value, length = struct.unpack_from("<%sI" % kind, data, offset)
            offset += size + 4
            values += [value] * length
        return values

    t, ids, phases, xs, ys = column(8, "d"), column(8, "q"), column(1, "B"), column(8, "d"), column(8, "d")
    return [{"t": t[i], "id": ids[i], "phase": PHASES[phases[i]], "x": xs[i], "y": ys[i]} for i in range(count)]


def binary2(t, frames, keys, held, texts, events):
    """A version-2 layout: `frames` frames at time t holding the views `held` (indices into
    `keys`), each view's columns one run; `events` events of the first text among `texts`."""
    f64 = lambda value: struct.pack("<d", value)
    out = [b"\x02", u32(frames), one_run(frames, f64(t)), one_run(frames, f64(1.0)), u32(len(keys))]
    out += [text(key) for key in keys]
    out += [u32(1), u32(frames), u32(len(held))] + [u32(index) for index in sorted(held)] if frames else [u32(0)]
    values = [0.0, 0.0, 390.0, 844.0, 1.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    for index in range(len(keys)):
        if index not in held or not frames:
            out.append(b"\x00" * 16)  # no frame holds it: 16 empty columns
            continue
        out += [one_run(frames, f64(value)) for value in values]
        out += [one_run(frames, struct.pack("<q", index)), one_run(frames, b"\x00")]
    out += [u32(events), u32(len(texts))]
    out.append(u32(0) * len(texts) if not any(texts) else b"".join(text(item) for item in texts))
    width = "<B" if len(texts) <= 256 else "<H" if len(texts) <= 65536 else "<I"
    out.append(one_run(events, f64(t)))
    out += [one_run(events, struct.pack(width, 0)) for _ in range(3)]
    out.append(one_run(events, struct.pack("<q", -2 ** 63)))
    return b"".join(out)


LAYOUTS = {}


def binary_answer(mode, count, answer):
    """The example's answer with its trace replaced by a version-2 layout of `mode` (made once
    per frame time: large layouts take Python seconds)."""
    t = answer["frames"][0]["t"] if answer["frames"] else 0.0
    if (mode, t) not in LAYOUTS:
        LAYOUTS[(mode, t)] = base64.urlsafe_b64encode(layout_of(mode, count, t)).decode()
    return {"engine": answer["engine"], "outcome": answer["outcome"], "binary_trace": LAYOUTS[(mode, t)]}


def layout_of(mode, count, t):
    if mode == "binary2-runs":
        frames, views = count
        layout = binary2(t, frames, [b"V%d.view" % index for index in range(views)], set(range(views)), [], 0)
    elif mode == "binary2-texts":
        layout = binary2(t, 1, [b"V0.view"], {0}, [b""] * count[0], 1)
    else:
        layout = binary2(t, 1, [b"k%d" % index for index in range(count[0])], {0}, [b"log"], 1)
    return layout


def fuzz(answer, rng, hz):
    frames, events, outcome = answer["frames"], answer["events"], answer["outcome"]
    huge = rng.choice([1e308, -1e308, 5e-324, -0.0, 2.0 ** 53, 1e300])
    choice = rng.randrange(24)
    if choice == 0 and frames:
        rng.choice(frames)["t"] = -rng.uniform(0, 1e6)
    elif choice == 1 and len(frames) > 1:
        frames.reverse()
    elif choice == 2 and frames:
        frames[-1]["t"] = huge
    elif choice == 3 and frames:
        rng.choice(frames)["progress"] = huge
    elif choice == 4 and frames:
        rng.choice(rng.choice(frames)["views"])["x"] = huge
    elif choice == 5 and frames:
        rng.choice(rng.choice(frames)["views"])["key"] = "\x1b]0;pwned\x07" + "k" * rng.choice([0, 10, 100000])
    elif choice == 6 and frames:
        rng.choice(frames)["views"] = [view("v%d" % index, index) for index in range(rng.choice([0, 500, 5000]))]
    elif choice == 7 and frames:
        rng.choice(rng.choice(frames)["views"])["z"] = rng.choice([2 ** 53, -2 ** 53, 2 ** 63, 1.5])
    elif choice == 8 and frames:
        rng.choice(rng.choice(frames)["views"])["transform"] = [1.0] * rng.choice([0, 5, 7, 10000])
    elif choice == 9:
        for index in range(rng.choice([5000, 20000])):
            events.append({"t": 0.0, "kind": "k", "subject": "s", "detail": "d%d" % index})
    elif choice == 10:
        events.append({"t": 0.0, "kind": "k", "subject": "s", "detail": "x" * rng.choice([1000, 3000000])})
    elif choice == 11:
        outcome["t"] = rng.choice([-1e6, huge, 1e9])
    elif choice == 12:
        nested = 0
        for _ in range(rng.choice([100, 400])):
            nested = [nested]
        outcome["hierarchy"] = nested
    elif choice == 13:
        outcome["hierarchy"] = {"k%d" % index: "x" * 100 for index in range(rng.choice([10, 20000]))}
    elif choice == 14:
        answer["engine"]["name"] = "\x1b[2J" + "n" * rng.choice([10, 1000000])
    elif choice == 15:
        answer["padding"] = [rng.random() for _ in range(rng.choice([10, 300000]))]
    elif choice == 16 and frames:
        for frame in frames:
            frame["t"] = frames[0]["t"]
    elif choice == 17:
        answer["frames"] = [{"t": index / hz, "progress": 0.5, "views": []} for index in range(rng.choice([1000, 290000]))]
    elif choice == 18 and events:
        rng.choice(events)["t"] = huge
    elif choice == 19:
        outcome.pop("hierarchy", None)
    elif choice == 20 and frames:
        rng.choice(frames)["extra"] = {"deep": [[[[{"a": [1, 2, {"b": None}]}]]]] * 1000}
    elif choice == 21:
        answer["engine"]["version"] = "\u202e\u0000" + "v" * 300
    elif choice == 22 and frames:
        frames.insert(0, dict(frames[0], t=frames[0]["t"] - 700.0))
    else:
        outcome["completed"] = not outcome["completed"]


def main():
    mode = sys.argv[1]
    argument = sys.argv[2] if len(sys.argv) > 2 else "0"
    peak_file = os.environ.get("REEL_PEAK_FILE")
    number = 0
    repeated = None
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        number += 1
        if peak_file:
            with open(peak_file, "a") as file:
                file.write(f"{number} {peak_of_parent()}\n")
        request = json.loads(line)
        if "binary_touches" in request:
            request["touches"] = plain_touches(request.pop("binary_touches"))
        if mode == "repeat-big" and repeated is not None:
            sys.stdout.write('{"id":%d,' % request["id"] + repeated)
            sys.stdout.flush()
            continue
        hz = float(request.get("refresh_hz", 60))
        answer = {"engine": {"name": ENGINE_NAME, "version": "1.0"}, **run_session(request, 0.5, 0.35)}
        if mode == "shift-frames":
            for frame in answer["frames"]:
                frame["t"] += 1 / hz
        elif mode == "backwards-frames":
            for frame in answer["frames"]:
                frame["t"] = -frame["t"]
        elif mode == "no-hierarchy":
            answer["outcome"].pop("hierarchy")
        elif mode == "distinct-events":
            answer["events"] += [{"t": answer["outcome"]["t"], "kind": "log", "subject": "x", "detail": "detail %d" % index}
                                 for index in range(int(argument))]
        elif mode in ("big", "repeat-big"):
            last = answer["frames"][-1]["t"]
            keys = ["V%d.view" % index for index in range(8)]
            answer["frames"] += [{"t": last + (index + 1) / hz, "progress": 1.0,
                                  "views": [view(key, float(index % 390)) for key in keys]}
                                 for index in range(int(argument))]
        elif mode == "fuzz":
            fuzz(answer, random.Random(f"{argument}/{number}"), hz)
        elif mode.startswith("binary2-"):
            answer = binary_answer(mode, [int(value) for value in sys.argv[2:]], answer)
            if "hello" in request:
                # Protocol 2 (docs/PROTOCOL.md, "Hello"): binary answers only once agreed; requests stay plain.
                answer = {"hello": {"protocol": 2, "answers": "binary", "requests": "plain"}, **answer}
        if mode == "repeat-big":
            repeated = json.dumps(answer, separators=(",", ":"))[1:] + "\n"
        if "id" in request:
            answer = {"id": request["id"], **answer}
        written = json.dumps(answer, separators=(",", ":"), allow_nan=True) + "\n"
        if peak_file:
            with open(peak_file + ".sizes", "a") as file:
                file.write(f"{len(written.encode())}\n")
        sys.stdout.write(written)
        sys.stdout.flush()
    if peak_file:
        with open(peak_file, "a") as file:
            file.write(f"end {peak_of_parent()}\n")


if __name__ == "__main__":
    main()
