"""The one way the benchmark scripts write their tables into docs/BENCHMARKS.md: each replaces
what lies between its own markers, <!-- NAME --> and <!-- /NAME -->, and leaves the rest alone."""
import sys


def replace_part(path, name, text):
    start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    with open(path, encoding="utf-8") as f:
        document = f.read()
    if start not in document or end not in document.split(start, 1)[1]:
        sys.exit(f"{path}: no {start} … {end} markers")
    head, rest = document.split(start, 1)
    tail = rest.split(end, 1)[1]
    with open(path, "w", encoding="utf-8") as out:
        out.write(f"{head}{start}\n{text}\n{end}{tail}")
