"""Reads a callgrind.out file (events: Ir) into per-function instruction counts.

Read directly rather than through callgrind_annotate because the summary
subtracts two runs function by function, needs call counts (calls to malloc
per operation are exact here, where jemalloc's heap profile only samples), and
must merge recursion levels: callgrind names the inner levels of a recursive
function `f'2`, `f'3`, and counting their inclusive cost on top of the outer
level's would count the same instructions several times.
"""

import re
from dataclasses import dataclass, field

ALLOCATORS = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc",
              "memalign", "valloc", "_Znwm", "_Znam"}
NAMED = re.compile(r"^(c?fn|c?ob)=\((\d+)\)(?: (.*))?$")
RECURSION_LEVEL = re.compile(r"'\d+$")


@dataclass
class Profile:
    total: int = 0
    # Keyed by (function, object): the same name can live in two objects.
    self_cost: dict = field(default_factory=dict)  # Ir in the function's own code
    inclusive: dict = field(default_factory=dict)  # Ir in it and its callees
    allocations: int = 0  # calls to malloc and friends from outside the allocator


def function_name(raw):
    return RECURSION_LEVEL.sub("", raw)


def read(path):
    profile, names = Profile(), {}
    current, current_object, callee, callee_object = None, None, None, None
    pending_calls = None  # (count, callee) until the cost line that follows calls=
    with open(path, encoding="utf-8", errors="replace") as file:
        for line in file:
            line = line.rstrip("\n")
            named = NAMED.match(line)
            if named:
                kind, key, name = named.groups()
                if name is not None:
                    names[(kind.lstrip("c"), key)] = name
                value = names.get((kind.lstrip("c"), key), key)
                if kind == "fn":
                    current = (function_name(value), current_object)
                    profile.inclusive.setdefault(current, 0)
                elif kind == "ob":
                    current_object = value
                elif kind == "cob":
                    callee_object = value
                elif kind == "cfn":
                    callee = function_name(value)
                continue
            if line.startswith(("totals:", "summary:")):
                profile.total = max(profile.total, int(line.split()[1]))
            elif line.startswith("calls="):
                # Without cob= the callee lives in the caller's object.
                pending_calls = (int(line[6:].split()[0]), (callee, callee_object or current_object))
                callee_object = None
            elif line[:1].isdigit() or line[:1] in "+-*":
                cost = cost_of(line)
                if pending_calls:
                    count, target = pending_calls
                    pending_calls = None
                    if target != current:  # a recursive call is already in `current`'s own lines
                        profile.inclusive[current] = profile.inclusive.get(current, 0) + cost
                    if target[0] in ALLOCATORS and current[0] not in ALLOCATORS:
                        profile.allocations += count
                elif current is not None:
                    profile.self_cost[current] = profile.self_cost.get(current, 0) + cost
                    profile.inclusive[current] = profile.inclusive.get(current, 0) + cost
    return profile


def cost_of(line):
    parts = line.split()
    return int(parts[1]) if len(parts) > 1 else 0
