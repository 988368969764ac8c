"""The benchmark report: results/bench.json -> an HTML page and SVG charts.
Python standard library only, so `make report` needs nothing installed."""
