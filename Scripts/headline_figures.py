#!/usr/bin/env python3
"""Writes the headline benchmark table into the files that show it.

The table is generated, never typed: it is read from results/instructions.json
(`make bench-instructions`: callgrind instructions per op, the figure of
record) and results/bench.json (`make bench`: time and allocations per op),
and replaces what stands between the markers

    <!-- headline-figures:begin -->
    <!-- headline-figures:end -->

in each file given (README.md and the DocC benchmarks article). The table
says which runs it comes from (their dates and machine). A case missing from
both files is left out; a column whose file is missing says so.

Usage: Scripts/headline_figures.py [--instructions F] [--bench F] [--check] FILE...
  --check  exit 1 if a file's table differs from the one the results give
"""

import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True

from reporting.figures import count, duration, ratio  # the report's own printing

BEGIN = "<!-- headline-figures:begin -->"
END = "<!-- headline-figures:end -->"

# The cases the table shows: one per kind of work a user's tree does.
HEADLINE = [
    ("W1", "first render, 1,000 children"),
    ("W1-teardown", "1,000 children ended"),
    ("W2", "first render, 1,000-deep chain"),
    ("W5-create", "1,000 rows made"),
    ("W3", "leaf state change, 11,111 nodes"),
    ("W4", "no-op action, 11,111 nodes"),
    ("W5-update10th", "every 10th of 1,000 rows changed"),
    ("W5-swap", "2 of 1,000 rows swapped"),
    ("W7-1111111", "leaf state change, 1.1M nodes"),
    ("W8-squarish-propsChangeAll", "props change on all 243 leaves"),
    ("W8-squarish-create", "364 nodes with side effects made"),
    ("W8-squarish-tearDown", "364 nodes with side effects ended"),
    ("W9-queued-100000", "100,000 sends queued behind a cascade"),
    ("W10-observers-10000", "one cascade to 10,000 observers"),
    ("W11-100-off", "burst of 100 leaf sends, 11,111 nodes, 101 renderings published"),
    ("W11-100-on", "the same burst rendered once (B1), 1 rendering published"),
    ("W11-worker-off", "worker's 1,000 values into 1,000 rows, each published and walked"),
    ("W11-worker-on", "the same values rendered once (B1), 1 rendering walked"),
]

# The cases measured again with a render trace recording (the `traced`
# variant): what leaving a trace on costs.
TRACED = [
    ("W3", "W3"),
    ("W5-swap", "W5 swap"),
    ("W8-squarish-propsChangeAll", "W8 props change on all leaves"),
]


def load(path):
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError):
        return None


def ratio_of(a, b):
    """a over b, printed as the report prints ratios."""
    return ratio(a / b if a is not None and b else None)


def table(instructions, bench):
    cases = (instructions or {}).get("cases") or {}
    rows = {r.get("id"): r for r in (bench or {}).get("rows") or [] if isinstance(r, dict)}
    lines = [
        "| case | fast | reference | vanilla | ref / fast | fast, time | ref / fast, time | fast allocs |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    shown = 0
    for case_id, label in HEADLINE:
        case, row = cases.get(case_id), rows.get(case_id)
        if case is None and row is None:
            continue
        shown += 1

        def ins(variant):
            return ((case or {}).get(variant) or {}).get("instructionsPerOp")

        def fig(variant, key):
            return ((row or {}).get(variant) or {}).get(key)

        lines.append(
            f"| {case_id.split('-')[0]} {label} | {count(ins('fast'))} | {count(ins('reference'))} | {count(ins('vanilla'))}"
            f" | {ratio_of(ins('reference'), ins('fast'))} | {duration(fig('fast', 'nsPerOp'))}"
            f" | {ratio_of(fig('reference', 'nsPerOp'), fig('fast', 'nsPerOp'))} | {count(fig('fast', 'mallocsPerOp'))} |"
        )
    memory = (bench or {}).get("memory")
    if isinstance(memory, dict):
        lines.append("")
        lines.append(
            f"Memory (W6, {memory.get('nodes', 0):,} nodes built): {count(memory.get('fastBytesPerNode'))} bytes per node"
            f" on the fast runtime, {count(memory.get('referenceBytesPerNode'))} on the reference,"
            f" {count(memory.get('vanillaBytesPerNode'))} for plain structs."
        )
    traced = []
    for case_id, label in TRACED:
        variants = cases.get(case_id) or {}
        on = (variants.get("traced") or {}).get("instructionsPerOp")
        off = (variants.get("fast") or {}).get("instructionsPerOp")
        if on is not None and off:
            traced.append(f"{label} {count(on)} ({ratio_of(on, off)})")
    if traced:
        lines.append("")
        lines.append("With a render trace recording (`RenderTrace()`, its 4 MiB budget), instructions and"
                     " traced / untraced: " + ", ".join(traced) + ".")
    sources = []
    if instructions:
        sources.append(f"instructions: `make bench-instructions` of {instructions.get('date', '?')}"
                       f" ({instructions.get('toolchain', '?')}, {instructions.get('valgrind', 'callgrind')})")
    else:
        sources.append("instructions: no `results/instructions.json` when this table was written")
    if bench:
        sources.append(f"time and allocations: `make bench` of {bench.get('date', '?')}"
                       f" ({bench.get('machine', '?')}; times move by a third between runs on a shared machine,"
                       " instruction counts do not)")
    else:
        sources.append("time and allocations: no `results/bench.json` when this table was written")
    lines.append("")
    lines.append("Per operation: instructions (fast, reference, vanilla), then time and allocations."
                 " Generated by `make headline-figures` from " + "; ".join(sources) + ".")
    return "\n".join(lines), shown


def replace(text, generated):
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not pattern.search(text):
        return None
    return pattern.sub(lambda _: f"{BEGIN}\n{generated}\n{END}", text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instructions", default="results/instructions.json")
    parser.add_argument("--bench", default="results/bench.json")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    instructions, bench = load(args.instructions), load(args.bench)
    if instructions is None and bench is None:
        sys.exit(f"headline-figures: neither {args.instructions} nor {args.bench}: run `make bench-instructions` and `make bench` first")
    generated, shown = table(instructions, bench)
    if shown == 0:
        sys.exit("headline-figures: none of the headline cases is in the results")
    status = 0
    for path in args.files:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        updated = replace(text, generated)
        if updated is None:
            sys.exit(f"headline-figures: {path} has no {BEGIN} ... {END} markers")
        if args.check:
            if updated != text:
                print(f"headline-figures: {path} differs from the results")
                status = 1
            continue
        if updated != text:
            with open(path, "w", encoding="utf-8") as file:
                file.write(updated)
        print(f"headline-figures: wrote {shown} cases into {os.path.relpath(path)}")
    return status


if __name__ == "__main__":
    sys.exit(main())
