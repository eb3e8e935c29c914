"""Checks off-CPU stacks against the wait section of the same run's JSON report:
every wait's stack goes to the innermost measured function on it (its frame found
from the leaf up), so that each function's off-CPU time is its own time blocked
(the report's self figures, all causes) within 5% and 0.1 ms; and at least 90%
of the time of each function named on the command line ends in the given C
library function.
Run with HOTPATH_OFFCPU_MIN_US=0, so that every wait has its stack.

usage: offcpu_against_report.py REPORT.json FOLDED [FUNCTION=LEAF ...]
"""
import json
import sys


def function_of(frame):
    return frame.split("(", 1)[0]


def main():
    with open(sys.argv[1]) as handle:
        rows = {row["name"]: row for row in json.load(handle)["functions_wait"]["data"]}
    leaves = dict(argument.split("=", 1) for argument in sys.argv[3:])
    measured = set(rows)
    own_us = {}
    leaves_of = {}
    with open(sys.argv[2]) as handle:
        for line in handle:
            stack, count = line.rstrip("\n").rsplit(" ", 1)
            frames = stack.split(";")
            for frame in reversed(frames):
                name = function_of(frame)
                if name in measured:
                    own_us[name] = own_us.get(name, 0) + int(count)
                    leaf_us = leaves_of.setdefault(name, {})
                    leaf_us[frames[-1]] = leaf_us.get(frames[-1], 0) + int(count)
                    break
    failures = []
    for name, row in sorted(rows.items()):
        expected = row["self_ns"] / 1000
        got = own_us.get(name, 0)
        if abs(got - expected) > max(0.05 * expected, 100):
            failures.append("%s: %d us off the CPU in the stacks, %.0f us blocked in the report"
                            % (name, got, expected))
    for name, leaf in leaves.items():
        leaf_us = leaves_of.get(name, {})
        if leaf_us.get(leaf, 0) < 0.9 * sum(leaf_us.values()) or not leaf_us:
            failures.append("%s: its waits end in %s (us), expected mostly in %s"
                            % (name, leaf_us, leaf))
    if failures:
        sys.exit("\n".join(failures))
    print("off-CPU stacks: %d functions' waits as the report has them" % len(rows))


if __name__ == "__main__":
    main()
