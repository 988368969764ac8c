#!/usr/bin/env bash
# Writes a copy of the package to DIR in which every `@exclusivity(unchecked)`
# is gone, so that a build of it checks every access of those properties at
# run time, as Swift does for any other class property: the test suite then
# traps on an overlapping access (a deinit or a callback that re-enters the
# runtime while it changes its own storage) instead of corrupting memory.
# The release builds keep the attribute: the checks cost a call per access
# on every render path.
# Usage: Scripts/exclusivity-checked-tree.sh DIR
set -euo pipefail

cd "$(dirname "$0")/.."
dir="${1:?usage: $0 DIR}"
mkdir -p "$dir"
# Only what the root package builds; the build directory inside DIR is kept.
for item in Package.swift Sources Tests Examples Profiles; do
    rm -rf "${dir:?}/$item"
    cp -R "$item" "$dir/$item"
done
find "$dir/Sources" "$dir/Tests" "$dir/Examples" -name '*.swift' -print0 |
    xargs -0 sed -i -e 's/@exclusivity(unchecked) *//g'
left=$(grep -rl '@exclusivity(unchecked)' "$dir/Sources" "$dir/Tests" "$dir/Examples" || true)
if [ -n "$left" ]; then
    echo "exclusivity-checked-tree: attribute left in: $left" >&2
    exit 1
fi
