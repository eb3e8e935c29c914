"""Checks the reports of fork.cpp: the parent's and the child's, each with only its
own calls. Arguments: the file with "PARENT_PID CHILD_PID", then the parent's and
the child's report paths, where {parent} and {child} stand for the pids."""
import json
import sys

parent, child = open(sys.argv[1]).read().split()


def calls(path_pattern):
    path = path_pattern.format(parent=parent, child=child)
    with open(path) as report:
        rows = json.load(report)["functions_timing"]["data"]
    return {row["name"]: row["calls"] for row in rows}


parent_calls = calls(sys.argv[2])
child_calls = calls(sys.argv[3])
assert parent_calls == {"main": 1, "app::work": 4, "app::spanning": 1}, parent_calls
assert child_calls == {"main": 1, "app::work": 2, "app::spanning": 1}, child_calls
print("ok")
