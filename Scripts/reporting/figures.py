"""Reading bench.json rows defensively, and printing figures for people."""


def number(value):
    """A float, or None for null, missing or non-numeric values."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def variant(row, name, field):
    block = row.get(name)
    return number(block.get(field)) if isinstance(block, dict) else None


def speedup(row):
    """Reference over fast: the stored ratio, else computed from the times."""
    stored = number(row.get("referenceOverFast"))
    if stored is not None:
        return stored
    fast, ref = variant(row, "fast", "nsPerOp"), variant(row, "reference", "nsPerOp")
    return ref / fast if fast and ref else None


def label(row):
    return f"{row.get('workload', '?')} {row.get('operation', '')}".strip()


def duration(ns):
    if ns is None:
        return "–"
    for unit, size in (("s", 1e9), ("ms", 1e6), ("µs", 1e3)):
        if ns >= size:
            return f"{ns / size:.3g} {unit}"
    return f"{ns:.3g} ns"


def ratio(value):
    if value is None:
        return "–"
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.3g}x"


def count(value, digits=3):
    """Allocations or bytes per op: exact zero stays '0', big values get separators."""
    if value is None:
        return "–"
    if value == 0:
        return "0"
    if value >= 1000:
        return f"{value:,.0f}"
    return f"{value:.{digits}g}"


def bytes_(value):
    if value is None:
        return "–"
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("kB", 1e3)):
        if value >= size:
            return f"{value / size:.3g} {unit}"
    return f"{value:.3g} B"


def nodes(value):
    """Tree sizes in prose: 1.1k, 11k, 1.1M."""
    for suffix, size in (("M", 1e6), ("k", 1e3)):
        if value >= size:
            return f"{value / size:.2g}{suffix}"
    return f"{value:.0f}"


def power_of_ten(value, unit=""):
    """Axis labels for log scales: 1, 10, 100, 1k, 10k, 1M."""
    for suffix, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if value >= size:
            return f"{value / size:g}{suffix}{unit}"
    return f"{value:g}{unit}"
