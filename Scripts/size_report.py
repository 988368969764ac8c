#!/usr/bin/env python3
"""Lines and public declarations per module (`make size`), and the core's
budget: Sources/Workflow at most 7,000 lines of Swift, comments and blank
lines included, and at most 150 public declarations.

A public declaration is one written with `public` or `open` (a type, a
function, an initializer, a property, a subscript, a type alias, an
associated type, a protocol requirement counts once where it is declared);
`public import`, a public extension itself, and its members that carry no
modifier of their own are not counted. Exits 1 when the core is past its
budget (--check).
"""

import argparse
import os
import re
import sys

sys.dont_write_bytecode = True

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORE = "Workflow"
BUDGET = {"lines": 7_000, "public": 150}
MODIFIER = r"(?:final|static|class|override|convenience|required|nonisolated(?:\(unsafe\))?|mutating|indirect|lazy)\s+"
DECLARATION = re.compile(
    r"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*"  # attributes
    + f"(?:{MODIFIER})*"
    + r"(?:public|open)\s+(?:(?:private|fileprivate|internal)\(set\)\s+)?"
    + f"(?:{MODIFIER})*"
    + r"(?:func|var|let|init|subscript|class|struct|enum|protocol|typealias|associatedtype|actor|case)\b"
)


def module_sizes():
    sources = os.path.join(ROOT, "Sources")
    for module in sorted(os.listdir(sources)):
        directory = os.path.join(sources, module)
        if not os.path.isdir(directory):
            continue
        lines = public = files = 0
        for folder, _, names in os.walk(directory):
            for name in names:
                if not name.endswith(".swift"):
                    continue
                files += 1
                with open(os.path.join(folder, name), encoding="utf-8") as file:
                    for line in file:
                        lines += 1
                        if DECLARATION.match(line):
                            public += 1
        yield module, files, lines, public


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the core is past its budget")
    args = parser.parse_args()
    rows = list(module_sizes())
    print(f"| module | files | lines | public declarations |")
    print(f"|---|---:|---:|---:|")
    for module, files, lines, public in rows:
        print(f"| {module} | {files} | {lines:,} | {public} |")
    core = next(row for row in rows if row[0] == CORE)
    over = []
    if core[2] > BUDGET["lines"]:
        over.append(f"{core[2]:,} lines (budget {BUDGET['lines']:,})")
    if core[3] > BUDGET["public"]:
        over.append(f"{core[3]} public declarations (budget {BUDGET['public']})")
    if over:
        print(f"size: {CORE} is past its budget: {'; '.join(over)}")
    else:
        print(f"size: {CORE} is within its budget: {core[2]:,} lines of {BUDGET['lines']:,}, "
              f"{core[3]} public declarations of {BUDGET['public']}")
    if args.check and over:
        sys.exit(1)


if __name__ == "__main__":
    main()
