#!/usr/bin/env bash
# Screenshots every built-in policy's state diagram as the HTML report draws it, for a person to look at
# (issue 15: no clipped or overlapping labels, no edge through a state). Not run in CI: it needs Chromium.
#
# Usage: scripts/diagram-screenshots.sh [OUTPUT_DIR] (default: diagram-screenshots/)
# Environment: CONFORM (the conform binary; default: built with `swift build`), SCRATCH (its --scratch-path).
#
# It runs `conform run Traces/ --coverage --report html` (every built-in policy is claimed by some trace
# there), cuts each diagram out of the page with the page's own <style>, and screenshots it with headless
# Chromium in light mode. For each policy: `<policy>.png`, the coverage diagram of the "Claimed policies"
# section, and `<policy>-trace.png`, the diagram of one trace claiming it (a failing one when there is
# one, so the departed state and the numbered steps show).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-diagram-screenshots}
command -v chromium >/dev/null || { echo "chromium not found (scripts/install-consumers.sh installs it)" >&2; exit 2; }
if [ -z "${CONFORM:-}" ]; then
  swift build ${SCRATCH:+--scratch-path "$SCRATCH"} --product conform >&2
  CONFORM="$(swift build ${SCRATCH:+--scratch-path "$SCRATCH"} --show-bin-path)/conform"
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)
report=$(mktemp -d)
trap 'rm -rf "$report"' EXIT
# Exit status 1 (a broken claim) is expected with the example corpus.
"$CONFORM" run Traces/ --coverage --report html --output "$report" >/dev/null || [ $? = 1 ]

python3 - "$report/conform-report.html" "$out" > "$report/list" <<'PY'
import re, sys, html
page, out = sys.argv[1], sys.argv[2]
text = open(page, encoding="utf-8").read()
style = re.search(r"<style>.*?</style>", text, re.S).group(0)
# Light mode only: drop the dark-mode override so the screenshots are comparable.
style = re.sub(r"@media \(prefers-color-scheme: dark\) \{.*?\}\n\}", "", style, flags=re.S)
svgs = re.findall(r'<svg class="diagram".*?</svg>', text, re.S)
chosen = {}
for svg in svgs:
    policy = re.search(r'aria-label="State diagram of ([^"]*)"', svg).group(1)
    kind = "policy" if re.search(r'<marker id="p-', svg) else "trace"
    key = policy if kind == "policy" else policy + "-trace"
    departed = "departed" in svg
    if key not in chosen or (kind == "trace" and departed and "departed" not in chosen[key]):
        chosen[key] = svg
for key, svg in sorted(chosen.items()):
    width, height = (float(v) for v in re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    with open(f"{out}/{key}.html", "w", encoding="utf-8") as f:
        f.write(f'<!DOCTYPE html><html><head><meta charset="utf-8">{style}</head>'
                f'<body style="margin:0;padding:8px;max-width:none"><div class="diagram-box" style="margin:0">'
                f'{svg}</div></body></html>')
    print(f"{key} {int(width) + 20} {int(height) + 20}")
PY
while read -r name width height; do
  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --force-color-profile=srgb \
    --window-size="$width,$height" --screenshot="$out/$name.png" "file://$out/$name.html" 2>/dev/null
  rm "$out/$name.html"
  echo "$out/$name.png"
done < "$report/list"
