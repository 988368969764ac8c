#!/usr/bin/env python3
"""Fails when a public symbol of a documented module has no doc comment.

Reads the symbol graphs that `swift package dump-symbol-graph` wrote (one
folder per module, as Scripts/docs.sh lays them out) and lists every symbol
declared in the package's own sources (one with a source location: members
the compiler synthesises, such as `!=` or `encode(to:)`, have none, and
extension blocks are not declarations) whose doc comment is missing,
empty, or inherited from another module. Prints one line per module and exits 1 if any symbol is undocumented.

Usage: Scripts/docs_coverage.py SYMBOL_GRAPH_ROOT MODULE...
"""

import glob
import json
import os
import sys

sys.dont_write_bytecode = True


def documented(symbol, module):
    comment = symbol.get("docComment") or {}
    # A comment inherited from another module (the standard library's for
    # `==` or `encode(to:)` written by hand) is not this package's.
    if comment.get("module") not in (None, module):
        return False
    return any(line.get("text", "").strip() for line in comment.get("lines") or [])


def own_symbols(folder):
    for path in sorted(glob.glob(os.path.join(folder, "*.symbols.json"))):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        module = graph["module"]["name"]
        for symbol in graph.get("symbols", []):
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            if "location" not in symbol:
                continue
            yield symbol, module


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.strip().splitlines()[-1])
    root, modules = sys.argv[1], sys.argv[2:]
    missing_total = 0
    for module in modules:
        symbols = list(own_symbols(os.path.join(root, module)))
        missing = [s for s, owner in symbols if not documented(s, owner)]
        missing_total += len(missing)
        print(f"docs-coverage: {module}: {len(symbols) - len(missing)} of {len(symbols)} public symbols documented")
        for symbol in sorted(missing, key=lambda s: (s["location"]["uri"], s["location"]["position"]["line"])):
            uri = symbol["location"]["uri"].removeprefix("file://")
            # From the package's root, also for a copy of the package.
            if "/Sources/" in uri:
                uri = uri[uri.rindex("/Sources/") + 1:]
            line = symbol["location"]["position"]["line"] + 1
            name = ".".join(symbol["pathComponents"])
            print(f"  {uri}:{line}: undocumented {symbol['kind']['displayName'].lower()} {name}")
    if missing_total:
        print(f"docs-coverage: FAILED: {missing_total} public symbols without a doc comment")
        return 1
    print("docs-coverage: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
