"""The W7 scaling chart: cost per leaf update against node count, log-log.
A flat fast line against a reference line climbing with the tree is the
point of W7."""

from . import figures
from .scales import LogScale
from .svg import el, text, title, document

WIDTH, HEIGHT = 760, 470
LEFT, RIGHT, TOP, BOTTOM = 86, 120, 70, 56
SERIES = [  # key in bench.json, name, colour, dash
    ("fastNsPerOp", "fast", "#1f6fb2", None),
    ("referenceNsPerOp", "reference", "#c8553d", None),
    ("vanillaNsPerOp", "vanilla", "#777777", "5 4"),
]


def points(scaling, key):
    found = [(figures.number(p.get("nodes")), figures.number(p.get(key))) for p in scaling]
    return sorted((n, v) for n, v in found if n and v)


def growth_note(scaling, target):
    """How much the fast cost grows from the smallest to the largest tree."""
    fast = points(scaling, "fastNsPerOp")
    if len(fast) < 2:
        return "too few tree sizes measured for a curve"
    (n0, v0), (n1, v1) = fast[0], fast[-1]
    note = (f"fast: {figures.nodes(n1)} nodes cost {v1 / v0:.2g}x "
            f"what {figures.nodes(n0)} nodes cost")
    return f"{note} (target: {target})" if target else note


def render(scaling, target):
    series = [(s, points(scaling, s[0])) for s in SERIES]
    series = [(s, pts) for s, pts in series if pts]
    every = [p for _, pts in series for p in pts]
    parts = [text(16, 24, "W7 scaling: cost of one leaf update against tree size",
                  class_="title"),
             text(16, 44, growth_note(scaling, target), class_="subtitle")]
    if not every:
        parts.append(text(WIDTH / 2, HEIGHT / 2, "no scaling figures in bench.json",
                          text_anchor="middle"))
        return document(WIDTH, HEIGHT, "".join(parts), "W7 scaling: no data")

    x = LogScale(min(n for n, _ in every), max(n for n, _ in every), LEFT,
                 WIDTH - RIGHT, padding=1.35)
    # Padded, not widened to decades: room for the value printed under the lowest point.
    y = LogScale(min(v for _, v in every), max(v for _, v in every), HEIGHT - BOTTOM, TOP,
                 padding=2.5)
    parts += axes(x, y)
    highest = {}
    for n, v in every:
        highest[n] = max(highest.get(n, 0), v)
    for (key, name, colour, dash), pts in series:
        parts.append(line(pts, x, y, colour, dash, highest))
    parts += end_labels(series, x, y)
    parts += missing_note(scaling, x)
    return document(WIDTH, HEIGHT, "".join(parts),
                    "W7 scaling, ns per operation against node count, log-log")


def axes(x, y):
    parts = []
    for tick in y.minor_ticks():
        parts.append(el("line", x1=LEFT, x2=WIDTH - RIGHT, y1=y(tick), y2=y(tick),
                        class_="grid-minor"))
    for tick in x.minor_ticks():
        parts.append(el("line", x1=x(tick), x2=x(tick), y1=TOP, y2=HEIGHT - BOTTOM,
                        class_="grid-minor"))
    for tick in y.ticks():
        parts.append(el("line", x1=LEFT, x2=WIDTH - RIGHT, y1=y(tick), y2=y(tick),
                        class_="grid"))
        parts.append(text(LEFT - 8, y(tick) + 4, figures.duration(tick), class_="tick",
                          text_anchor="end"))
    for tick in x.ticks():
        parts.append(el("line", x1=x(tick), x2=x(tick), y1=TOP, y2=HEIGHT - BOTTOM,
                        class_="grid"))
        parts.append(text(x(tick), HEIGHT - BOTTOM + 18, figures.power_of_ten(tick),
                          class_="tick", text_anchor="middle"))
    parts.append(el("rect", x=LEFT, y=TOP, width=WIDTH - RIGHT - LEFT,
                    height=HEIGHT - BOTTOM - TOP, fill="none", class_="axis"))
    parts.append(text((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 14,
                      "nodes in the tree (log scale)", class_="tick", text_anchor="middle"))
    parts.append(text(20, (TOP + HEIGHT - BOTTOM) / 2, "time per operation (log scale)",
                      class_="tick", text_anchor="middle",
                      transform=f"rotate(-90 20 {(TOP + HEIGHT - BOTTOM) / 2})"))
    return parts


def line(pts, x, y, colour, dash, highest):
    """The series' path and points; a value is printed above its point when it is
    the highest at that node count, below otherwise, so close series don't overprint."""
    path = " ".join(f"{'M' if i == 0 else 'L'}{x(n):.1f},{y(v):.1f}"
                    for i, (n, v) in enumerate(pts))
    parts = [el("path", d=path, fill="none", stroke=colour, stroke_width=2.5,
                stroke_dasharray=dash)]
    for n, v in pts:
        parts.append(el("circle", title(f"{n:,.0f} nodes: {figures.duration(v)}"),
                        cx=x(n), cy=y(v), r=4, fill=colour))
        offset = -9 if v >= highest[n] else 18
        parts.append(text(x(n), y(v) + offset, figures.duration(v), class_="tick",
                          text_anchor="middle", fill=colour))
    return el("g", *parts)


def end_labels(series, x, y):
    """Series names after the last points, pushed apart to stay legible."""
    ends = sorted((y(pts[-1][1]), x(pts[-1][0]), name, colour)
                  for (_, name, colour, _), pts in series)
    parts, previous = [], -1e9
    for top, left, name, colour in ends:
        top = max(top, previous + 15)
        parts.append(text(left + 10, top + 4, name, fill=colour, font_weight="bold"))
        previous = top
    return parts


def missing_note(scaling, x):
    """Sizes the reference was too slow to run are said, not silently dropped."""
    skipped = [figures.number(p.get("nodes")) for p in scaling
               if figures.number(p.get("referenceNsPerOp")) is None and p.get("nodes")]
    if not skipped:
        return []
    sizes = ", ".join(f"{n:,.0f}" for n in skipped)
    return [text(16, 60, f"reference not run at {sizes} nodes (too slow)",
                 class_="subtitle", font_style="italic")]
