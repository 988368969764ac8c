#!/usr/bin/env bash
# Runs the ordo-one suite, exporting to DIR/Current_run.influx.csv, its output
# in LOG. Extra arguments go to the benchmark plugin (none in `make bench`).
#
# The benchmark process used to crash (SIGSEGV, about 1 full run in 7) when a
# tree with weak references was torn down: ordo-one's malloc interposer probes
# the 8 bytes before a header-less, page-aligned weak side table (Swift 6.3
# allocates those with posix_memalign on Linux) and the previous page was
# unmapped. Sources/AlignedAllocShim now serves those allocations with malloc
# in the WorkflowBenchmarks executable (README, "A crashed run"). ordo-one goes
# on with the next benchmarks after a crash, so should one still happen, the
# benchmarks missing from the export (at most 5) are run once more, into
# DIR/retry/, which bench-table reads as well (no cost when nothing crashed).
set -uo pipefail
dir=$1
log=$2
shift 2
cd "$(dirname "$0")"
ordo=(swift package --allow-writing-to-package-directory benchmark --no-progress --format influx)

rm -rf "$dir"
mkdir -p "$dir"
if "${ordo[@]}" --path "$dir" "$@" > "$log" 2>&1; then
    exit 0
fi
missing=$(.build/release/BenchTable --missing "$dir")
if [ -z "$missing" ] || [ "$(printf '%s\n' "$missing" | wc -l)" -gt 5 ]; then
    tail -n 40 "$log"
    echo "ordo-one's run failed (log: $log)"
    exit 1
fi
echo "ordo-one's benchmark process crashed; running again: $(printf '%s\n' "$missing" | paste -sd ',')"
mkdir -p "$dir/retry"
if ! "${ordo[@]}" --path "$dir/retry" "$@" --filter "$(printf '%s\n' "$missing" | paste -sd '|')" >> "$log" 2>&1; then
    tail -n 40 "$log"
    echo "ordo-one's second run failed too (log: $log)"
    exit 1
fi
