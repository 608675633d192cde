"""Evaluates Examples/CI/bazel's MODULE.bazel and BUILD.bazel as Starlark (starlark-rust), with
stand-ins for Bazel's functions, and checks what can be checked without Bazel: both files are
Starlark, every load comes from a module that MODULE.bazel depends on, sh_test gets only attributes
that sh_test has, its sources exist, and it is sharded. Bazel itself does not run here.
Usage: check_bazel_example.py FOLDER
"""
import os
import sys

import starlark as sl

SH_TEST_ATTRIBUTES = {
    "name", "srcs", "data", "deps", "args", "env", "env_inherit", "size", "timeout", "flaky",
    "shard_count", "local", "tags", "visibility", "testonly", "target_compatible_with",
    "exec_compatible_with", "features", "toolchains", "deprecation", "licenses",
}

folder = sys.argv[1]
problems = []


def evaluate(name, callables, loader=None):
    path = os.path.join(folder, name)
    with open(path, encoding="utf-8") as f:
        ast = sl.parse(path, f.read(), sl.Dialect.extended())
    module = sl.Module()
    for callable_name, function in callables.items():
        module.add_callable(callable_name, function)
    sl.eval(module, ast, sl.Globals.standard(), sl.FileLoader(loader) if loader else None)


dependencies = set()
evaluate("MODULE.bazel", {
    "module": lambda **kw: None,
    "bazel_dep": lambda name, version, **kw: dependencies.add(name),
})

tests = []


def load(label):
    repository = label.split("//")[0].lstrip("@")
    if repository not in dependencies:
        problems.append(f"BUILD.bazel loads {label}, but MODULE.bazel has no bazel_dep on '{repository}'")
    module = sl.Module()
    module.add_callable("sh_test", lambda **kw: tests.append(kw))
    return module.freeze()


evaluate("BUILD.bazel", {"glob": lambda include, **kw: []}, load)

if not tests:
    problems.append("BUILD.bazel declares no sh_test")
for test in tests:
    unknown = set(test) - SH_TEST_ATTRIBUTES
    if unknown:
        problems.append(f"sh_test '{test.get('name')}' has attributes that sh_test does not: {sorted(unknown)}")
    for source in test.get("srcs", []):
        if not os.path.isfile(os.path.join(folder, source)):
            problems.append(f"sh_test '{test.get('name')}' names a source that does not exist: {source}")
    if test.get("shard_count", 1) < 2:
        problems.append(f"sh_test '{test.get('name')}' is not sharded")

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
print(f"{folder}: MODULE.bazel and BUILD.bazel evaluate; {len(tests)} sh_test, loads and attributes known")
