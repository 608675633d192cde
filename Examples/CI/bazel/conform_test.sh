#!/usr/bin/env bash
# Runs conform as a Bazel test: `bazel test //:conform_test`. Arguments: the trace folders or files.
set -euo pipefail

# conform as installed (Bazel's test PATH includes /usr/local/bin); --test_env=CONFORM=... overrides.
conform="${CONFORM:-conform}"

# With shard_count, Bazel sets TEST_TOTAL_SHARDS and TEST_SHARD_INDEX; conform reads them itself,
# checks its share of the traces and touches TEST_SHARD_STATUS_FILE to say that it shards.
# The runfiles tree is made of symbolic links to the sources, hence --follow-links. The working
# directory may be read-only: the reports go to the test's undeclared outputs (outputs.zip).
out="${TEST_UNDECLARED_OUTPUTS_DIR:-${TEST_TMPDIR:-/tmp}/conform-report}"
status=0
"$conform" run "$@" --follow-links --report junit,html --output "$out" || status=$?

# conform's JUnit (one test case per trace and claimed policy) replaces the test.xml that Bazel
# would write from the log.
if [ -n "${XML_OUTPUT_FILE:-}" ] && [ -f "$out/conform-junit.xml" ]; then
  cp "$out/conform-junit.xml" "$XML_OUTPUT_FILE"
fi
exit "$status"
