#!/usr/bin/env python3
"""The Python peer of conform's benchmark: PyYAML's C loader plus a replay of each trace through a
`transitions` state machine modelling the one-handed policy (and makeitso for the traces claiming it).

Usage: python_peer.py DIR   -- prints "N traces, M claims hold, K fail".
It does what `conform run` does for the claims: load every trace, replay its actions, compare its
observations, and count verdicts. It is a reference for speed, not a second implementation to trust.
"""
import os
import sys

import yaml
from transitions import Machine

try:
    from yaml import CLoader as Loader
except ImportError:  # pragma: no cover
    sys.exit("PyYAML without its C loader (libyaml) is not a fair peer")

SHEETS = {
    ("one-handed", "confirm-cancel"): ["Cancel changes", "Cancel"],
    ("one-handed", "confirm-swipe"): ["Save changes", "Cancel changes", "Cancel"],
    ("makeitso", "confirm"): ["Discard Changes", "Cancel"],
}


class Form:
    """The model: sticky `edited` (one-handed) or value-compared `modified` (makeitso)."""

    def __init__(self, policy, form):
        self.policy = policy
        self.original = dict(form or {})
        self.values = dict(self.original)
        self.edited = False

    def dirty(self):
        if self.policy == "one-handed":
            return self.edited
        return self.values != self.original


def machine_for(model):
    states = ["editing", "confirm-cancel", "confirm-swipe", "confirm", "saved", "discarded"]
    machine = Machine(model=model, states=states, initial="editing", auto_transitions=False)
    if model.policy == "one-handed":
        machine.add_transition("tap_done", "editing", "saved", conditions="dirty")
        machine.add_transition("tap_cancel", "editing", "confirm-cancel", conditions="dirty")
        machine.add_transition("tap_cancel", "editing", "discarded")
        machine.add_transition("swipe", "editing", "confirm-swipe", conditions="dirty")
        machine.add_transition("swipe", "editing", "discarded")
        machine.add_transition("choose_Cancel changes", ["confirm-cancel", "confirm-swipe"], "discarded")
        machine.add_transition("choose_Save changes", "confirm-swipe", "saved")
        machine.add_transition("choose_Cancel", ["confirm-cancel", "confirm-swipe"], "editing")
    else:
        machine.add_transition("tap_done", "editing", "saved")
        machine.add_transition("tap_cancel", "editing", "confirm", conditions="dirty")
        machine.add_transition("tap_cancel", "editing", "discarded")
        machine.add_transition("swipe", "editing", "confirm", conditions="dirty")
        machine.add_transition("swipe", "editing", "discarded")
        machine.add_transition("choose_Discard Changes", "confirm", "discarded")
        machine.add_transition("choose_Cancel", "confirm", "editing")
    return machine


def expected(model, key):
    final = model.state in ("saved", "discarded")
    if key == "dismissed":
        return final
    if key == "saved":
        return model.state == "saved" if final else None
    if key == "done":
        if final:
            return None
        if model.policy == "makeitso":
            return "enabled"
        return "enabled" if model.edited else "disabled"
    if key == "cancel":
        return None if final else "enabled"
    if key == "sheet":
        return SHEETS.get((model.policy, model.state), "none")
    return None


def replay(trace, policy):
    model = Form(policy, trace.get("form"))
    machine = machine_for(model)
    for step in trace.get("steps") or []:
        if "see" in step:
            for key, seen in (step["see"] or {}).items():
                want = expected(model, key)
                if want is None:
                    continue
                if key == "sheet" and isinstance(seen, dict):
                    titles = [a["title"] if isinstance(a, dict) else a for a in seen.get("actions", [])]
                    if want == "none" or titles != want:
                        return False
                elif seen != want:
                    return False
        elif "edit" in step:
            if model.state != "editing":
                return False
            edits = step["edit"]
            if isinstance(edits, dict):
                model.values.update(edits)
            model.edited = True
        elif "tap" in step:
            label = step["tap"]
            if label == "Done" and policy == "one-handed" and not model.edited:
                continue  # a disabled button does nothing
            trigger = "tap_done" if label == "Done" else "tap_cancel"
            if not model.may_trigger(trigger):
                return False
            model.trigger(trigger)
        elif "swipe" in step:
            if not model.may_trigger("swipe"):
                return False
            model.trigger("swipe")
        elif "choose" in step:
            trigger = "choose_" + step["choose"]
            if trigger not in machine.events or not model.may_trigger(trigger):
                return False
            model.trigger(trigger)
    return True


def main():
    root = sys.argv[1]
    traces = passed = failed = 0
    for directory, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            if not name.endswith((".yaml", ".yml", ".json")):
                continue
            with open(os.path.join(directory, name), "rb") as handle:
                trace = yaml.load(handle, Loader=Loader)
            traces += 1
            policy = trace.get("policy")
            if policy not in ("one-handed", "makeitso"):
                continue
            if replay(trace, policy):
                passed += 1
            else:
                failed += 1
    print(f"{traces} traces, {passed} claims hold, {failed} fail")


if __name__ == "__main__":
    main()
