#!/bin/sh
# make profile: a CPU profile (callgrind) and a heap profile (jemalloc) of one
# workload profile run by WorkloadRunner, and summary.txt beside them.
#
# Usage: Scripts/profile.sh PROFILE [fast|reference|vanilla] [OPS]
#   CASE=W1c picks another case of the profile than its first (WorkloadRunner --case).
#   RUNNER=/path/to/WorkloadRunner skips the build.
#   LG_PROF_SAMPLE=12 samples the heap every 4 KiB on average (default 0:
#   every allocation, exact but slower on trees of a million nodes).
# Writes results/profiles/PROFILE/ (PROFILE-VARIANT/ for other variants).
set -eu
cd "$(dirname "$0")/.."
usage="usage: Scripts/profile.sh PROFILE [fast|reference|vanilla] [OPS]"
profile="${1:?$usage}"
variant="${2:-fast}"
# The reference re-renders the whole tree per op and callgrind runs ~50x slower.
default_ops=200
[ "$variant" = reference ] && default_ops=10
ops="${3:-$default_ops}"
lg="${LG_PROF_SAMPLE:-0}"

if [ ! -f "Profiles/$profile.json" ]; then
    echo "profile: no Profiles/$profile.json; known:" $(cd Profiles && ls *.json | sed 's/\.json$//') >&2
    exit 2
fi
case "$ops" in *[!0-9]*|""|0|1) echo "profile: OPS must be 2 or more ($usage)" >&2; exit 2 ;; esac

. Scripts/lib/ensure-packages.sh
ensure_command valgrind valgrind
ensure_command jeprof libjemalloc-dev

if [ -z "${RUNNER:-}" ]; then
    product=WorkloadRunner
    swift build -c release --package-path Benchmarks --product "$product"
    RUNNER="$(swift build -c release --package-path Benchmarks --show-bin-path)/$product"
fi

case_id="${CASE:-}"
out="results/profiles/$profile"
[ -z "$case_id" ] || out="$out-$case_id"
[ "$variant" = fast ] || out="$out-$variant"
rm -rf "$out"
mkdir -p "$out"
case_option=""
[ -z "$case_id" ] || case_option="--case $case_id"

# Each tool runs N ops and 1 op: the summary subtracts the second run to take
# start-up, building the tree and the warm-up op out of the per-op figures.
for n in "$ops" 1; do
    suffix=""
    [ "$n" = "$ops" ] || suffix=".1op"
    echo "profile: callgrind, $profile $variant, $n ops" >&2
    # jemalloc purging pages on a timer makes instruction counts drift by ~0.5%,
    # and a per-process hash seed moves them a little from run to run.
    SWIFT_DETERMINISTIC_HASHING=1 MALLOC_CONF=dirty_decay_ms:-1,muzzy_decay_ms:-1 \
        valgrind --tool=callgrind \
        --callgrind-out-file="$out/callgrind$suffix.out" \
        "$RUNNER" "$profile" $case_option --variant "$variant" --ops "$n" >>"$out/run.log" 2>&1
    echo "profile: jemalloc heap profile, $n ops" >&2
    # Dumped by the runner after its ops, while the tree is still alive.
    MALLOC_CONF="prof:true,prof_accum:true,lg_prof_sample:$lg" \
        "$RUNNER" "$profile" $case_option --variant "$variant" --ops "$n" \
        --heap-dump "$out/heap$suffix.heap" >>"$out/run.log" 2>&1
done
jeprof --text --alloc_space --cum "$RUNNER" "$out/heap.heap" 2>/dev/null \
    | swift demangle --simplified >"$out/heap.txt"

python3 Scripts/profile_summary.py --profile "$profile" --variant "$variant" --ops "$ops" \
    --binary "$RUNNER" --lg-sample "$lg" \
    --callgrind "$out/callgrind.out" --callgrind-base "$out/callgrind.1op.out" \
    --heap "$out/heap.heap" --heap-base "$out/heap.1op.heap" \
    --output "$out/summary.txt"
echo "profile: $out/summary.txt" >&2
head -n 8 "$out/summary.txt" | tail -n 5
