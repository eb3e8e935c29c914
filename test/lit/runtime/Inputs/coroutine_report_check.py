"""Reads a JSON report's coroutine section against its timing rows.

Prints one line per coroutine row, in name order:
  NAME: I instances, C completed, D destroyed, R resumes, calls N
where calls is the timing row's (the instances that ended). Checks, for every row,
that running + suspended is the timing row's total within 1% (or 1 µs) when the
report's time is inclusive (exclusive time is the running time less callees), and the
bounds given as arguments, in milliseconds:
  suspended>=NAME=MS   running<NAME=MS
Exits non-zero with the reason when one does not hold. Then prints the logical
tree of coroutines, one line per path ("tree: A > B: N instances"), in path order.

usage: coroutine_report_check.py REPORT.json [BOUND...]
"""
import json
import sys


def fail(message):
    print("error: " + message)
    sys.exit(1)


def main():
    report = json.load(open(sys.argv[1]))
    timing = {row["name"]: row for row in report["functions_timing"]["data"]}
    rows = {row["name"]: row for row in report.get("coroutines", {}).get("data", [])}
    for name in sorted(rows):
        row = rows[name]
        calls = timing[name]["calls"] if name in timing else 0
        print("%s: %d instances, %d completed, %d destroyed, %d resumes, calls %d"
              % (name, row["instances"], row["completed"], row["destroyed"], row["resumes"],
                 calls))
        if name in timing and report["functions_timing"]["time_mode"] == "inclusive":
            logical = timing[name]["total_ns"]
            split = row["running_ns"] + row["suspended_ns"]
            if abs(split - logical) > max(logical / 100, 1000):
                fail("%s: running + suspended = %d ns, its calls took %d ns"
                     % (name, split, logical))
    for bound in sys.argv[2:]:
        key, name, milliseconds = parse(bound)
        row = rows.get(name)
        if row is None:
            fail("no coroutine row for " + name)
        value = row[key] / 1e6
        if key == "suspended_ns" and value < milliseconds:
            fail("%s: suspended %.3f ms, expected at least %g ms" % (name, value, milliseconds))
        if key == "running_ns" and value >= milliseconds:
            fail("%s: running %.3f ms, expected under %g ms" % (name, value, milliseconds))
    print("running + suspended = logical for every row; bounds hold")
    # The logical tree: each coroutine under its creator, depth first.
    nodes = report.get("coroutine_tree", {}).get("nodes", [])
    paths = []
    for node in nodes:
        parent = node["parent"]
        paths.append((paths[parent] + " > " if parent is not None else "") + node["name"])
        if node["running_ns"] > node["total_ns"]:
            fail("tree node %s runs longer than it lives" % paths[-1])
    for path, node in sorted(zip(paths, nodes)):
        print("tree: %s: %d instances" % (path, node["instances"]))


def parse(bound):
    if bound.startswith("suspended>="):
        name, value = bound[len("suspended>="):].rsplit("=", 1)
        return "suspended_ns", name, float(value)
    if bound.startswith("running<"):
        name, value = bound[len("running<"):].rsplit("=", 1)
        return "running_ns", name, float(value)
    fail("unknown bound " + bound)


if __name__ == "__main__":
    main()
