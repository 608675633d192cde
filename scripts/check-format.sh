#!/usr/bin/env bash
# The Swift sources are as the toolchain's `swift format` writes them, with the root's .swift-format
# (Docs/Contributing.md explains each setting). `--fix` rewrites them in place instead of checking.
# Generated files are left as their generators write them: tests compare them byte for byte.
set -euo pipefail
cd "$(dirname "$0")/.."

mapfile -t files < <(git ls-files '*.swift' | grep -v -E \
    -e '^Sources/ConformResources/Embedded\+Generated\.swift$' \
    -e '^Sources/ConformKit/CompiledPolicies\+Generated\.swift$' \
    -e '^Tests/GeneratedUITests/Generated/' \
    -e '^Examples/iOS/FormDemoUITests/Generated/')

if [ "${1:-}" = "--fix" ]; then
    swift format format --in-place --parallel --configuration .swift-format "${files[@]}"
else
    swift format lint --strict --parallel --configuration .swift-format "${files[@]}"
    echo "check-format: ${#files[@]} files as swift format writes them"
fi
