#!/usr/bin/env python3
"""Checks a render trace's Perfetto file (`make trace` writes it next to the
JSON): decodes it with `protoc --decode=perfetto.protos.Trace` against
Scripts/perfetto_trace.proto (the part of Perfetto's schema the export
writes) and compares it with the Chrome JSON of the same trace. Exits
non-zero if protoc cannot decode it, if a field is not in the schema, if
timestamps go back, if a slice end has no begin, if a name is used before
it is interned, or if the slices and instants per category differ from the
JSON's. Without protoc, says the check was skipped and exits 0.

usage: perfetto_check.py FILE.pftrace FILE.json
"""

import collections
import json
import os
import re
import shutil
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in Scripts/

SCRIPTS = os.path.dirname(os.path.abspath(__file__))
FIELD = re.compile(r'^(\w+): (.*)$')


def fail(path, message):
    sys.exit(f"perfetto-check: {path}: {message}")


def read_event(path, values, interned, per_category, open_slices, deepest):
    """Counts a track event by kind and category; returns the slices open
    after it and the deepest nesting so far."""
    kind = values.get("type")
    if kind == "TYPE_SLICE_END":
        if open_slices == 0:
            fail(path, "a slice end with no begin")
        return open_slices - 1, deepest
    for key in ("category_iids", "name_iid"):
        if values.get(key) not in interned:
            fail(path, f"{key} {values.get(key)} used before it is interned")
    category = interned[values["category_iids"]]
    if kind == "TYPE_SLICE_BEGIN":
        per_category[("X", category)] += 1
        return open_slices + 1, max(deepest, open_slices + 1)
    if kind == "TYPE_INSTANT":
        per_category[("i", category)] += 1
        return open_slices, deepest
    fail(path, f"a track event of type {kind}")


def check(path, json_path):
    protoc = shutil.which("protoc")
    if protoc is None:
        print(f"perfetto-check: {path}: skipped (no protoc; apt-get install protobuf-compiler)")
        return
    with open(path, "rb") as trace_file:
        decoder = subprocess.Popen(
            [protoc, f"--proto_path={SCRIPTS}", "--decode=perfetto.protos.Trace", "perfetto_trace.proto"],
            stdin=trace_file, stdout=subprocess.PIPE, text=True,
        )
        blocks = []          # the open messages, outermost first
        fields = []          # their fields so far, one dict per open message
        interned = {}        # iid -> name
        per_category = collections.Counter()
        names = {"process": None, "thread": None}
        open_slices = 0
        deepest = 0
        last_time = 0
        packets = 0
        event = None
        for line in decoder.stdout:
            line = line.strip()
            if line.endswith("{"):
                blocks.append(line[:-1].strip())
                fields.append({})
            elif line == "}":
                block, values = blocks.pop(), fields.pop()
                if block in ("event_categories", "event_names", "debug_annotation_names"):
                    iid = values["iid"]
                    if iid in interned:
                        fail(path, f"iid {iid} interned twice")
                    interned[iid] = values["name"]
                elif block == "process":
                    names["process"] = values.get("process_name")
                elif block == "thread":
                    names["thread"] = values.get("thread_name")
                elif block == "track_event":
                    # Read with its packet: protoc prints the packet's
                    # interned data (field 12) after it (field 11).
                    event = values
                elif block == "packet":
                    packets += 1
                    if event is not None:
                        open_slices, deepest = read_event(path, event, interned, per_category, open_slices, deepest)
                        event = None
                    time = int(values.get("timestamp", last_time))
                    if time < last_time:
                        fail(path, f"time goes back at {time}")
                    last_time = time
            else:
                match = FIELD.match(line)
                if not match:
                    fail(path, f"cannot read the decoded line {line!r}")
                key, value = match.groups()
                if key[0].isdigit():
                    fail(path, f"field {key} is not in perfetto_trace.proto")
                fields[-1][key] = value.strip('"')
        if decoder.wait() != 0:
            fail(path, "protoc cannot decode it as a perfetto.protos.Trace")
    if open_slices != 0:
        fail(path, f"{open_slices} slices never end")
    if names != {"process": "FastWorkflow", "thread": "main queue"}:
        fail(path, f"tracks {names}")
    with open(json_path) as json_file:
        events = json.load(json_file)["traceEvents"]
    expected = collections.Counter((e["ph"], e["cat"]) for e in events if e["ph"] in ("X", "i"))
    if per_category != expected:
        fail(path, f"events per category {dict(per_category)}, the JSON has {dict(expected)}")
    counts = ", ".join(f"{count} {category} {'slices' if kind == 'X' else 'instants'}"
                       for (kind, category), count in sorted(per_category.items()))
    print(f"perfetto-check: {path}: {os.path.getsize(path):,} bytes, {packets:,} packets: {counts}; "
          f"slices nested {deepest} deep; the same events as {os.path.basename(json_path)}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    check(sys.argv[1], sys.argv[2])
