#!/usr/bin/env bash
# The library products' DocC documentation builds with no warning (swift-docc-plugin 1.5.0, the
# toolchain's docc), and every public symbol of those modules has a doc comment of its own
# (check-doc-comments.py reads the symbol graphs the builds extract). Prints the seconds it took.
#
# ConformCore is among them: ConformKit re-exports it, so its model types (Trace, Verdict, Departure, ...)
# are what a ConformKit program reads. The modules are built as one combined archive
# (--enable-experimental-combined-documentation): only then can ConformKit's pages link to ConformCore's
# (``/ConformCore/Trace``, the leading slash naming another module), since a module's own symbol graph
# holds none of what it re-exports.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(ConformCore ConformKit ConformRecording ConformAssertions ConformXCUITest)
targets=()
for module in "${modules[@]}"; do targets+=(--target "$module"); done
start=$(date +%s)
# --disable-sandbox: the plugin runs docc, which the package manager's sandbox would stop writing.
# Each module's archive goes to .build/plugins/Swift-DocC/outputs/intermediates/MODULE.doccarchive, and
# the combined one (every module, under a synthesized "conform" landing page) to
# .build/plugins/Swift-DocC/outputs/conform.doccarchive.
swift package --disable-sandbox generate-documentation "${targets[@]}" \
    --enable-experimental-combined-documentation --warnings-as-errors
python3 scripts/check-doc-comments.py "${modules[@]}"
echo "check-docs: $(( $(date +%s) - start )) s for ${modules[*]}"
