#!/usr/bin/env bash
# Regenerates FormDemoUITests/Generated/OneHandedConformanceTests.swift from the one-handed policy
# with the conform of this checkout. Run it after changing conform or the policy, and commit the result.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
swift run --package-path "$root" conform generate one-handed --format xcuitest \
  --output "$here/FormDemoUITests/Generated/OneHandedConformanceTests.swift"
