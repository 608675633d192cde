#!/usr/bin/env bash
# `conform diff` of two failure-heavy runs of N traces (default 10,000), timed with /usr/bin/time -v
# (Docs/Performance.md, "conform diff"). Each trace is a copy of one of the example corpus's form traces
# under its own id: it claims its policy and departs from most of the 11 built-in policies. The head run
# changes one trace in five (another trace's steps in the same file; CHANGE_EVERY=1: every trace), so
# that claims break, get fixed and move, and apps agree otherwise. Needs a release build:
# swift build -c release --product conform.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
work=${2:-${TMPDIR:-/tmp}/conform-diff-bench}
conform=.build/release/conform
[ -x "$conform" ] || { echo "diff-benchmark: build conform first: swift build -c release --product conform" >&2; exit 2; }
rm -rf "$work" && mkdir -p "$work"
python3 - "$count" "$work" "${CHANGE_EVERY:-5}" <<'PY'
import os, re, sys
count, work, every = int(sys.argv[1]), sys.argv[2], int(sys.argv[3])
sources = []
for folder in ["Reminders", "Calendar", "Contacts", "AppleSample", "MakeItSo", "OneHanded"]:
    for name in sorted(os.listdir(f"Traces/{folder}")):
        sources.append(open(f"Traces/{folder}/{name}").read())
def trace(text, number):
    return re.sub(r"^trace: .*$", f"trace: t{number:05d}", text, count=1, flags=re.M)
for side in ["base", "head"]:
    for number in range(count):
        source = number % len(sources)
        if side == "head" and number % every == 0:
            source = (source + 1) % len(sources)
        path = f"{work}/{side}/Traces/app{number % 100:02d}/t{number:05d}.yaml"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        open(path, "w").write(trace(sources[source], number))
PY
for side in base head; do
  (cd "$work/$side" && "$OLDPWD/$conform" run Traces --format json > "../$side.json") || [ $? = 1 ]
done
ls -l "$work"/base.json "$work"/head.json
for format in text md json; do
  /usr/bin/time -v "$conform" diff "$work/base.json" "$work/head.json" --format "$format" > "$work/diff.$format" 2> "$work/time.$format" || [ $? = 1 ]
  echo "--format $format: $(grep -E 'Elapsed \(wall' "$work/time.$format" | sed 's/.*): //') s wall, $(grep 'Maximum resident' "$work/time.$format" | sed 's/.*: //') KB max RSS, $(wc -c < "$work/diff.$format") bytes out"
done
tail -1 "$work/diff.text"
