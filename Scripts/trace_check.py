#!/usr/bin/env python3
"""Checks a render trace written by `make trace` (Chrome trace-event JSON)
and prints what it holds: passes, render slices and how deep they nest,
skip events, cascade flows. Exits non-zero if the file does not parse as a
trace-event file, if a render slice is not inside its parent's or its
pass's, or if a flow has no end.
"""

import json
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in Scripts/


def fail(path, message):
    sys.exit(f"trace-check: {path}: {message}")


def check(path):
    with open(path) as trace_file:
        try:
            trace = json.load(trace_file)
        except json.JSONDecodeError as error:
            fail(path, f"not JSON: {error}")
    events = trace.get("traceEvents") if isinstance(trace, dict) else None
    if not isinstance(events, list):
        fail(path, "no traceEvents list")
    for event in events:
        if not isinstance(event, dict) or "ph" not in event or "pid" not in event or "tid" not in event:
            fail(path, f"not a trace event: {event!r}")
    slices = sorted((e for e in events if e["ph"] == "X"), key=lambda e: (e["ts"], -e["dur"]))
    renders = [e for e in slices if e.get("cat") == "render"]
    passes = [e for e in slices if e.get("cat") == "pass"]
    skips = [e for e in events if e["ph"] == "i" and e.get("cat") == "skip"]
    starts = {e["id"] for e in events if e["ph"] == "s"}
    finishes = {e["id"] for e in events if e["ph"] == "f"}
    if not renders:
        fail(path, "no render slice")
    if starts != finishes:
        fail(path, f"flows without both ends: {sorted(starts ^ finishes)[:5]}")
    # Nesting: a stack of the open slices; each render slice must lie inside
    # the slice on top once the ones that ended before it are popped.
    stack, deepest = [], 0
    for event in slices:
        begin, end = event["ts"], event["ts"] + event["dur"]
        while stack and stack[-1][1] <= begin:
            stack.pop()
        if event.get("cat") == "render":
            if not stack or end > stack[-1][1]:
                fail(path, f"render slice {event['name']!r} at {begin} is not inside its parent's")
            depth = sum(1 for item in stack if item[2] == "render")
            deepest = max(deepest, depth)
        stack.append((begin, end, event.get("cat")))
    print(f"trace-check: {path}: {len(events)} events: {len(passes)} passes, {len(renders)} render slices "
          f"nested {deepest + 1} deep, {len(skips)} skip events, {len(starts)} cascade flows")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: trace_check.py TRACE.json")
    check(sys.argv[1])
