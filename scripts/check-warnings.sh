#!/usr/bin/env bash
# Fails on any compiler or package warning (issue 27): builds the whole package and its tests from
# scratch, in a scratch folder of its own so that no earlier build hides a warning, and fails if the
# output says `warning:` anywhere.
#   scripts/check-warnings.sh            a clean `swift build --build-tests` in .build-warnings/
#   scripts/check-warnings.sh LOG        checks the saved output of such a build instead
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -ge 1 ]; then
  log=$1
else
  scratch=.build-warnings
  rm -rf "$scratch"
  mkdir -p "$scratch"
  log=$scratch/build.log
  status=0
  swift build --build-tests --scratch-path "$scratch" >"$log" 2>&1 || status=$?
  if [ "$status" != 0 ]; then
    tail -n 40 "$log" >&2
    echo "FAILED: swift build --build-tests exited $status (log: $log)" >&2
    exit 1
  fi
fi
# A package warning is followed by the files it names, indented: show those lines too.
if grep -n -A 3 'warning:' "$log"; then
  echo "FAILED: $(grep -c 'warning:' "$log") warning(s) in the build (above; log: $log)" >&2
  exit 1
fi
echo "ok: no warning in a clean build of the package and its tests (log: $log)"
