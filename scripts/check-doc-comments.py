#!/usr/bin/env python3
"""Every public symbol of the documented library modules has a doc comment of its own.

Reads the symbol graphs that `swift package generate-documentation --target MODULE` extracts
(.build/<triple>/extracted-symbols/<checkout>/MODULE/*.symbols.json), so run it after the DocC builds.
A symbol counts when it is declared in the module's own sources; one whose only documentation is a
protocol's (a `description` that inherits CustomStringConvertible's) has none of its own and is listed.
Compiler-synthesized members (no source location) are left out. Exits 1 with the list, 2 when a
module's symbol graph is missing.

usage: check-doc-comments.py MODULE ...
"""
import glob
import json
import os
import sys


def symbol_graphs(module):
    """The module's newest symbol graph files (its own, and its extensions of other modules)."""
    found = glob.glob(f".build/*/extracted-symbols/*/{module}/{module}.symbols.json")
    if not found:
        return []
    folder = os.path.dirname(max(found, key=os.path.getmtime))
    return sorted(glob.glob(os.path.join(folder, f"{module}*.symbols.json")))


def undocumented(module, path):
    graph = json.load(open(path, encoding="utf-8"))
    missing = []
    for symbol in graph["symbols"]:
        location = symbol.get("location")
        if symbol["kind"]["identifier"] == "swift.extension" or location is None:
            continue
        if f"/Sources/{module}/" not in location["uri"]:
            continue
        comment = symbol.get("docComment")
        own = comment is not None and comment.get("module", module) == module
        text = "".join(line.get("text", "") for line in (comment or {}).get("lines", [])).strip()
        if not own or not text:
            uri = location["uri"]
            file = uri[uri.index("/Sources/") + 1 :]
            line = location["position"]["line"] + 1
            missing.append(f"{file}:{line}: {module}.{'.'.join(symbol['pathComponents'])}")
    return missing


def main(modules):
    missing = []
    for module in modules:
        graphs = symbol_graphs(module)
        if not graphs:
            print(f"no symbol graph for {module}: run `swift package generate-documentation --target {module}` first")
            return 2
        for path in graphs:
            missing += undocumented(module, path)
    for entry in sorted(set(missing)):
        print(f"{entry}: public symbol without a doc comment")
    if missing:
        print(f"{len(set(missing))} public symbols without a doc comment")
        return 1
    print(f"every public symbol of {', '.join(modules)} has a doc comment")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
