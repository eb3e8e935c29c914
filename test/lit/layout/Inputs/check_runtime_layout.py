"""Checks a runtime tree against the map of its README.md.

Usage: check_runtime_layout.py RUNTIME_DIR

The README's "Folders" table names each folder of RUNTIME_DIR and the folders it
may include ("none", "any", or a list of `folder/`); its "Arrows against the
direction" table names the only includes allowed outside that. Every header of the
tree must be included by its path under RUNTIME_DIR ("core/registry.hpp"), never by
its bare name. Prints one line per problem, naming the file and the include, and
exits 1 when there is any; prints a summary and exits 0 otherwise.
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
FOLDER = re.compile(r"`([a-z_]+)/`")


def table_rows(readme, heading):
    """The body rows of the first table after `heading`, as lists of cells."""
    lines = readme.splitlines()
    try:
        start = next(i for i, line in enumerate(lines) if line.strip() == heading)
    except StopIteration:
        sys.exit(f"README.md has no heading {heading!r}")
    rows = []
    in_table = False
    for line in lines[start + 1 :]:
        if line.startswith("|"):
            in_table = True
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if not all(set(cell) <= set("-: ") for cell in cells):
                rows.append(cells)
        elif in_table:
            break
    return rows[1:]  # the header row


def read_map(readme):
    """{folder: set of folders it may include, or None for any}, and the exceptions."""
    allowed = {}
    for cells in table_rows(readme, "## Folders"):
        folder = FOLDER.fullmatch(cells[0])
        if folder is None:
            sys.exit(f"README.md: the Folders table's row {cells[0]!r} does not name a folder")
        may = cells[-1]
        if may == "any":
            allowed[folder.group(1)] = None
        elif may == "none":
            allowed[folder.group(1)] = set()
        else:
            allowed[folder.group(1)] = set(FOLDER.findall(may))
    exceptions = set()
    for cells in table_rows(readme, "### Arrows against the direction"):
        exceptions.add((cells[0].strip("`"), cells[1].strip("`")))
    return allowed, exceptions


def main():
    runtime = os.path.abspath(sys.argv[1])
    with open(os.path.join(runtime, "README.md"), encoding="utf-8") as readme:
        allowed, exceptions = read_map(readme.read())

    problems = []
    folders = sorted(
        entry for entry in os.listdir(runtime) if os.path.isdir(os.path.join(runtime, entry))
    )
    for folder in folders:
        if folder not in allowed:
            problems.append(f"{folder}/: a folder the README's map does not name")
    for folder in sorted(allowed):
        if folder not in folders:
            problems.append(f"{folder}/: named by the README's map, but not in the tree")
    for entry in sorted(os.listdir(runtime)):
        if entry.endswith((".cpp", ".hpp")):
            problems.append(f"{entry}: a source file at the root; it belongs in a folder")

    headers = {}  # bare name -> path under the runtime
    sources = []
    for directory, _, files in os.walk(runtime):
        for name in files:
            if name.endswith((".cpp", ".hpp")):
                path = os.path.relpath(os.path.join(directory, name), runtime)
                sources.append(path)
                if name.endswith(".hpp"):
                    headers[name] = path

    used_exceptions = set()
    arrows = 0
    for path in sorted(sources):
        folder = path.split("/")[0]
        with open(os.path.join(runtime, path), encoding="utf-8") as source:
            text = source.read()
        for included in INCLUDE.findall(text):
            if "/" not in included:
                if included in headers:
                    problems.append(
                        f'{path}: includes "{included}" by its bare name; '
                        f'include "{headers[included]}"'
                    )
                continue
            target = included.split("/")[0]
            if not os.path.isfile(os.path.join(runtime, included)):
                continue  # a public header (hotpath/...) or another library's
            if target == folder:
                continue
            arrows += 1
            may = allowed.get(folder, set())
            if may is None or target in may:
                continue
            if (path, included) in exceptions:
                used_exceptions.add((path, included))
                continue
            problems.append(
                f'{path}: includes "{included}", but {folder}/ may not include {target}/ '
                "(runtime/README.md)"
            )
    for path, included in sorted(exceptions - used_exceptions):
        problems.append(f"{path}: the README allows it to include {included}, which it does not")

    for problem in problems:
        print(f"error: {problem}")
    if problems:
        return 1
    print(
        f"{len(folders)} folders, {len(sources)} files, {arrows} includes across folders, "
        f"{len(used_exceptions)} against the direction: as the map says"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
