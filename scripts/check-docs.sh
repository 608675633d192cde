#!/usr/bin/env bash
# The library products' DocC documentation builds with no warning (swift-docc-plugin 1.5.0, the
# toolchain's docc), and every public symbol of those modules has a doc comment of its own
# (check-doc-comments.py reads the symbol graphs the builds extract). Prints the seconds it took.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(ConformKit ConformRecording ConformAssertions ConformXCUITest)
start=$(date +%s)
for module in "${modules[@]}"; do
    # --disable-sandbox: the plugin runs docc, which the package manager's sandbox would stop writing.
    # The archive goes to .build/plugins/Swift-DocC/outputs/MODULE.doccarchive.
    swift package --disable-sandbox generate-documentation --target "$module" --warnings-as-errors
done
python3 scripts/check-doc-comments.py "${modules[@]}"
echo "check-docs: $(( $(date +%s) - start )) s for ${modules[*]}"
