#!/usr/bin/env bash
# Builds the conform binary that runs without a Swift toolchain (README: Install), proves with ldd
# that it loads no Swift runtime or Foundation library, and runs a copy of it from an empty folder
# outside the checkout, with an environment that points nowhere near the toolchain.
#   scripts/check-static-binary.sh        the binary is left in .build-static/release/conform
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
scratch=.build-static
swift build -c release --static-swift-stdlib --product conform --scratch-path "$scratch"
binary="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)/conform"

echo "ldd $binary:"
ldd "$binary" | tee "$scratch/ldd.txt"
# libdispatch and libBlocksRuntime ship with the toolchain too; "not found" would fail at start.
if grep -E 'libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime|not found' "$scratch/ldd.txt"; then
  echo "FAILED: the binary loads a Swift toolchain library (above)" >&2
  exit 1
fi
echo "size: $(wc -c <"$binary") bytes"

copy=$(mktemp -d)
empty=$(mktemp -d)
trap 'rm -rf "$copy" "$empty"' EXIT
cp "$binary" "$copy/conform"
status=0
(cd "$empty" && env -i PATH=/usr/bin:/bin "$copy/conform" run "$root/Traces/") || status=$?
if [ "$status" != 0 ]; then
  echo "FAILED: the copied binary exited $status on $root/Traces/ (expected 0)" >&2
  exit 1
fi
if [ -n "$(ls -A "$empty")" ]; then
  echo "FAILED: conform run wrote into the working directory: $(ls -A "$empty")" >&2
  exit 1
fi
echo "ok: a copy outside the checkout, run from an empty folder with PATH=/usr/bin:/bin only, exited 0"
