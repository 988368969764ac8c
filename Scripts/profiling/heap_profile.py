"""Reads a jemalloc heap profile (heap_v2), names its frames with jeprof,
and groups its samples by allocation site.

jeprof --text puts every byte on swift_slowAlloc or malloc, the frames that
allocate; the site worth reading is the first frame above the allocator,
with its caller. Profiles are sampled (one sample per 2^lg_prof_sample bytes
on average): figures are estimates, scaled back up the way jeprof does.
"""

import math
import re
import subprocess
from dataclasses import dataclass

# Frames that are the allocator rather than the code asking for memory.
ALLOCATOR = re.compile(
    r"^(je_|prof_|imalloc|ialloc|malloc|calloc|realloc|posix_memalign|aligned_alloc|"
    r"memalign|valloc|_Zn[wa]m|operator new|swift_slowAlloc|swift_allocObject|"
    r"swift_allocBox|swift_allocEmptyBox|swift_initStackObject)")
OFFSET = re.compile(r"<[0-9a-f]+>$")


@dataclass
class Sample:
    frames: list  # addresses, innermost first
    live_objects: float
    live_bytes: float
    allocated_objects: float
    allocated_bytes: float


def symbolize(binary, heap_path, samples):
    """Address -> function name, from `jeprof --symbols` (stdin: the profile's
    library mappings, then one address per line; stdout: one name per line)."""
    with open(heap_path, encoding="utf-8", errors="replace") as file:
        text = file.read()
    mappings = text.split("MAPPED_LIBRARIES:", 1)[1] if "MAPPED_LIBRARIES:" in text else ""
    addresses = sorted({lookup_address(i, a) for s in samples for i, a in enumerate(s.frames)})
    query = mappings.strip("\n") + "\n" + "".join(f"0x{a:x}\n" for a in addresses)
    result = subprocess.run(["jeprof", "--symbols", binary], input=query,
                            capture_output=True, text=True)
    names = result.stdout.splitlines()
    if len(names) != len(addresses):
        return {}  # sites then show as addresses rather than wrong names
    return {a: OFFSET.sub("", n.strip()) for a, n in zip(addresses, names)}


def lookup_address(index, address):
    """Return addresses point after the call: look up address - 1, as jeprof does."""
    return address - 1 if index else address


def read_samples(path):
    with open(path, encoding="utf-8", errors="replace") as file:
        lines = file.read().splitlines()
    rate = float(lines[0].split("/")[1]) if lines and "/" in lines[0] else 1.0
    samples, frames = [], None
    for line in lines[1:]:
        if line.startswith("MAPPED_LIBRARIES"):
            break
        if line.startswith("@"):
            frames = [int(a, 16) for a in line.split()[1:]]
        elif frames is not None and line.strip().startswith("t*:"):
            numbers = [float(n) for n in re.findall(r"\d+", line.split(":", 1)[1])]
            samples.append(Sample(frames, *unsample(numbers[0], numbers[1], rate),
                                  *unsample(numbers[2], numbers[3], rate)))
    return samples


def unsample(objects, size, rate):
    """jeprof's correction: a sampled object of s bytes stands for 1/(1-e^(-s/rate))."""
    if objects <= 0 or size <= 0 or rate <= 1:
        return objects, size
    scale = 1 / (1 - math.exp(-(size / objects) / rate))
    return objects * scale, size * scale


def site_of(frames, symbols, depth=6):
    """The first frames above the allocator, innermost first: the allocation
    site and its callers (the summary picks the caller worth showing)."""
    names = []
    for index, address in enumerate(frames):
        name = symbols.get(lookup_address(index, address)) or f"0x{address:x}"
        if names or not ALLOCATOR.match(name):
            names.append(name)
        if len(names) == depth:
            break
    return tuple(names) or ("?",)


def by_site(samples, symbols):
    """frames above the allocator -> [live objects, live bytes, allocated objects,
    allocated bytes]."""
    totals = {}
    for sample in samples:
        row = totals.setdefault(site_of(sample.frames, symbols), [0.0] * 4)
        for i, value in enumerate((sample.live_objects, sample.live_bytes,
                                   sample.allocated_objects, sample.allocated_bytes)):
            row[i] += value
    return totals
