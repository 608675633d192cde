#!/usr/bin/env python3
"""Runs the README's shell commands as written, in order, on a clean clone (issue 27), or every
command of a tutorial in an empty folder (issue 28).

    scripts/check-readme-commands.py CLONE CONFORM
    scripts/check-readme-commands.py --tutorial DOC CONFORM

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
before anything runs. The commands must leave the clone as they found it (`git status --porcelain`):
a file they write must go to a folder git ignores (the tour's `conform-out/`), or the check fails
with the paths left behind. Exits 0 when every command did what the README says and left nothing,
else 1 (2 on bad usage, or when CLONE is not a git checkout).

With `--tutorial DOC` (Docs/WritingPolicies.md): every ```sh block of every section of DOC runs, the
same way, in a new empty folder outside any repository, which every command shares. A ```yaml block
whose first line is `# file: PATH` is written to PATH in that folder (without that line) where it
stands in DOC, before the commands after it run: the files a tutorial shows are the files its
commands read, so the two cannot drift apart. A plain ``` block (no info string) shows output: each
of its lines must be a line, or part of one, of what the command right before it printed.
"""

import os
import re
import subprocess
import sys
import tempfile
import time

SECTIONS = ("Install", "The two commands", "A short tour")
EXITS = re.compile(r"(?:^|\s)#\s*exits\s+(\d+)\b")
PLACEHOLDER = re.compile(r"\.\.\.|…|<[A-Za-z][^<>]*>")
FILE_MARK = re.compile(r"^#\s*file:\s*(\S+)\s*$")


def commands(readme, sections=SECTIONS, name="README.md", files=None):
    """(line number, command, expected exit status) for every command of the checked sections
    (`sections` None: every section). With a list `files`, also collects the `# file: PATH` yaml
    blocks into it as (index of the first command after it, line number, PATH, text)."""
    found = []
    section = None
    fence = None  # the info string of the open code fence, or None outside one
    pending = None  # (first line number, text so far) of a command continued with `\`
    written = None  # (line number, PATH, lines) of the `# file:` block being read
    for number, line in enumerate(readme.splitlines(), start=1):
        stripped = line.strip()
        if fence is None:
            if stripped.startswith("```"):
                fence = stripped[3:].strip()
                first = True
            elif line.startswith("## "):
                section = line[3:].strip()
            continue
        if stripped.startswith("```"):
            if pending:
                raise SystemExit(f"{name}:{pending[0]}: a `\\` continuation runs into the end of the block")
            if written is not None:
                files.append((len(found), written[0], written[1], "".join(l + "\n" for l in written[2])))
                written = None
            elif files is not None and fence == "":
                files.append((len(found), number, None, ""))  # an empty output block shows nothing to check
            fence = None
            continue
        if files is not None and fence == "":
            # A plain block in a tutorial shows output: what the command before it prints.
            if written is None:
                written = (number, None, [])
            written[2].append(line)
            continue
        if files is not None and fence == "yaml":
            mark = FILE_MARK.match(stripped) if first else None
            first = False
            if mark:
                written = (number, mark.group(1), [])
            elif written is not None:
                written[2].append(line)
            continue
        if fence != "sh" or (sections is not None and section not in sections):
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


def tutorial(doc_path, conform):
    """Runs every command of a tutorial in a new empty folder, writing its `# file:` blocks as it goes."""
    name = os.path.basename(doc_path)
    with open(doc_path, encoding="utf-8") as f:
        files = []
        found = commands(f.read(), sections=None, name=name, files=files)
    if not found:
        print(f"{name}: no commands found", file=sys.stderr)
        return 1
    # Output blocks: every line must be in the output of the command right before the block.
    shown = {}
    for index, line, path, text in files:
        if path is None and text:
            shown[index - 1] = (line, [l for l in text.splitlines() if l.strip()])
    files = [f for f in files if f[2] is not None]
    vague = [(n, c) for n, c, _ in found if PLACEHOLDER.search(c.split(" #")[0])]
    for number, command in vague:
        print(f"{name}:{number}: not a concrete command (placeholder or '...'): {command}")
    if vague:
        return 1
    env = dict(os.environ)
    env["PATH"] = os.path.dirname(conform) + os.pathsep + env.get("PATH", "")
    failures = 0
    with tempfile.TemporaryDirectory(prefix="conform-tutorial-") as folder:
        pending_files = list(files)
        for index, (number, command, expected) in enumerate(found):
            while pending_files and pending_files[0][0] <= index:
                _, line, path, text = pending_files.pop(0)
                target = os.path.join(folder, path)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                with open(target, "w", encoding="utf-8") as out:
                    out.write(text)
                print(f"{name}:{line}: wrote {path}", flush=True)
            print(f"{name}:{number}: $ {command}", flush=True)
            run = subprocess.run(
                ["bash", "-o", "pipefail", "-c", command],
                cwd=folder, env=env, stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace",
            )
            missing = [l for l in shown.get(index, (0, []))[1] if l not in run.stdout]
            if run.returncode == expected and not missing:
                print(f"  ok: exit {run.returncode}", flush=True)
            elif missing:
                failures += 1
                print(f"  FAILED: {name}:{shown[index][0]} shows a line it did not print: {missing[0]}; output ends:")
                print(tail(run.stdout), flush=True)
            else:
                failures += 1
                print(f"  FAILED: exit {run.returncode}, {name} says {expected}; output ends:")
                print(tail(run.stdout), flush=True)
        if pending_files:
            failures += 1
            print(f"{name}:{pending_files[0][1]}: a `# file:` block after the last command is never read")
    print(f"{len(found) - failures} of {len(found)} {name} commands did what it says")
    return 1 if failures else 0


def changes(clone):
    """The clone's `git status --porcelain` lines (untracked files each, and changed ones), or None
    when CLONE is not a git work tree."""
    run = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=clone, stdin=subprocess.DEVNULL, capture_output=True, text=True, errors="replace",
    )
    if run.returncode != 0:
        return None
    return [line for line in run.stdout.splitlines() if line.strip()]


def main(argv):
    if len(argv) == 4 and argv[1] == "--tutorial":
        conform = os.path.abspath(argv[3])
        if not (os.path.isfile(conform) and os.access(conform, os.X_OK)):
            print(f"{conform} is not an executable file", file=sys.stderr)
            return 2
        return tutorial(argv[2], conform)
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[3].strip(), file=sys.stderr)
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

    before = changes(clone)
    if before is None:
        print(f"{clone} is not a git checkout: give a clone, so that what the commands leave behind can be seen", file=sys.stderr)
        return 2
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
    left = [line for line in (changes(clone) or []) if line not in before]
    if left:
        print(f"FAILED: the README's commands left {len(left)} untracked or changed path(s) in the clone "
              "(write into a folder git ignores, such as conform-out/):")
        for line in left[:30]:
            print("    " + line)
        if len(left) > 30:
            print(f"    ... and {len(left) - 30} more")
        return 1
    print("the README's commands left the clone as they found it")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
