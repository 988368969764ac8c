#!/bin/sh
# Renders the report page in headless Chromium to index.png and checks that its
# charts were drawn (their bar colours are on screen). Not part of CI: it
# installs a browser. Usage: Scripts/report-check.sh [results/report]
set -eu
dir="${1:-results/report}"
. "$(dirname "$0")/lib/ensure-packages.sh"
ensure_command chromium chromium fonts-dejavu-core

page="$(cd "$dir" && pwd)/index.html"
# Tall enough for the three charts; the tables below them may be cut off.
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=1100,2400 --screenshot="$dir/index.png" "file://$page" 2>/dev/null
python3 "$(dirname "$0")/report_check.py" "$dir/index.png"
