#!/usr/bin/env bash
# Compile-time check of the API's main-actor isolation (R22), against the
# Workflow module of the debug build: each fixture in Scripts/fixtures/isolation
# is type-checked on its own, not linked into any test target.
#  - Accepted.swift must compile in Swift 6 mode (ordinary app code).
#  - Rejected.swift must fail in Swift 6 mode with one error per line marked
#    REJECT, each "call to main actor-isolated ... 'send'";
#  - Rejected.swift must compile in Swift 5 mode, where R22 is checked at run
#    time instead.
# Ends with "isolation-check: passed" or "isolation-check: FAILED: why".
# Usage: Scripts/isolation-check.sh [BUILD_DIR]   (default .build)
set -euo pipefail

cd "$(dirname "$0")/.."
build="${1:-.build}"
swift build --build-path "$build" --target Workflow >/dev/null
debug="$build/debug"
fixtures=Scripts/fixtures/isolation
# The Workflow module imports OpenCombine on Linux, whose C helper module
# has a module map of its own.
flags=(-I "$debug/Modules")
helpers="$debug/COpenCombineHelpers.build/module.modulemap"
[ -f "$helpers" ] && flags+=(-Xcc "-fmodule-map-file=$helpers")

fail() {
    echo "isolation-check: FAILED: $1"
    exit 1
}

typecheck() { # mode file
    swiftc -typecheck -swift-version "$1" "${flags[@]}" "$fixtures/$2" 2>&1
}

out=$(typecheck 6 Accepted.swift) || { printf '%s\n' "$out"; fail "Accepted.swift does not compile in Swift 6 mode"; }
[ -z "$(printf '%s\n' "$out" | grep -E 'warning:|error:')" ] || { printf '%s\n' "$out"; fail "Accepted.swift has diagnostics in Swift 6 mode"; }

out=$(typecheck 5 Rejected.swift) || { printf '%s\n' "$out"; fail "Rejected.swift does not compile in Swift 5 mode"; }

if out=$(typecheck 6 Rejected.swift); then
    fail "Rejected.swift compiles in Swift 6 mode"
fi
for line in $(grep -n 'REJECT' "$fixtures/Rejected.swift" | grep -v '^[0-9]*:\(//\|#\)' | cut -d: -f1); do
    printf '%s\n' "$out" | grep -qE "Rejected\.swift:$line:[0-9]+: error: .*main actor-isolated.*'send" ||
        { printf '%s\n' "$out"; fail "no isolation error for the send on line $line of Rejected.swift"; }
done
echo "isolation-check: passed"
