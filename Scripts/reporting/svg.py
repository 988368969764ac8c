"""A minimal SVG writer: elements as strings, with escaping.

Charts are hand-made SVG so the report needs no JavaScript, no library and
no network: the same markup is inlined in the HTML page and written out as
standalone .svg files (which GitHub renders in a README).
"""

from html import escape

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"

# Inside each SVG (not the page) so a standalone file looks the same.
STYLE = f"""
text {{ font-family: {FONT}; font-size: 12px; fill: #222; }}
.title {{ font-size: 15px; font-weight: bold; }}
.subtitle {{ font-size: 12px; fill: #555; }}
.tick {{ font-size: 11px; fill: #444; }}
.axis {{ stroke: #444; stroke-width: 1; }}
.grid {{ stroke: #ddd; stroke-width: 1; }}
.grid-minor {{ stroke: #f0f0f0; stroke-width: 1; }}
"""


def attrs(values):
    """Renders keyword attributes; a trailing underscore avoids keywords (class_)."""
    parts = []
    for key, value in values.items():
        if value is None:
            continue
        name = key.rstrip("_").replace("_", "-")
        if isinstance(value, float):
            value = f"{value:.2f}".rstrip("0").rstrip(".")
        parts.append(f'{name}="{escape(str(value))}"')
    return " ".join(parts)


def el(tag, *children, **values):
    inner = "".join(children)
    head = f"<{tag} {attrs(values)}".rstrip()
    return f"{head}>{inner}</{tag}>" if inner else f"{head}/>"


def text(x, y, content, **values):
    return el("text", escape(str(content)), x=x, y=y, **values)


def title(content):
    """A tooltip: the full label or value when the chart shows a short one."""
    return el("title", escape(str(content)))


def document(width, height, body, label):
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{escape(label)}">'
        f"<style>{STYLE}</style>"
        # White ground: stays readable on a dark-mode page.
        f'<rect width="{width}" height="{height}" fill="#fff"/>'
        f"{body}</svg>"
    )
