#!/usr/bin/env bash
# Runs `swift test` under one sanitizer, in its own build directory so the
# normal debug build in .build is kept, on a copy of the package whose
# exclusivity is checked at every access (Scripts/exclusivity-checked-tree.sh).
# Usage: Scripts/sanitize.sh address|thread [swift test options, e.g. --filter X]
#
# Its last line is "sanitize-<name>: passed" or "sanitize-<name>: FAILED: why"
# (.ci/run counts it as one test). Fails if a test failed, the run crashed or
# exited non-zero, or a sanitizer printed a report: ThreadSanitizer only sets
# the exit status when the process ends, so the output is checked as well.
set -uo pipefail

cd "$(dirname "$0")/.."

name="${1:-}"
shift || true
case "$name" in
address)
    scratch=.build-asan
    # The toolchain's own leaks (XCTest's runner) are suppressed; the
    # project's code is never matched there. ASan stops at its first report.
    export LSAN_OPTIONS="suppressions=$PWD/Scripts/lsan-suppressions.txt${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
    # No fake stacks for use-after-return checks: Swift code hands out no
    # pointers into its frames, and StackGuard reads how deep the real stack
    # is from the address of a local, which a fake frame would hide.
    export ASAN_OPTIONS="detect_stack_use_after_return=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    # Swift's crash backtracer reads the crashed process's memory through
    # ASan's interceptors, which can stop it mid-way and leave an exit test
    # waiting; ASan prints its own stacks.
    export SWIFT_BACKTRACE="enable=no"
    report='^(==[0-9]+==)?ERROR: (AddressSanitizer|LeakSanitizer)|^SUMMARY: (AddressSanitizer|LeakSanitizer)'
    ;;
thread)
    scratch=.build-tsan
    # Every race is printed and the process continues; its exit status is
    # non-zero at the end if there was one.
    report='^WARNING: ThreadSanitizer|^SUMMARY: ThreadSanitizer'
    ;;
*)
    echo "usage: $0 address|thread [swift test options]" >&2
    exit 2
    ;;
esac

label="sanitize-$name"
mkdir -p "$scratch"
scratch="$PWD/$scratch"
log="$scratch/sanitize.log"
tree="$scratch-tree"
Scripts/exclusivity-checked-tree.sh "$tree"

# .ci/run reads this line to tell this run's test summaries from the plain
# `swift test` run before it.
echo "$label: running swift test --sanitize=$name (build in $scratch, log in $log)"
start=$SECONDS
(cd "$tree" && swift test --sanitize="$name" --scratch-path "$scratch" "$@") 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
elapsed=$(( SECONDS - start ))

reports=$(sed -e 's/\x1b\[[0-9;]*m//g' "$log" | grep -cE "$report" || true)
if [ "$status" -eq 0 ] && [ "$reports" -eq 0 ]; then
    echo "$label: passed (${elapsed} s, no sanitizer report)"
    exit 0
fi
echo "$label: FAILED: exit status $status, $reports sanitizer report line(s) (${elapsed} s; see $log)"
exit 1
