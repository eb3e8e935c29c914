"""Checks the call tree of a JSON report, or the folded stacks of a call tree.

usage: check_call_tree.py json|folded FILE CHECK...

Paths are node names joined by ';', root first. Checks:

  PATH=N     the node at PATH has exactly N calls (json) or weighs exactly N (folded)
  PATH>=N    the node at PATH has at least N nanoseconds of total time (json) or
             weighs at least N (folded)
  paths=N    there are exactly N paths

Prints every path on failure and exits 1.
"""

import json
import re
import sys

CHECK = re.compile(r"^(.*?)(=|>=)(\d+)$")


def json_paths(path):
    with open(path, encoding="utf-8") as f:
        nodes = json.load(f)["call_tree"]["nodes"]
    paths = {}
    names = []
    for index, node in enumerate(nodes):
        parent = node["parent"]
        if parent is not None and not 0 <= parent < index:
            sys.exit(f"node {index} has parent {parent}, not an earlier node")
        name = node["name"] if parent is None else names[parent] + ";" + node["name"]
        names.append(name)
        if name in paths:
            sys.exit(f"path {name} appears twice")
        paths[name] = (node["calls"], node["total_ns"])
    return paths


def folded_paths(path):
    paths = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            stack, weight = line.rstrip("\n").rsplit(" ", 1)
            paths[stack] = (int(weight), int(weight))
    return paths


def main(argv):
    kind, path, checks = argv[1], argv[2], argv[3:]
    paths = json_paths(path) if kind == "json" else folded_paths(path)
    failed = []
    for check in checks:
        match = CHECK.match(check)
        if not match:
            sys.exit(f"bad check {check}")
        name, operator, value = match.group(1), match.group(2), int(match.group(3))
        if name == "paths":
            if len(paths) != value:
                failed.append(f"{len(paths)} paths, expected {value}")
            continue
        if name not in paths:
            failed.append(f"no path {name}")
        elif operator == "=" and paths[name][0] != value:
            failed.append(f"{name}: {paths[name][0]}, expected {value}")
        elif operator == ">=" and paths[name][1] < value:
            failed.append(f"{name}: {paths[name][1]}, expected at least {value}")
    if failed:
        for line in failed:
            print(line)
        for name, values in sorted(paths.items()):
            print(f"  {name} {values}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
