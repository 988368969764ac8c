"""The HTML page: header, the charts inlined, the tables of figures.
One file with no script and no external resource, so it opens offline."""

from html import escape

from . import figures

CSS = """
body { font-family: DejaVu Sans, Helvetica, Arial, sans-serif; margin: 24px auto;
       max-width: 1100px; color: #222; padding: 0 12px; }
h1 { font-size: 22px; margin-bottom: 4px; }
h2 { font-size: 17px; margin-top: 32px; }
.meta { color: #555; font-size: 13px; }
.sample { background: #fff3cd; border: 1px solid #e0b400; padding: 8px 12px; }
figure { margin: 16px 0; overflow-x: auto; }
svg { max-width: 100%; height: auto; }
table { border-collapse: collapse; font-size: 12px; width: 100%; }
th, td { border-bottom: 1px solid #ddd; padding: 3px 6px; text-align: right;
         white-space: nowrap; }
th { background: #f4f6f8; position: sticky; top: 0; white-space: normal; }
td.text, th.text { text-align: left; white-space: normal; }
td.met { color: #2f8f4e; font-weight: bold; }
td.missed { color: #c8553d; font-weight: bold; }
"""

ROW_COLUMNS = [  # header, cell maker, is it text
    ("workload", lambda r: r.get("workload", "?"), True),
    ("operation", lambda r: r.get("operation", ""), True),
    ("nodes", lambda r: figures.count(figures.number(r.get("nodes")))),
    ("fast / op", lambda r: figures.duration(figures.variant(r, "fast", "nsPerOp"))),
    ("reference / op", lambda r: figures.duration(figures.variant(r, "reference", "nsPerOp"))),
    ("vanilla / op", lambda r: figures.duration(figures.variant(r, "vanilla", "nsPerOp"))),
    ("reference ÷ fast", lambda r: figures.ratio(figures.speedup(r))),
    ("fast ÷ vanilla", lambda r: figures.ratio(figures.number(r.get("fastOverVanilla")))),
    ("fast mallocs / op", lambda r: figures.count(figures.variant(r, "fast", "mallocsPerOp"))),
    ("fast bytes / op", lambda r: figures.count(figures.variant(r, "fast", "bytesPerOp"))),
    ("reference mallocs / op",
     lambda r: figures.count(figures.variant(r, "reference", "mallocsPerOp"))),
    ("target", lambda r: r.get("target") or "", True),
]


def met_cell(row):
    met = row.get("met")
    if met is True:
        return '<td class="met">met</td>'
    if met is False:
        return '<td class="missed">not met</td>'
    return "<td>–</td>"


def rows_table(rows):
    head = "".join(f'<th class="{"text" if c[2:] else ""}">{escape(c[0])}</th>'
                   for c in ROW_COLUMNS) + "<th>met</th>"
    body = []
    for row in rows:
        cells = "".join(f'<td class="{"text" if c[2:] else ""}">{escape(str(c[1](row)))}</td>'
                        for c in ROW_COLUMNS)
        body.append(f"<tr>{cells}{met_cell(row)}</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def scaling_table(scaling):
    body = "".join(
        f"<tr><td>{figures.count(figures.number(p.get('nodes')))}</td>"
        + "".join(f"<td>{figures.duration(figures.number(p.get(k)))}</td>"
                  for k in ("fastNsPerOp", "referenceNsPerOp", "vanillaNsPerOp"))
        + "</tr>" for p in scaling)
    return ("<table><thead><tr><th>nodes</th><th>fast / op</th><th>reference / op</th>"
            f"<th>vanilla / op</th></tr></thead><tbody>{body}</tbody></table>")


def memory_table(memory):
    cells = "".join(f"<td>{figures.count(figures.number(memory.get(k)))}</td>"
                    for k in ("nodes", "fastBytesPerNode", "referenceBytesPerNode",
                              "vanillaBytesPerNode"))
    return ("<table><thead><tr><th>nodes</th><th>fast bytes / node</th>"
            "<th>reference bytes / node</th><th>vanilla bytes / node</th></tr></thead>"
            f"<tbody><tr>{cells}</tr></tbody></table>")


def render(doc, charts, source):
    meta = " · ".join(escape(str(doc.get(k))) for k in ("date", "machine", "toolchain")
                      if doc.get(k))
    sample = (f'<p class="sample"><b>Sample data.</b> {escape(str(doc["sample"]))}</p>'
              if doc.get("sample") else "")
    rows, scaling = doc.get("rows") or [], doc.get("scaling") or []
    memory = doc.get("memory") if isinstance(doc.get("memory"), dict) else {}
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>FastWorkflow benchmark report</title>
<style>{CSS}</style></head>
<body>
<h1>FastWorkflow benchmark report</h1>
<p class="meta">{meta}<br>from <code>{escape(source)}</code>. Times are per operation;
ratios come from one run on the same machine, so read ratios rather than times.</p>
{sample}
<h2>Speed-up per workload</h2>
<figure>{charts["speedup"]}</figure>
<h2>W7 scaling</h2>
<figure>{charts["scaling"]}</figure>
<h2>W6 bytes per node</h2>
<figure>{charts["memory"]}</figure>
<h2 id="figures">Figures</h2>
{rows_table(rows)}
<h2>W7 scaling figures</h2>
{scaling_table(scaling)}
<h2>W6 memory figures</h2>
{memory_table(memory)}
</body></html>
"""
