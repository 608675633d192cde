"""What XcodeGen's schema cannot see in Examples/iOS/project.yml: that what it names exists.

    python check_ios_project.py SPEC [BASE]    (BASE: the folder relative paths start from; default SPEC's)

Checks: every target's sources exist; each local package's path holds a Package.swift; every product a
target takes from it is a library product of that Package.swift; the iOS deployment target is at or
above the package's iOS floor; the UI-test target has the generated tests and the team's file. Prints
one line per problem and exits 1 on any.
"""
import re
import sys
from pathlib import Path

from ruamel.yaml import YAML


def version(text):
    return tuple(int(part) for part in str(text).split("."))


def main(spec_path, base):
    spec = YAML(typ="safe").load(Path(spec_path).read_text())
    problems = []
    packages = {}
    for name, package in (spec.get("packages") or {}).items():
        manifest = base / package.get("path", "") / "Package.swift"
        if "path" not in package or not manifest.is_file():
            problems.append(f"package {name}: no Package.swift at {manifest}")
            continue
        text = manifest.read_text()
        ios = re.search(r"\.iOS\(\.v(\d+)(?:_(\d+))?\)", text)
        packages[name] = {
            "products": set(re.findall(r'\.library\(\s*name:\s*"([^"]+)"', text)),
            "ios": (int(ios.group(1)), int(ios.group(2) or 0)) if ios else (0,),
        }
    floor = version((spec.get("options") or {}).get("deploymentTarget", {}).get("iOS", "0"))
    for name, package in packages.items():
        if floor < package["ios"]:
            problems.append(f"deploymentTarget iOS {floor} is below package {name}'s iOS floor {package['ios']}")
    for target_name, target in (spec.get("targets") or {}).items():
        sources = target.get("sources", [])
        for source in [sources] if isinstance(sources, str) else sources:
            path = source if isinstance(source, str) else source.get("path", "")
            if not (base / path).exists():
                problems.append(f"target {target_name}: sources {path} does not exist")
        for dependency in target.get("dependencies", []):
            if "package" not in dependency:
                continue
            package = packages.get(dependency["package"])
            if package is None:
                problems.append(f"target {target_name}: package {dependency['package']} is not a usable local package")
                continue
            wanted = dependency.get("products") or [dependency.get("product", dependency["package"])]
            for product in wanted:
                if product not in package["products"]:
                    problems.append(f"target {target_name}: {product} is not a library product of {dependency['package']}")
        if target.get("type") == "bundle.ui-testing":
            for needed in ["Generated/OneHandedConformanceTests.swift", "OneHandedFormOpening.swift"]:
                if not any((base / s / needed).is_file() for s in ([sources] if isinstance(sources, str) else sources)):
                    problems.append(f"target {target_name}: no {needed} in its sources")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    spec = Path(sys.argv[1])
    sys.exit(main(spec, Path(sys.argv[2]) if len(sys.argv) > 2 else spec.parent))
