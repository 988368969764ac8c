#!/usr/bin/env python3
"""Writes summary.txt for `make profile`: instructions per operation and the
top functions from two callgrind runs, allocation sites from two jemalloc
heap profiles, names demangled with `swift demangle --simplified`.

Each tool runs the workload twice, with N operations and with 1: the
difference divided by N - 1 is the steady-state cost of one operation, with
process start-up, tree building and the first (warm-up) operation taken out.
"""

import argparse
import os
import re
import subprocess
import sys
from datetime import datetime, timezone

sys.dont_write_bytecode = True  # no __pycache__ left in Scripts/

from profiling import callgrind_file, heap_profile

# Frames that only wrap the whole run: their inclusive cost is the total.
WRAPPERS = re.compile(r"^(\(below main\)|__libc_start_\w*|_start|main|0x[0-9a-f]+)(@.*)?$")
NAME_WIDTH = 110
# Standard-library frames between an allocation and the code that caused it.
LIBRARY = re.compile(r"^(specialized |static |generic specialization .*? of )*"
                     r"(_?ContiguousArray|Array|_ArrayBuffer|_ContiguousArrayBuffer|Dictionary|"
                     r"_NativeDictionary|_DictionaryStorage|Set|_NativeSet|_SetStorage|String|"
                     r"_StringGuts|__StringStorage|_allocateStringStorage|_copyCollectionToContiguousArray|"
                     r"Sequence|Collection|RangeReplaceableCollection)\b")


def demangle(names):
    """Demangles all names in one `swift demangle` call; raw names if it fails."""
    names = list(names)
    try:
        result = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                                capture_output=True, text=True, check=True)
        lines = result.stdout.split("\n")
        if len(lines) >= len(names):
            return dict(zip(names, lines))
    except (OSError, subprocess.CalledProcessError):
        pass
    return {name: name for name in names}


def short(name, width=NAME_WIDTH):
    return name if len(name) <= width else name[: width - 1] + "…"


def per_op(full, base, steps):
    """Per-key steady-state figure: (full run - one-op run) / (N - 1)."""
    return {key: (value - base.get(key, 0)) / steps for key, value in full.items()}


def function_table(title, costs, total, names, top):
    # Below 0.05% of an op is noise from subtracting the two runs.
    rows = sorted(((v, k) for k, v in costs.items()
                   if v > max(total, 0) * 0.0005 and not WRAPPERS.match(k[0])),
                  reverse=True)[:top]
    lines = [title, f"  {'instr/op':>12}  {'share':>6}  function  [object]"]
    for value, (name, obj) in rows:
        share = f"{100 * value / total:5.1f}%" if total > 0 else "     -"
        if total > 0 and value > total * 1.001:
            share = "  rec."  # over 100%: nested calls of a recursion counted again
        where = os.path.basename(obj or "?")
        lines.append(f"  {value:12,.0f}  {share}  {short(names[name])}  [{where}]")
    if not rows:
        lines.append("  (none)")
    return lines


def cpu_section(args, top):
    full, base = callgrind_file.read(args.callgrind), callgrind_file.read(args.callgrind_base)
    steps = max(args.ops - 1, 1)
    total_per_op = (full.total - base.total) / steps
    self_per_op = per_op(full.self_cost, base.self_cost, steps)
    inclusive_per_op = per_op(full.inclusive, base.inclusive, steps)
    names = demangle({k[0] for k in list(self_per_op) + list(inclusive_per_op)})
    lines = [
        "CPU: callgrind instruction counts (the per-op figure repeats within a few "
        "instructions on the same binary)",
        f"  run with {args.ops:,} ops: {full.total:>16,} instructions",
        f"  run with 1 op:   {' ' * max(len(f'{args.ops:,}') - 1, 0)}"
        f"{base.total:>16,} instructions (start-up, building the tree, first op)",
        f"  per op, steady state: {total_per_op:,.0f} instructions",
        f"  malloc calls per op, steady state: "
        f"{(full.allocations - base.allocations) / steps:,.2f} (exact, from call counts)",
        "",
    ]
    lines += function_table(f"Top {top} functions by self instructions per op",
                            self_per_op, total_per_op, names, top)
    lines.append("")
    lines += function_table(f"Top {top} functions by inclusive instructions per op "
                            "(rec.: mutually recursive, nested calls counted again)",
                            inclusive_per_op, total_per_op, names, top)
    return lines


def site_table(title, sites, column, top, names, scale=1.0):
    """column: 1 live bytes, 3 allocated bytes (objects are the column before)."""
    rows = sorted(((v[column] / scale, v[column - 1] / scale, k) for k, v in sites.items()
                   if v[column] / scale >= 0.5), reverse=True)[:top]
    lines = [title, f"  {'bytes':>12}  {'objects':>10}  site  <- caller"]
    for size, objects, (site, caller) in rows:
        lines.append(f"  {size:12,.0f}  {objects:10,.1f}  {short(names[site], 70)}"
                     f"  <- {short(names[caller], 60)}")
    if not rows:
        lines.append("  (none)")
    return lines


def heap_sites(binary, heap):
    samples = heap_profile.read_samples(heap)
    return heap_profile.by_site(samples, heap_profile.symbolize(binary, heap, samples))


def sampling(lg_sample):
    if str(lg_sample) == "0":
        return "every allocation recorded"
    return (f"one sample per 2^{lg_sample} bytes on average: estimates, and the per-op "
            "figures are noisy (LG_PROF_SAMPLE=0 records every allocation)")


def collapse(stacks, names):
    """(site, caller) -> figures: the site is the first frame above the allocator;
    the caller is the first frame above it that is not standard-library plumbing
    (array growth, string storage), so it names the code that wanted the memory."""
    sites = {}
    for frames, figures in stacks.items():
        readable = [names[f] for f in frames]
        caller = next((f for f in readable[1:] if not LIBRARY.match(f)),
                      readable[1] if len(readable) > 1 else "?")
        row = sites.setdefault((readable[0], caller), [0.0] * 4)
        for i in range(4):
            row[i] += figures[i]
    return sites


def heap_section(args, top):
    full, base = heap_sites(args.binary, args.heap), heap_sites(args.binary, args.heap_base)
    names = demangle({n for sites in (full, base) for key in sites for n in key})
    full, base = collapse(full, names), collapse(base, names)
    steps = max(args.ops - 1, 1)
    steady = {k: [v[i] - base.get(k, [0] * 4)[i] for i in range(4)] for k, v in full.items()}
    names = {n: n for key in full for n in key}
    allocated = sum(max(v[3], 0) for v in steady.values()) / steps
    objects = sum(max(v[2], 0) for v in steady.values()) / steps
    lines = [
        f"Heap: jemalloc heap profile, {sampling(args.lg_sample)}",
        f"  allocated per op, steady state: about {allocated:,.0f} bytes in {objects:,.1f} objects",
        "",
    ]
    lines += site_table(f"Top allocation sites per op, steady state", steady, 3, top, names, steps)
    lines.append("")
    lines += site_table(f"Top allocation sites over the whole {args.ops:,}-op run", full, 3,
                        top, names)
    lines.append("")
    lines += site_table(f"Live after the {args.ops:,} ops (the tree and its caches), by site",
                        full, 1, top, names)
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name in ("profile", "variant", "binary", "callgrind", "callgrind-base", "heap",
                 "heap-base", "output"):
        parser.add_argument(f"--{name}", required=True)
    parser.add_argument("--ops", type=int, required=True)
    parser.add_argument("--lg-sample", default="12")
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()

    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [f"Profile {args.profile}, variant {args.variant}, {args.ops:,} ops ({when})",
             f"binary: {args.binary}", ""]
    lines += cpu_section(args, args.top)
    lines += ["", ""] + heap_section(args, min(args.top, 15))
    folder = os.path.dirname(args.output)
    lines += ["", "Files: " + ", ".join(sorted(f for f in os.listdir(folder or ".")
                                                  if f != os.path.basename(args.output)))]
    with open(args.output, "w", encoding="utf-8") as file:
        file.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
