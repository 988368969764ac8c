"""The W6 memory chart: bytes per node after the host is built, per variant."""

import re

from . import figures
from .scales import LinearScale
from .svg import el, text, document

WIDTH, LEFT, RIGHT, TOP, ROW = 760, 110, 110, 76, 38
VARIANTS = [  # key in bench.json's "memory", name, colour
    ("fastBytesPerNode", "fast", "#1f6fb2"),
    ("referenceBytesPerNode", "reference", "#c8553d"),
    ("vanillaBytesPerNode", "vanilla", "#777777"),
]


def target_bytes(target):
    """The ceiling read from the W6 row's target text ("<=200 bytes/node")."""
    match = re.search(r"<=\s*([\d,.]+)\s*(?:bytes|B\b)", str(target or ""))
    return float(match.group(1).replace(",", "")) if match else None


def render(memory, target):
    memory = memory if isinstance(memory, dict) else {}
    bars = [(name, colour, figures.number(memory.get(key))) for key, name, colour in VARIANTS]
    bars = [b for b in bars if b[2] is not None]
    height = TOP + ROW * max(len(bars), 1) + 50
    nodes = figures.number(memory.get("nodes"))
    heading = "W6 memory: bytes per node after the host is built"
    if nodes:
        heading += f" ({nodes:,.0f} nodes)"
    goal = target_bytes(target)
    parts = [text(16, 24, heading, class_="title"),
             text(16, 44, f"target: {target}" if target else "lower is better",
                  class_="subtitle")]
    if not bars:
        parts.append(text(WIDTH / 2, TOP + 20, "no memory figures in bench.json",
                          text_anchor="middle"))
        return document(WIDTH, height, "".join(parts), "W6 memory: no data")

    scale = LinearScale(max([v for _, _, v in bars] + [goal or 0]) * 1.05, LEFT, WIDTH - RIGHT)
    bottom = TOP + ROW * len(bars)
    for tick in scale.ticks():
        parts.append(el("line", x1=scale(tick), x2=scale(tick), y1=TOP - 6, y2=bottom,
                        class_="grid"))
        parts.append(text(scale(tick), bottom + 16, f"{tick:,.0f}", class_="tick",
                          text_anchor="middle"))
    parts.append(text(WIDTH - RIGHT, bottom + 36, "bytes per node", class_="tick",
                      text_anchor="end"))
    for index, (name, colour, value) in enumerate(bars):
        middle = TOP + index * ROW + ROW / 2
        parts.append(text(LEFT - 10, middle + 4, name, text_anchor="end"))
        parts.append(el("rect", x=LEFT, y=middle - 11, width=max(scale(value) - LEFT, 1),
                        height=22, fill=colour))
        label_x = scale(value) + 6
        if goal and scale(value) - 2 <= scale(goal) < label_x + 40:
            label_x = scale(goal) + 6  # keep the figure clear of the target line
        parts.append(text(label_x, middle + 4, f"{value:,.0f} B"))
    if goal:
        parts.append(el("line", x1=scale(goal), x2=scale(goal), y1=TOP - 10, y2=bottom + 2,
                        stroke="#111", stroke_width=1.5, stroke_dasharray="4 3"))
        parts.append(text(scale(goal) + 4, TOP - 12, f"target ≤ {goal:,.0f} B",
                          class_="tick"))
    parts.append(el("line", x1=LEFT, x2=LEFT, y1=TOP - 6, y2=bottom, class_="axis"))
    return document(WIDTH, height, "".join(parts), "W6 memory, bytes per node")
