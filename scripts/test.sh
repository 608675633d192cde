#!/usr/bin/env bash
# One command for the whole test suite: installs the report consumers (see scripts/install-consumers.sh)
# and runs `swift test` with every consumer required, as CI does.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-consumers.sh
CONFORM_REQUIRE_CONSUMERS=1 swift test "$@"
