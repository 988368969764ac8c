#!/usr/bin/env python3
"""Writes the benchmark report from results/bench.json (written by `make bench`):

  results/report/index.html   one page, charts inline, tables of figures
  results/report/speedup.svg  the speed-up per workload (the README chart)
  results/report/scaling.svg  W7: cost per op against node count, log-log
  results/report/memory.svg   W6: bytes per node

Usage: Scripts/report.py [--input results/bench.json] [--output results/report]
"""

import argparse
import json
import os
import sys
import xml.etree.ElementTree as ElementTree

sys.dont_write_bytecode = True  # no __pycache__ left in Scripts/

from reporting import memory_chart, page, scaling_chart, speedup_chart


def target_of(rows, workload):
    return next((r.get("target") for r in rows if r.get("workload") == workload
                 and r.get("target")), None)


def memory_target(doc, rows):
    memory = doc.get("memory") if isinstance(doc.get("memory"), dict) else {}
    return memory.get("target") or target_of(rows, "W6")


def build_charts(doc):
    rows = [r for r in doc.get("rows") or [] if isinstance(r, dict)]
    subtitle = " · ".join(str(doc[k]) for k in ("date", "machine") if doc.get(k))
    return {
        "speedup": speedup_chart.render(rows, subtitle),
        "scaling": scaling_chart.render(doc.get("scaling") or [], target_of(rows, "W7")),
        "memory": memory_chart.render(doc.get("memory"), memory_target(doc, rows)),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--input", default="results/bench.json")
    parser.add_argument("--output", default="results/report")
    args = parser.parse_args()
    try:
        with open(args.input, encoding="utf-8") as file:
            doc = json.load(file)
    except (OSError, ValueError) as error:
        sys.exit(f"report: cannot read {args.input}: {error} (run `make bench` first)")

    charts = build_charts(doc)
    os.makedirs(args.output, exist_ok=True)
    for name, svg in charts.items():
        # A malformed chart fails here rather than as a blank image in a browser.
        ElementTree.fromstring(svg)
        with open(os.path.join(args.output, f"{name}.svg"), "w", encoding="utf-8") as file:
            file.write(svg + "\n")
    index = os.path.join(args.output, "index.html")
    with open(index, "w", encoding="utf-8") as file:
        file.write(page.render(doc, charts, args.input))
    rows = len(doc.get("rows") or [])
    print(f"report: {index} ({rows} rows) and {', '.join(f'{n}.svg' for n in charts)}")


if __name__ == "__main__":
    main()
