#!/usr/bin/env bash
# Builds the documentation site of every product into one static site with
# the toolchain's docc (no package plugin: the products keep no dependency
# beyond the toolchain and, on Linux, OpenCombine, and the manifest names
# no documentation tool).
#
#   1. swift package dump-symbol-graph: the public (and SPI) symbols of every
#      module, from a debug build in .build (or in PACKAGE/.build: make test
#      passes the exclusivity-checked copy of the package, whose debug build
#      the tests just made, so that no second build is needed; the copy's
#      public declarations and doc comments are the package's own);
#   2. Scripts/docs_coverage.py: every public symbol declared in the
#      package's sources has a doc comment;
#   3. docc convert, per product, its catalogue (Sources/NAME/NAME.docc) with
#      its symbol graphs, warnings treated as errors (an unresolved link, a
#      topic that names nothing, a parameter documented that does not exist);
#   4. docc merge: one archive, laid out for a static web server, in OUT.
#
# Ends with "docs: passed" or "docs: FAILED: why"; exits non-zero on any
# warning or undocumented symbol.
# Usage: Scripts/docs.sh [OUT [PACKAGE]] (defaults results/docs and .)
set -euo pipefail

cd "$(dirname "$0")/.."
out="${1:-results/docs}"
package="${2:-.}"
work=.build-docs
modules=(Workflow WorkflowDiagnostics WorkflowReference WorkflowTesting WorkflowConcurrency
    WorkflowConcurrencyTesting WorkflowCombine WorkflowCombineTesting)

fail() {
    echo "docs: FAILED: $*"
    exit 1
}

rm -rf "$work"
mkdir -p "$work/symbol-graphs" "$work/archives"

echo "docs: extracting symbol graphs (debug build in $package/.build) ..."
dump_log="$work/dump-symbol-graph.log"
# Graphs left by an earlier run must not stand in for missing ones.
rm -rf "$package"/.build/*/symbolgraph
# It also tries SwiftPM's generated test-runner modules, which a build
# without tests does not have, and then exits non-zero: what counts is that
# every documented module's graph was written, checked below.
swift package --package-path "$package" dump-symbol-graph --minimum-access-level public --include-spi-symbols \
    --skip-synthesized-members --emit-extension-block-symbols >"$dump_log" 2>&1 || true
graphs=$(sed -nE 's/^Files written to (.*)$/\1/p' "$dump_log" | tail -n 1)
[ -n "$graphs" ] && [ -d "$graphs" ] || { tail -n 40 "$dump_log"; fail "swift package dump-symbol-graph wrote no symbol graphs"; }

# A module's graphs: its own, and those of its extensions to other modules'
# types (NAME@Other.symbols.json).
for module in "${modules[@]}"; do
    mkdir -p "$work/symbol-graphs/$module"
    [ -f "$graphs/$module.symbols.json" ] || { grep -E 'error' "$dump_log"; fail "no symbol graph for $module"; }
    cp "$graphs/$module.symbols.json" "$work/symbol-graphs/$module/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$work/symbol-graphs/$module/" \;
done

status=0
python3 Scripts/docs_coverage.py "$work/symbol-graphs" "${modules[@]}" || status=1

for module in "${modules[@]}"; do
    catalogue="Sources/$module/$module.docc"
    [ -d "$catalogue" ] || fail "no catalogue $catalogue"
    log="$work/$module.log"
    if ! docc convert "$catalogue" \
        --additional-symbol-graph-dir "$work/symbol-graphs/$module" \
        --output-path "$work/archives/$module.doccarchive" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "fastworkflow.$module" \
        --warnings-as-errors >"$log" 2>&1; then
        sed -e "s|$PWD/||g" "$log"
        echo "docs: $module: docc reported warnings or errors (above)"
        status=1
    elif grep -qE '(warning|error):' "$log"; then
        sed -e "s|$PWD/||g" "$log"
        echo "docs: $module: docc printed a warning (above)"
        status=1
    else
        echo "docs: $module: converted"
    fi
done
[ "$status" -eq 0 ] || fail "documentation warnings or undocumented symbols (above)"

rm -rf "$out"
mkdir -p "$(dirname "$out")"
docc merge "$work"/archives/*.doccarchive --output-path "$work/FastWorkflow.doccarchive" \
    --synthesized-landing-page-name FastWorkflow \
    --synthesized-landing-page-kind Package >"$work/merge.log" 2>&1 ||
    { cat "$work/merge.log"; fail "docc merge"; }
cp -R "$work/FastWorkflow.doccarchive" "$out"
echo "docs: the site is in $out (serve it over HTTP: python3 -m http.server -d $out, then /documentation/)"
echo "docs: passed"
