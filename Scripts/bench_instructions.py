#!/usr/bin/env python3
"""Instructions per operation of every benchmark case under callgrind:
`make bench-instructions` (the table and results/instructions.json) and the
instruction gate of `make bench-check`.

Wall-clock time moves by about 20% on these shared machines; instruction
counts repeat (to the instruction, from one run to the next on the same
binary), so they are the figure of record.

One callgrind run per case and variant: WorkloadRunner builds the tree, runs
one uncollected warm-up op, then N ops, each `run()` inside
`instructionCountedRun`, the only function collected (--collect-atstart=no
--toggle-collect). Its inclusive Ir divided by N is the steady-state cost of
one op; start-up, tree building, the warm-up and `prepare()` are left out.

The `traced` variant is the fast runtime with a render trace recording
(WorkloadRunner --record-trace), on the cases of TRACED only: what leaving a
trace on costs, as a ratio to the untraced fast host.
"""

import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import time
from datetime import datetime, timezone

sys.dont_write_bytecode = True  # no __pycache__ left in Scripts/

from profiling import callgrind_file

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COUNTED = "instructionCountedRun"
VARIANTS = ("fast", "reference", "vanilla", "traced")
# The cases the traced variant runs on: a leaf's state change, a list's
# swap, and props changed on every leaf of a deep tree.
TRACED = re.compile(r"^(W3|W5-swap|W8-squarish-propsChangeAll)$")
# Even counts: several steady-state ops alternate between two actions.
OPS = {"fast": 20, "reference": 4, "vanilla": 20, "traced": 20}
# Fewer ops where one takes long under callgrind (about 50x native): a
# reference W8 "state change, all leaves" (~200 ms natively) 15-20 s; W9's
# 100,000 queued sends about 5 s fast and 60 s reference (one op: nothing
# alternates there); W11's burst with bursts rendered once off, 101 passes of
# the whole 11,111-node tree on the reference, about 150 s.
SLOW = {"fast": [(re.compile(r"^W9-queued-100000$"), 2), (re.compile(r"^W11-worker-off$"), 4)],
        "reference": [(re.compile(r"^W8-.*-stateChangeAll$"), 2), (re.compile(r"^W9-queued-100000$"), 1),
                      (re.compile(r"^W11-.*-off$"), 1)]}
WARMUP = 1
# As Scripts/profile.sh: jemalloc purging on a timer and a per-process hash
# seed would move the counts from run to run. Nothing else is passed: the
# size of the environment and of argv shifts the stack and moves the counts
# a little (e.g. 0.06% on W3), so the runner is started the same way from a
# shell, from make, from any checkout (cwd the root, relative path).
ENVIRONMENT = {"SWIFT_DETERMINISTIC_HASHING": "1",
               "MALLOC_CONF": "dirty_decay_ms:-1,muzzy_decay_ms:-1"}
PASSED_THROUGH = ("WORKFLOW_PROFILES_DIR",)
ALLOWANCE = 0.02
VALGRIND = "valgrind"


def list_cases(runner):
    output = subprocess.run([runner, "--list"], capture_output=True, text=True, check=True).stdout
    cases = []
    for line in output.splitlines():
        case_id, profile, variants, operation = line.split("\t")
        variants = variants.split(",")
        if "fast" in variants and TRACED.search(case_id):
            variants.append("traced")
        cases.append({"id": case_id, "profile": profile, "variants": variants,
                      "operation": operation})
    if not cases:
        sys.exit("bench-instructions: WorkloadRunner --list printed no case")
    return cases


def ops_for(case_id, variant):
    for pattern, ops in SLOW.get(variant, []):
        if pattern.search(case_id):
            return ops, True
    return OPS[variant], False


def measure(runner, work, case_id, variant, ops):
    """One callgrind run: (Ir per op, seconds) or raises RuntimeError."""
    stem = os.path.join(work, f"{case_id}-{variant}")
    out, log = stem + ".callgrind.out", stem + ".log"
    command = [VALGRIND, "--tool=callgrind", "--collect-atstart=no",
               f"--toggle-collect=*{COUNTED}*", f"--callgrind-out-file={out}",
               runner, "--case", case_id, "--variant", "fast" if variant == "traced" else variant,
               "--ops", str(ops), "--warmup", str(WARMUP)] + (["--record-trace"] if variant == "traced" else [])
    started = time.monotonic()
    with open(log, "w") as log_file:
        environment = {name: os.environ[name] for name in PASSED_THROUGH if name in os.environ}
        status = subprocess.run(command, stdout=log_file, stderr=subprocess.STDOUT, cwd=ROOT,
                                env={**environment, **ENVIRONMENT}).returncode
    seconds = time.monotonic() - started
    if status != 0:
        raise RuntimeError(f"exit status {status} (log: {os.path.relpath(log, ROOT)})")
    profile = callgrind_file.read(out)
    counted = sum(value for (name, _), value in profile.inclusive.items() if COUNTED in name)
    # No match means the toggle pattern missed the function (a renamed or
    # inlined function): nothing, or the wrong thing, would be counted.
    if counted <= 0 or profile.total <= 0:
        raise RuntimeError(f"no instructions collected in *{COUNTED}* (total {profile.total}; "
                           f"{os.path.relpath(out, ROOT)})")
    if abs(profile.total - counted) > 0.01 * profile.total:
        raise RuntimeError(f"{profile.total} Ir collected but only {counted} inside {COUNTED} "
                           f"({os.path.relpath(out, ROOT)})")
    return counted / ops, seconds


def run_all(runner, work, jobs_wanted, jobs):
    """Runs `jobs` callgrind processes at a time; returns the figures and the failures."""
    results, failures = {}, []
    done = 0

    def job(entry):
        case_id, variant, ops, _ = entry
        return measure(runner, work, case_id, variant, ops)

    # Reference runs are the long ones: started first, they do not end last.
    order = sorted(jobs_wanted, key=lambda entry: entry[1] != "reference")
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(job, entry): entry for entry in order}
        for future in concurrent.futures.as_completed(futures):
            case_id, variant, ops, _ = futures[future]
            done += 1
            try:
                per_op, seconds = future.result()
            except (RuntimeError, OSError, subprocess.SubprocessError) as error:
                failures.append(f"{case_id} {variant}: {error}")
                print(f"bench-instructions: [{done}/{len(order)}] {case_id} {variant}: FAILED: {error}",
                      file=sys.stderr, flush=True)
                continue
            results[(case_id, variant)] = (per_op, seconds)
            print(f"bench-instructions: [{done}/{len(order)}] {case_id} {variant}: "
                  f"{per_op:,.0f} Ir/op over {ops} ops ({seconds:.0f} s)", file=sys.stderr, flush=True)
    return results, failures


def command_line(command):
    try:
        return subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def figures(cases, jobs_wanted, results):
    rows = {}
    for case in cases:
        entries = [entry for entry in jobs_wanted if entry[0] == case["id"]]
        if not entries:
            continue
        row = {"operation": case["operation"], "profile": case["profile"]}
        for case_id, variant, ops, reduced in entries:
            if (case_id, variant) in results:
                per_op, seconds = results[(case_id, variant)]
                row[variant] = {"instructionsPerOp": round(per_op, 1), "ops": ops,
                                "reducedOps": reduced, "seconds": round(seconds, 1)}
        for variant in VARIANTS:
            row.setdefault(variant, None)
        fast, reference = row["fast"], row["reference"]
        row["referenceOverFast"] = (round(reference["instructionsPerOp"] / fast["instructionsPerOp"], 2)
                                    if fast and reference else None)
        traced = row["traced"]
        row["tracedOverFast"] = (round(traced["instructionsPerOp"] / fast["instructionsPerOp"], 3)
                                 if fast and traced else None)
        rows[case["id"]] = row
    return rows


def count(value):
    return f"{value:,.0f}" if value is not None else "-"


def print_table(rows):
    header = ["case", "operation", "fast Ir/op", "reference Ir/op", "vanilla Ir/op", "traced Ir/op", "ref/fast",
              "traced/fast"]
    lines = [header]
    for case_id, row in rows.items():
        cells = [case_id, row["operation"]]
        for variant in VARIANTS:
            entry = row[variant]
            cells.append(count(entry["instructionsPerOp"]) + ("*" if entry["reducedOps"] else "")
                         if entry else "-")
        ratio = row["referenceOverFast"]
        cells.append(f"{ratio:,.2f}x" if ratio is not None else "-")
        ratio = row["tracedOverFast"]
        cells.append(f"{ratio:,.3f}x" if ratio is not None else "-")
        lines.append(cells)
    widths = [max(len(line[column]) for line in lines) for column in range(len(header))]
    for index, line in enumerate(lines):
        cells = [cell.ljust(widths[c]) if c <= 1 else cell.rjust(widths[c]) for c, cell in enumerate(line)]
        print("| " + " | ".join(cells) + " |")
        if index == 0:
            print("|" + "|".join("-" * (w + 1) + ("-" if c <= 1 else ":") for c, w in enumerate(widths)) + "|")
    print(f"ops per case and variant, after {WARMUP} uncollected warm-up op: "
          + ", ".join(f"{variant} {ops}" for variant, ops in OPS.items()
                      if any(row[variant] for row in rows.values())))
    reduced = {}
    for case_id, row in rows.items():
        for variant in VARIANTS:
            if row[variant] and row[variant]["reducedOps"]:
                reduced.setdefault((variant, row[variant]["ops"]), []).append(case_id)
    for (variant, ops), case_ids in sorted(reduced.items()):
        print(f"* {variant} on {', '.join(case_ids)}: {ops} op{'s' if ops != 1 else ''} only "
              "(an op takes 5-60 s under callgrind)")


def write_baseline(path, rows, toolchain, subset):
    figures_by_case = {}
    if subset and os.path.exists(path):
        # CASES given: only those cases are measured; keep the others' figures.
        with open(path) as file:
            figures_by_case = json.load(file)["fastInstructionsPerOp"]
    figures_by_case.update({case_id: row["fast"]["instructionsPerOp"] for case_id, row in rows.items() if row["fast"]})
    baseline = {
        "note": "Fast runtime instructions per op (callgrind Ir), from `make bench-instructions-baseline`; "
                "`make bench-check` fails when one grows by more than 2%.",
        "toolchain": toolchain,
        "fastInstructionsPerOp": dict(sorted(figures_by_case.items())),
    }
    with open(path, "w") as file:
        json.dump(baseline, file, indent=2)
        file.write("\n")
    print(f"wrote the instruction baseline {path} ({len(rows)} cases measured, {len(figures_by_case)} in it)")


def check_baseline(path, rows, toolchain):
    """Prints one line per case; returns the number of regressions."""
    with open(path) as file:
        baseline = json.load(file)
    expected_by_case = baseline["fastInstructionsPerOp"]
    if baseline.get("toolchain") not in (None, toolchain):
        print(f"bench-check: the baseline was measured with {baseline['toolchain']}, this is {toolchain}: "
              "instruction counts may differ for that alone")
    regressions = 0
    for case_id, row in rows.items():
        if not row["fast"]:
            continue
        measured = row["fast"]["instructionsPerOp"]
        expected = expected_by_case.get(case_id)
        if expected is None:
            print(f"bench-check: {case_id} fast {measured:,.0f} Ir/op, no baseline yet")
            continue
        change = measured / expected - 1 if expected else 0
        verdict = ("REGRESSED" if measured > expected * (1 + ALLOWANCE)
                   else "ok, improved" if measured < expected * (1 - ALLOWANCE) else "ok")
        regressions += verdict == "REGRESSED"
        print(f"bench-check: {case_id} fast {measured:,.0f} Ir/op, baseline {expected:,.0f} "
              f"({change:+.1%}): {verdict}")
    print(f"bench-check: {regressions or 'no'} instruction regression{'s' if regressions != 1 else ''} "
          f"(> {ALLOWANCE:.0%}) against {path}")
    return regressions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runner", default=os.path.join(ROOT, "Benchmarks/.build/release/WorkloadRunner"))
    parser.add_argument("--cases", default=os.environ.get("CASES") or "",
                        help="regular expression on case ids (default: every case; env CASES)")
    parser.add_argument("--variants", default=os.environ.get("VARIANTS") or ",".join(VARIANTS),
                        help="comma-separated, of fast,reference,vanilla,traced (env VARIANTS)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1),
                        help="callgrind processes at once (default 2)")
    parser.add_argument("--out", default=os.path.join(ROOT, "results/instructions.json"))
    parser.add_argument("--check-baseline", metavar="FILE")
    parser.add_argument("--write-baseline", metavar="FILE")
    args = parser.parse_args()
    global VALGRIND
    VALGRIND = shutil.which("valgrind") or sys.exit("bench-instructions: valgrind is not installed")
    runner = os.path.abspath(args.runner)
    if not os.access(runner, os.X_OK):
        sys.exit(f"bench-instructions: no runner at {runner} (make bench-build)")
    # Relative to the root, where it runs: the same argv in every checkout.
    if runner.startswith(ROOT + os.sep):
        runner = os.path.relpath(runner, ROOT)

    variants = [v for v in args.variants.split(",") if v]
    unknown = [v for v in variants if v not in VARIANTS]
    if unknown:
        sys.exit(f"bench-instructions: unknown variants {unknown} (of {', '.join(VARIANTS)})")
    if args.write_baseline and "fast" not in variants:
        sys.exit("bench-instructions: the baseline is the fast variant's: include it in VARIANTS")
    pattern = re.compile(args.cases)
    cases = [case for case in list_cases(os.path.join(ROOT, runner)) if pattern.search(case["id"])]
    if not cases:
        sys.exit(f"bench-instructions: no case matches CASES={args.cases}")
    jobs_wanted = [(case["id"], variant, *ops_for(case["id"], variant))
                   for case in cases for variant in variants if variant in case["variants"]]

    work = os.path.join(os.path.dirname(os.path.abspath(args.out)), "instructions")
    os.makedirs(work, exist_ok=True)
    started = time.monotonic()
    results, failures = run_all(runner, work, jobs_wanted, args.jobs)
    elapsed = time.monotonic() - started

    toolchain = command_line(["swift", "--version"]).split("\n")[0]
    rows = figures(cases, jobs_wanted, results)
    document = {
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": f"{command_line(['uname', '-a'])} / {os.cpu_count()} cores",
        "toolchain": toolchain,
        "valgrind": command_line(["valgrind", "--version"]),
        "method": f"callgrind Ir inside {COUNTED}, divided by the ops; {WARMUP} uncollected warm-up op",
        "environment": ENVIRONMENT,
        "seconds": round(elapsed, 1),
        "cases": rows,
        "failures": failures,
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as file:
        json.dump(document, file, indent=2)
        file.write("\n")

    print_table(rows)
    print(f"{len(results)} callgrind run{'s' if len(results) != 1 else ''} in {elapsed:.0f} s; wrote {os.path.relpath(args.out, os.getcwd())}")
    for failure in failures:
        print(f"bench-instructions: FAILED {failure}")
    status = 1 if failures else 0
    if args.write_baseline:
        if failures:
            print(f"bench-instructions: {args.write_baseline} not written: some runs failed")
        else:
            write_baseline(args.write_baseline, rows, toolchain, subset=bool(args.cases))
    if args.check_baseline and check_baseline(args.check_baseline, rows, toolchain):
        status = 1
    sys.exit(status)


if __name__ == "__main__":
    main()
