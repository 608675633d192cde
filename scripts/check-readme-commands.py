#!/usr/bin/env python3
"""Runs the README's shell commands as written, in order, on a clean clone (issue 27).

    scripts/check-readme-commands.py CLONE CONFORM

CLONE is a fresh clone of the repository (its README.md is the one checked, and every command runs
with CLONE as its working directory); CONFORM is a built `conform` binary, whose folder is put first
on PATH, as Install puts one there.

Checked: every ```sh block of the sections "Install", "The two commands" and "A short tour" (with
its subsections). A command is a line of a block, with `\\` continuations joined; blank lines and
comment lines are skipped. Each runs literally with `bash -o pipefail -c`, on its own, so a command
may not rely on an earlier `cd` or `export`. It must exit 0, unless its trailing comment says
otherwise right there with the marker `# exits N` (for example
`conform run Bad/   # exits 1: a claim is broken`), and then it must exit N.

A command must be concrete: no `...`, `…` or `<placeholder>`; one that is not fails the check
before anything runs. Exits 0 when every command did what the README says, else 1 (2 on bad usage).
"""

import os
import re
import subprocess
import sys
import time

SECTIONS = ("Install", "The two commands", "A short tour")
EXITS = re.compile(r"(?:^|\s)#\s*exits\s+(\d+)\b")
PLACEHOLDER = re.compile(r"\.\.\.|…|<[A-Za-z][^<>]*>")


def commands(readme):
    """(line number, command, expected exit status) for every command of the checked sections."""
    found = []
    section = None
    fence = None  # the info string of the open code fence, or None outside one
    pending = None  # (first line number, text so far) of a command continued with `\`
    for number, line in enumerate(readme.splitlines(), start=1):
        stripped = line.strip()
        if fence is None:
            if stripped.startswith("```"):
                fence = stripped[3:].strip()
            elif line.startswith("## "):
                section = line[3:].strip()
            continue
        if stripped.startswith("```"):
            if pending:
                raise SystemExit(f"README.md:{pending[0]}: a `\\` continuation runs into the end of the block")
            fence = None
            continue
        if fence != "sh" or section not in SECTIONS:
            continue
        if pending:
            start, text = pending
            text += " " + stripped
        else:
            if not stripped or stripped.startswith("#"):
                continue
            start, text = number, stripped
        if text.endswith("\\"):
            pending = (start, text[:-1].rstrip())
            continue
        pending = None
        match = EXITS.search(text)
        found.append((start, text, int(match.group(1)) if match else 0))
    return found


def tail(text, lines=30):
    kept = text.rstrip("\n").splitlines()[-lines:]
    return "\n".join("    " + line for line in kept)


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    clone, conform = os.path.abspath(argv[1]), os.path.abspath(argv[2])
    readme_path = os.path.join(clone, "README.md")
    if not os.path.isfile(readme_path):
        print(f"no README.md in {clone}", file=sys.stderr)
        return 2
    if not (os.path.isfile(conform) and os.access(conform, os.X_OK)):
        print(f"{conform} is not an executable file", file=sys.stderr)
        return 2
    with open(readme_path, encoding="utf-8") as f:
        found = commands(f.read())
    if not found:
        print("README.md: no commands found in the checked sections", file=sys.stderr)
        return 1

    vague = [(n, c) for n, c, _ in found if PLACEHOLDER.search(c.split(" #")[0]) or "..." in c or "…" in c]
    for number, command in vague:
        print(f"README.md:{number}: not a concrete command (placeholder or '...'): {command}")
    if vague:
        return 1

    env = dict(os.environ)
    env["PATH"] = os.path.dirname(conform) + os.pathsep + env.get("PATH", "")
    failures = 0
    for number, command, expected in found:
        print(f"README.md:{number}: $ {command}", flush=True)
        started = time.monotonic()
        run = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command],
            cwd=clone, env=env, stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
        )
        took = time.monotonic() - started
        if run.returncode == expected:
            print(f"  ok: exit {run.returncode} as the README says ({took:.1f} s)", flush=True)
        else:
            failures += 1
            print(f"  FAILED: exit {run.returncode}, the README says {expected} ({took:.1f} s); output ends:")
            print(tail(run.stdout), flush=True)
    print(f"{len(found) - failures} of {len(found)} README commands did what the README says")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
