#!/usr/bin/env python3
"""Counts the loops between the folders of the Swift modules under Sources/.

Swift has no imports inside a module, so the dependencies are read from the compiler itself:
`swiftc -dump-ast` type-checks each module and names, for every reference, the file that
declares what it refers to. A folder (the first directory under a module's folder:
KeylexCompiler/Importers takes in Importers/AOSP) depends on another when one of its files
refers to a declaration in the other: a type, a function, a property, a member added by an
extension.

A loop is a set of folders that reach each other (a strongly connected component of more than
one folder). The script prints each loop with the references that close it, and exits 1 when
there is any, so CI fails on a new one. `--edges` prints every dependency with its first use.

Usage: scripts/folder-loops.py [--edges] [BUILD_DIR]   (BUILD_DIR: .build/debug by default, or a
release build such as .build-test/release, built first; the compiler module is checked against
the runtime module found there.)
"""
import os
import re
import subprocess
import sys
from collections import defaultdict

PROJECT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
MODULES = ["KeylexRuntime", "KeylexCompiler"]
SOURCE_FILE = re.compile(r'^\s*\(source_file "([^"]+)"')
RANGE = re.compile(r'range=\[([^:\]]+\.swift):(\d+):')
REFERENCE = re.compile(r'(Keylex\w+)\.\(file\)\.([^@"\s]*)@([^:"\s]+\.swift):\d+')


def folder_of(path, module):
    parts = os.path.relpath(os.path.join(PROJECT, path), os.path.join(PROJECT, "Sources", module)).split(os.sep)
    return parts[0] if len(parts) > 1 and parts[0] != ".." else None


def c_flags():
    flags = []
    for name in sorted(os.listdir(os.path.join(PROJECT, "Sources"))):
        modulemap = os.path.join("Sources", name, "module.modulemap")
        if os.path.exists(os.path.join(PROJECT, modulemap)):
            flags += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    cflags = subprocess.run(["pkg-config", "--cflags", "libxml-2.0", "zlib"],
                            capture_output=True, text=True).stdout.split()
    return flags + [part for flag in cflags for part in ("-Xcc", flag)]


def package_name(build_dir):
    """The name SwiftPM gave the package when it built `build_dir` (its `package` declarations are
    visible only to modules compiled under the same name), from the build plan beside the build
    folders (`.build/debug.yaml` for `.build/debug`, which links to `.build/<triple>/debug`; the
    plan is named for the configuration, `release.yaml` for a release build)."""
    folder, configuration = os.path.split(os.path.normpath(build_dir))
    plan_name = configuration + ".yaml"
    plans = [os.path.join(folder, plan_name), os.path.join(os.path.dirname(folder), plan_name)]
    plan = next((path for path in plans if os.path.exists(path)), None)
    if plan is None:
        return []
    with open(plan, errors="replace") as lines:
        for line in lines:
            if '"-module-name","KeylexRuntime"' in line:
                found = re.search(r'"-package-name","([^"]+)"', line)
                if found:
                    return ["-package-name", found.group(1)]
    return []


def ast_lines(module, build_dir):
    files = sorted(os.path.relpath(os.path.join(base, name), PROJECT)
                   for base, _, names in os.walk(os.path.join(PROJECT, "Sources", module))
                   for name in names if name.endswith(".swift"))
    command = ["swiftc", "-dump-ast", "-parse-as-library", "-swift-version", "6",
               "-module-name", module, "-I", os.path.join(build_dir, "Modules")] + package_name(build_dir) + c_flags() + files
    process = subprocess.Popen(command, cwd=PROJECT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, errors="replace")
    yield from process.stderr
    if process.wait() != 0:
        sys.exit(f"folder-loops: swiftc -dump-ast failed for {module} (is {build_dir} built?)")


def dependencies(module, build_dir):
    """{(from folder, to folder): (file, line, symbol)}, the first reference of each."""
    edges, current, line_number = {}, None, 0
    for line in ast_lines(module, build_dir):
        start = SOURCE_FILE.match(line)
        if start:
            current, line_number = start.group(1), 0
            continue
        if current is None:
            continue
        ranged = RANGE.search(line)
        if ranged and ranged.group(1) == current:
            line_number = int(ranged.group(2))
        source = folder_of(current, module)
        for owner, symbol, path in REFERENCE.findall(line):
            target = folder_of(path, owner)
            if owner == module and source and target and target != source:
                edges.setdefault((source, target), (current, line_number, symbol))
    return edges


def loops(edges):
    """Strongly connected components of more than one folder (Tarjan's algorithm)."""
    graph = defaultdict(set)
    for a, b in edges:
        graph[a].add(b)
    index, low, on_stack, stack, found = {}, {}, set(), [], []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(set(graph) | {b for _, b in edges}):
        if v not in index:
            visit(v)
    return found


def main():
    arguments = [a for a in sys.argv[1:] if a != "--edges"]
    build_dir = os.path.abspath(arguments[0] if arguments else os.path.join(PROJECT, ".build", "debug"))
    total = 0
    for module in MODULES:
        edges = dependencies(module, build_dir)
        if "--edges" in sys.argv:
            for (a, b), (path, number, symbol) in sorted(edges.items()):
                print(f"{module}: {a} -> {b}  ({symbol}, {path}:{number})")
        for component in loops(edges):
            total += 1
            print(f"{module}: loop between {', '.join(component)}")
            for (a, b), (path, number, symbol) in sorted(edges.items()):
                if a in component and b in component:
                    print(f"    {a} -> {b}  ({symbol}, {path}:{number})")
    print(f"{total} loop{'s' if total != 1 else ''} between folders")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
