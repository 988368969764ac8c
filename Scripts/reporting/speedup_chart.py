"""The speed-up chart: one horizontal bar per benchmark row, reference time
over fast time on a log axis (ratios run from about 1x to thousands)."""

import re

from . import figures
from .scales import LogScale
from .svg import el, text, title, document

WIDTH = 980
ROW = 20
BAR = 12
TOP = 96  # title, subtitle, legend, top tick labels
BOTTOM = 44
RIGHT = 96  # room for the value printed after the longest bar
COLOURS = {True: "#2f8f4e", False: "#c8553d", None: "#4f7cac"}
BAND = "#f4f6f8"


def target_ratio(row):
    """The speed-up a row must reach, read from its target text (">=1000x ...")."""
    match = re.search(r">=\s*([\d,.]+)\s*x", str(row.get("target") or ""))
    return float(match.group(1).replace(",", "")) if match else None


def render(rows, subtitle):
    labels = [figures.label(r) for r in rows]
    # About 6.8 px per character at 12 px; long labels are cut, the tooltip keeps them.
    left = min(max((len(s) for s in labels), default=10) * 6.8 + 16, 330)
    height = TOP + ROW * max(len(rows), 1) + BOTTOM
    values = [v for v in map(figures.speedup, rows) if v]
    targets = [t for t in map(target_ratio, rows) if t]
    scale = LogScale(min(values + [1.0]), max(values + targets + [10.0]) * 1.3,
                     left, WIDTH - RIGHT)
    plot_bottom = TOP + ROW * len(rows)

    parts = [text(16, 24, "Speed-up of the fast runtime over the reference runtime",
                  class_="title"),
             text(16, 44, subtitle, class_="subtitle"),
             legend(16, 64)]
    parts += bands(rows, left, plot_bottom)
    parts += axis(scale, plot_bottom)
    for index, row in enumerate(rows):
        parts.append(bar(row, labels[index], TOP + index * ROW, scale, left))
    parts.append(el("line", x1=scale(1), x2=scale(1), y1=TOP - 4, y2=plot_bottom + 4,
                    class_="axis"))
    return document(WIDTH, height, "".join(parts),
                    "Speed-up per workload, reference time over fast time, log scale")


def legend(x, y):
    items = [(True, "target met"), (False, "target not met"), (None, "no target")]
    parts = []
    for colour_key, name in items:
        parts.append(el("rect", x=x, y=y - 9, width=12, height=10,
                        fill=COLOURS[colour_key]))
        parts.append(text(x + 17, y, name))
        x += 34 + len(name) * 6.8
    parts.append(el("line", x1=x + 5, x2=x + 5, y1=y - 11, y2=y + 3,
                    stroke="#111", stroke_width=2))
    parts.append(text(x + 13, y, "target speed-up"))
    return "".join(parts)


def bands(rows, left, bottom):
    """A shaded band behind every other workload, so W5 and W8 read as groups."""
    parts, start, shade = [], 0, False
    for index in range(1, len(rows) + 1):
        if index == len(rows) or rows[index].get("workload") != rows[start].get("workload"):
            if shade:
                parts.append(el("rect", x=8, y=TOP + start * ROW, width=WIDTH - 16,
                                height=(index - start) * ROW, fill=BAND))
            shade, start = not shade, index
    return parts


def axis(scale, bottom):
    parts = [el("line", x1=x, x2=x, y1=TOP - 4, y2=bottom, class_="grid-minor")
             for x in map(scale, scale.minor_ticks())]
    for tick in scale.ticks():
        x = scale(tick)
        label = f"{tick:,.0f}x" if tick >= 1 else f"{tick:g}x"
        parts.append(el("line", x1=x, x2=x, y1=TOP - 4, y2=bottom, class_="grid"))
        parts.append(text(x, TOP - 8, label, class_="tick", text_anchor="middle"))
        parts.append(text(x, bottom + 16, label, class_="tick", text_anchor="middle"))
    parts.append(text(WIDTH - RIGHT, bottom + 34,
                      "reference ns/op ÷ fast ns/op (log scale)",
                      class_="tick", text_anchor="end"))
    return parts


def bar(row, label, y, scale, left):
    value, goal = figures.speedup(row), target_ratio(row)
    short = label if len(label) * 6.8 + 16 <= left else label[: int((left - 16) / 6.8) - 1] + "…"
    tip = (f"{label}: fast {figures.duration(figures.variant(row, 'fast', 'nsPerOp'))}, "
           f"reference {figures.duration(figures.variant(row, 'reference', 'nsPerOp'))}, "
           f"speed-up {figures.ratio(value)}; target: {row.get('target') or 'none'}")
    middle = y + ROW / 2
    parts = [title(tip),
             text(left - 8, middle + 4, short, text_anchor="end")]
    one = scale(1)
    if value is None:
        parts.append(text(one + 6, middle + 4, "no reference figure", class_="tick",
                          font_style="italic"))
    else:
        x0, x1 = sorted((one, scale(value)))
        parts.append(el("rect", x=x0, y=middle - BAR / 2, width=max(x1 - x0, 1),
                        height=BAR, fill=COLOURS.get(row.get("met"), COLOURS[None])))
        parts.append(text(max(x1, one) + 5, middle + 4, figures.ratio(value)))
    if goal:
        parts.append(el("line", x1=scale(goal), x2=scale(goal), y1=middle - 8,
                        y2=middle + 8, stroke="#111", stroke_width=2))
    return el("g", *parts)
