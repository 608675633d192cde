"""Writes action.yml's composite steps as the one job of a reusable workflow, so that actionlint,
which lints workflows but not the steps of an action, checks them: expressions and contexts, the
inputs of the actions they use, and each run script through shellcheck. Also fails when a run script
interpolates ${{ ... }}: inputs must reach scripts through env (actionlint flags only untrusted
contexts there). Usage: action_as_workflow.py ACTION_YML OUT_WORKFLOW_YML
"""
import sys

from ruamel.yaml import YAML

yaml = YAML()
action_path, workflow_path = sys.argv[1], sys.argv[2]
with open(action_path, encoding="utf-8") as f:
    action = yaml.load(f)

problems = []
for index, step in enumerate(action["runs"]["steps"]):
    if "${{" in str(step.get("run", "")):
        problems.append(f"{action_path}: step {index + 1} ('{step.get('name', step.get('id', '?'))}') interpolates ${{{{ }}}} into its run script; pass it through env")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)

workflow = {
    "name": f"{action['name']} (action.yml's steps)",
    "on": {
        "workflow_call": {
            "inputs": {
                name: {"type": "string", "required": False, "default": str(spec.get("default", ""))}
                for name, spec in action.get("inputs", {}).items()
            }
        }
    },
    "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": action["runs"]["steps"]}},
}
with open(workflow_path, "w", encoding="utf-8") as f:
    yaml.dump(workflow, f)
