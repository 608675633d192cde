#!/usr/bin/env python3
"""Takes the traces that conform's generated UI tests attached to a test result out of it.

Each generated test attaches its trace as `ID.yaml` and each screenshot as `ID--NNN.png` (XCTAttachment,
kept always; Docs/Recording.md, "Getting the traces out of an .xcresult bundle"). This writes them back
as the tests wrote them into CONFORM_TRACES_DIR: OUTPUT/ID.yaml and OUTPUT/ID/NNN.png, where the trace's
`evidence:` paths expect them, ready for `conform run OUTPUT`.

    extract_xcresult_traces.py --xcresult Results.xcresult --output traces
    extract_xcresult_traces.py --exported DIR --output traces

--xcresult runs `xcrun xcresulttool export attachments --path BUNDLE --output-path TEMP` (Xcode 16 or
later) and reads what it exported; --exported reads a folder that command already wrote. Either way the
folder holds manifest.json (per test: `attachments`, each with `exportedFileName` and
`suggestedHumanReadableName`) and the exported files. A trace is told by its text (`conform: 1`, then
`trace: ID`), a screenshot by its name, since XCTest may add a suffix to the names it suggests.

Exit status: 0 when at least one trace was written; 1 when none was found; 2 when the bundle cannot be
exported or the folder read.
"""
import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

# An id as conform writes trace ids into file names: no path separator, no leading dot.
TRACE_ID = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]*$")
TRACE_HEADER = re.compile(r"\Aconform: 1\ntrace: ([^\n]+)\n")
SCREENSHOT = re.compile(r"^(?P<id>[A-Za-z0-9_-][A-Za-z0-9._-]*?)--(?P<number>[0-9]{3,})(?:[._].*)?$")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def fail(status, message):
    print(f"extract_xcresult_traces: {message}", file=sys.stderr)
    sys.exit(status)


def export(bundle, folder):
    command = ["xcrun", "xcresulttool", "export", "attachments", "--path", str(bundle), "--output-path", str(folder)]
    try:
        result = subprocess.run(command, capture_output=True, text=True)
    except OSError as error:
        fail(2, f"cannot run xcrun ({error}): this needs Xcode 16 or later on a Mac")
    if result.returncode != 0:
        fail(2, f"{' '.join(command)} exited {result.returncode}: {result.stderr.strip()}")


def attachments(folder):
    """(exported file, suggested name) for every attachment the manifest lists."""
    manifest = folder / "manifest.json"
    try:
        entries = json.loads(manifest.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        fail(2, f"{manifest}: cannot be read as JSON ({error})")
    if not isinstance(entries, list):
        fail(2, f"{manifest}: not a list of tests")
    for entry in entries:
        listed = entry.get("attachments") if isinstance(entry, dict) else None
        for attachment in listed if isinstance(listed, list) else []:
            if not isinstance(attachment, dict):
                continue
            exported = attachment.get("exportedFileName")
            suggested = attachment.get("suggestedHumanReadableName") or exported
            if isinstance(exported, str) and isinstance(suggested, str) and "/" not in exported:
                yield folder / exported, suggested


def extract(folder, output):
    traces, screenshots = {}, {}
    for file, name in attachments(folder):
        try:
            data = file.read_bytes()
        except OSError as error:
            print(f"extract_xcresult_traces: skipped {file}: {error}", file=sys.stderr)
            continue
        header = TRACE_HEADER.match(data[:4096].decode("utf-8", errors="replace"))
        if header and TRACE_ID.match(header.group(1).strip()):
            traces[header.group(1).strip()] = data
            continue
        shot = SCREENSHOT.match(name)
        if shot and data.startswith(PNG_SIGNATURE):
            screenshots[(shot.group("id"), shot.group("number"))] = data
    output.mkdir(parents=True, exist_ok=True)
    for trace_id, data in sorted(traces.items()):
        (output / f"{trace_id}.yaml").write_bytes(data)
    for (trace_id, number), data in sorted(screenshots.items()):
        (output / trace_id).mkdir(exist_ok=True)
        (output / trace_id / f"{number}.png").write_bytes(data)
    return len(traces), len(screenshots)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--xcresult", type=Path, help="the result bundle of an xcodebuild test run")
    source.add_argument("--exported", type=Path, help="a folder `xcresulttool export attachments` wrote")
    parser.add_argument("--output", type=Path, required=True, help="where the traces and their screenshots go")
    arguments = parser.parse_args()
    scratch = None
    if arguments.xcresult:
        scratch = Path(tempfile.mkdtemp(prefix="conform-xcresult-"))
        export(arguments.xcresult, scratch)
    try:
        traces, screenshots = extract(scratch or arguments.exported, arguments.output)
    finally:
        if scratch:
            shutil.rmtree(scratch, ignore_errors=True)
    if traces == 0:
        fail(1, f"no conform trace among the attachments of {arguments.xcresult or arguments.exported}")
    print(f"extract_xcresult_traces: wrote {traces} trace(s) and {screenshots} screenshot(s) to {arguments.output}")


if __name__ == "__main__":
    main()
