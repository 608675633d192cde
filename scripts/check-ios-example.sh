#!/usr/bin/env bash
# Checks, on Linux, what can be checked of Examples/iOS, an iOS app that cannot be built or run here:
# every Swift file parses (swiftc -parse: syntax only, no SDK, no import resolved, nothing type-checked);
# project.yml is valid against XcodeGen's JSON Schema (vendored in schemas/vendor/xcodegen/) and names
# sources, a local package and products that exist. Each validator is also shown a broken copy and
# must reject it. Prints every check; exits 1 if any fails.
# Installs check-jsonschema into a Python venv in .venv-ios/ (idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."
example=Examples/iOS
venv=.venv-ios
requirements="check-jsonschema==0.39.0"
if [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$requirements" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  # shellcheck disable=SC2086 # one word per requirement
  "$venv/bin/pip" install -q $requirements
  echo "$requirements" >"$venv/.requirements"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
check() { # check DESCRIPTION COMMAND...: runs the command, reports, remembers a failure
  local description=$1
  shift
  if "$@" >"$work/out" 2>&1; then
    echo "ok: $description"
  else
    echo "FAILED: $description" >&2
    cat "$work/out" >&2
    failed=1
  fi
}
rejects() { # rejects DESCRIPTION COMMAND...: the validator must fail on a broken copy
  if "${@:2}" >/dev/null 2>&1; then
    echo "FAILED: $1 (the validator accepted a broken file)" >&2
    failed=1
  else
    echo "ok: $1"
  fi
}

# --- Swift: syntax only ---
mapfile -t swift_files < <(find "$example" -name '*.swift' | LC_ALL=C sort)
if [ "${#swift_files[@]}" -lt 5 ]; then
  echo "FAILED: expected at least 5 Swift files under $example, found ${#swift_files[@]}" >&2
  failed=1
fi
for file in "${swift_files[@]}"; do
  check "swiftc -parse $file" swiftc -parse "$file"
done
printf 'struct Broken {\n    var name: String\n' >"$work/Broken.swift"
rejects "swiftc -parse rejects a file with an unclosed brace" swiftc -parse "$work/Broken.swift"

generated="$example/FormDemoUITests/Generated/OneHandedConformanceTests.swift"
# The committed file must be what this checkout's conform writes today (CONFORM names the binary; else
# `swift run`): regenerated into a scratch file and compared byte for byte.
fresh="$work/OneHandedConformanceTests.swift"
if [ -n "${CONFORM:-}" ]; then
  "$CONFORM" generate one-handed --format xcuitest --output "$fresh" 2>/dev/null
else
  swift run --quiet conform generate one-handed --format xcuitest --output "$fresh" 2>/dev/null
fi
if cmp -s "$fresh" "$generated"; then
  echo "ok: $generated is what conform generate one-handed --format xcuitest writes"
else
  echo "FAILED: $generated differs from what conform generates now; run $example/generate.sh" >&2
  failed=1
fi

# --- project.yml: XcodeGen's schema, then what the schema cannot see ---
schema=schemas/vendor/xcodegen/xcodegen.schema.json
check "$example/project.yml: check-jsonschema against $schema" \
  "$venv/bin/check-jsonschema" --schemafile "$schema" "$example/project.yml"
sed 's/type: bundle.ui-testing/type: bundle.ui-tests/' "$example/project.yml" >"$work/type.yml"
rejects "check-jsonschema rejects a target of type bundle.ui-tests" \
  "$venv/bin/check-jsonschema" --schemafile "$schema" "$work/type.yml"
sed 's/    sources: \[FormDemo\]/    source: [FormDemo]/' "$example/project.yml" >"$work/key.yml"
rejects "check-jsonschema rejects a target with a key source: (not sources:)" \
  "$venv/bin/check-jsonschema" --schemafile "$schema" "$work/key.yml"
check "$example/project.yml: sources, local package, library products and iOS floor exist" \
  "$venv/bin/python" scripts/check_ios_project.py "$example/project.yml"
sed 's/products: \[ConformXCUITest,/products: [ConformUITest,/' "$example/project.yml" >"$work/product.yml"
rejects "check_ios_project.py rejects a product that Package.swift does not declare" \
  "$venv/bin/python" scripts/check_ios_project.py "$work/product.yml" "$example"

[ "$failed" = 0 ] || { echo "Examples/iOS: some checks failed" >&2; exit 1; }
echo "Examples/iOS: every check passed (not built, not run: no iOS SDK on Linux)"
