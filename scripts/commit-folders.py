#!/usr/bin/env python3
"""How many folders of Sources/ each commit touched, then and in today's layout of the code.

For each commit given (default: the last 10 commits whose subject is not a review mend, docs,
tests, benchmarks or a back-out, and that change Sources/), prints the files it changed under
Sources/, the folders they were in (a module's folder: KeylexRuntime/Suggestions; a module
without folders counts as one), and the folders the same files are in at HEAD, following the
renames git finds between the commit and HEAD. A file split since then counts in the folder of
the part that kept its name. Used to measure a restructuring (docs/ARCHITECTURE.md).

Usage: scripts/commit-folders.py [COMMIT...]
"""
import subprocess
import sys

SKIP = ("Review", "Docs", "docs", "Tests", "Test:", "Benchmark", "Back out", "README", "The house")


def git(*args):
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def folder(path):
    parts = path.split("/")
    if parts[0] != "Sources" or len(parts) < 3:
        return None
    return "/".join(parts[1:3]) if len(parts) > 3 else parts[1]


def feature_commits(count=10):
    found = []
    for line in git("log", "--format=%h %s", "-200").splitlines():
        commit, subject = line.split(" ", 1)
        if subject.startswith(SKIP):
            continue
        if any(folder(p) for p in git("show", "--name-only", "--format=", commit).split()):
            found.append(commit)
        if len(found) == count:
            break
    return found


def renames_to_head(commit):
    moved = {}
    for line in git("diff", "-M", "--name-status", commit, "HEAD", "--", "Sources").splitlines():
        fields = line.split("\t")
        if fields[0].startswith("R"):
            moved[fields[1]] = fields[2]
    return moved


def main():
    commits = sys.argv[1:] or feature_commits()
    total_then = total_now = 0
    for commit in commits:
        files = [p for p in git("show", "--name-only", "--format=", commit).split() if folder(p)]
        moved = renames_to_head(commit)
        then = {folder(p) for p in files}
        now = {folder(moved.get(p, p)) for p in files}
        total_then += len(then)
        total_now += len(now)
        subject = git("log", "-1", "--format=%s", commit).strip()[:70]
        print(f"{commit}  {len(files):3} files  {len(then):2} folders then  {len(now):2} now  {subject}")
    print(f"total: {total_then} folders then, {total_now} now, over {len(commits)} commits")


if __name__ == "__main__":
    main()
