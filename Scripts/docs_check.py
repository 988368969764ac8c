#!/usr/bin/env python3
"""Opens the built documentation site in headless Chromium and checks that
its pages render: the landing page, and for every module one article (or,
for a module without one, its landing page) and, for `Workflow`, a symbol
page. A DocC page is an empty shell until its scripts have fetched the
page's JSON and drawn it, so a page counts as rendered when the DOM Chromium
ends with holds the page's title in an <h1> and a phrase of its text.
Keeps a screenshot of the landing page.

The site is served over HTTP on 127.0.0.1 (DocC pages cannot load their data
from file:// URLs), on a free port, for the length of the check.

Usage: Scripts/docs_check.py [SITE] [SCREENSHOT]
       (defaults results/docs and results/docs-landing.png)
"""

import functools
import html
import http.server
import os
import re
import subprocess
import sys
import threading

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from report_check import read_png  # noqa: E402  (the PNG reader of the report check)

# (path, title in the page's <h1>, a phrase of the page's text)
PAGES = [
    ("/documentation/", "FastWorkflow", "WorkflowConcurrencyTesting"),
    ("/documentation/workflow", "Workflow", "re-renders only what changed"),
    ("/documentation/workflow/gettingstarted", "Getting started", "Compose workflows"),
    ("/documentation/workflow/workflowhost", "WorkflowHost", "update(workflow:)"),
    ("/documentation/workflowdiagnostics/renderdiagnostics", "Render diagnostics", "import WorkflowDiagnostics"),
    ("/documentation/workflowreference", "WorkflowReference", "oracle"),
    ("/documentation/workflowtesting/testingwithrendertester", "Testing with RenderTester", "A complete render test"),
    ("/documentation/workflowconcurrency/usingworkers", "Using workers", "Three kinds of worker"),
    ("/documentation/workflowconcurrencytesting", "WorkflowConcurrencyTesting", "expectWorker"),
    ("/documentation/workflowcombine/combineworkersemantics", "Combine worker semantics", "OpenCombine"),
    ("/documentation/workflowcombinetesting", "WorkflowCombineTesting", "expectPublisher"),
]

CHROMIUM = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
            "--hide-scrollbars", "--virtual-time-budget=15000"]


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def send_head(self):
        # A static host serves a folder's index.html for the folder's path,
        # with or without the trailing slash (DocC's links have none).
        path = self.translate_path(self.path)
        if os.path.isdir(path) and not self.path.endswith("/"):
            self.path += "/"
        return super().send_head()


def serve(site):
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def rendered_text(url):
    result = subprocess.run(CHROMIUM + ["--dump-dom", url], capture_output=True, text=True, timeout=120)
    return result.stdout


def headings(dom):
    return [html.unescape(re.sub(r"<[^>]+>", "", h)).strip()
            for h in re.findall(r"<h1\b[^>]*>(.*?)</h1>", dom, re.S)]


def visible_text(dom):
    dom = re.sub(r"<(script|style|noscript)\b.*?</\1>", " ", dom, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", dom)))


def main():
    site = sys.argv[1] if len(sys.argv) > 1 else "results/docs"
    screenshot = sys.argv[2] if len(sys.argv) > 2 else "results/docs-landing.png"
    if not os.path.isfile(os.path.join(site, "index.html")):
        sys.exit(f"docs-check: no site in {site}: run `make docs` first")
    server = serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}"
    failures = 0
    try:
        for path, title, phrase in PAGES:
            dom = rendered_text(base + path)
            found = headings(dom)
            text = visible_text(dom)
            if title not in found:
                print(f"docs-check: {path}: no <h1> '{title}' after rendering (h1: {found or 'none'})")
                failures += 1
            elif phrase not in text:
                print(f"docs-check: {path}: rendered, but without '{phrase}'")
                failures += 1
            else:
                print(f"docs-check: {path}: '{title}' rendered")
        os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
        if os.path.exists(screenshot):
            os.remove(screenshot)
        subprocess.run(CHROMIUM + ["--window-size=1280,1400", f"--screenshot={os.path.abspath(screenshot)}",
                                   base + "/documentation/"],
                       capture_output=True, timeout=120)
    finally:
        server.shutdown()
    if not os.path.exists(screenshot):
        print(f"docs-check: no screenshot written to {screenshot}")
        failures += 1
    else:
        # A page that drew nothing is one flat colour.
        width, height, rows, pixel = read_png(screenshot)
        colours = {bytes(row[i:i + 3]) for row in rows[::20] for i in range(0, width * pixel, pixel * 20)}
        if len(colours) < 8:
            print(f"docs-check: the screenshot {screenshot} is nearly blank ({len(colours)} colours)")
            failures += 1
        else:
            print(f"docs-check: screenshot of the landing page in {screenshot}")
    if failures:
        print(f"docs-check: FAILED: {failures} of {len(PAGES)} pages did not render")
        return 1
    print(f"docs-check: passed ({len(PAGES)} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
