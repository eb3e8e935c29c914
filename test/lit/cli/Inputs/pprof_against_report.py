"""Reads a pprof profile with `go tool pprof` and compares it with hotpath's own
JSON report of the same run.

usage: pprof_against_report.py PROFILE REPORT.json

From `go tool pprof -raw` (every sample, every location) it sums, per function,
the wall time of the samples where the function is innermost (its self time) and
their calls, and the allocations; from the report's call tree, the same sums. Prints
one line per function and sample type when both agree, "mismatch" lines when they
do not; then the total wall time both give, and the function `go tool pprof -top`
lists first with the one hotpath's tree has the most self time in.
"""
import collections
import json
import re
import subprocess
import sys


def go_pprof(*args):
    return subprocess.run(["go", "tool", "pprof"] + list(args), check=True,
                          capture_output=True, text=True).stdout


def read_raw(profile):
    text = go_pprof("-raw", profile)
    types = []
    samples = []
    locations = {}
    section = None
    for line in text.splitlines():
        if line.startswith("Samples:"):
            section = "header"
            continue
        if line.startswith("Locations"):
            section = "locations"
            continue
        if line.startswith("Mappings"):
            section = None
            continue
        if section == "header":
            types = [t.replace("[dflt]", "").split("/")[0] for t in line.split()]
            section = "samples"
        elif section == "samples" and ":" in line:
            values, stack = line.split(":", 1)
            samples.append(([int(v) for v in values.split()], [int(s) for s in stack.split()]))
        elif section == "locations":
            match = re.match(r"\s*(\d+): 0x[0-9a-f]+ (?:M=\d+ )?(\S+)", line)
            if match:
                locations[int(match.group(1))] = match.group(2)
    return types, samples, locations


def main():
    profile, report_path = sys.argv[1], sys.argv[2]
    types, samples, locations = read_raw(profile)
    from_pprof = collections.defaultdict(lambda: collections.Counter())
    for values, stack in samples:
        leaf = locations[stack[0]]
        for kind, value in zip(types, values):
            from_pprof[kind][leaf] += value
    report = json.load(open(report_path))
    from_report = collections.defaultdict(lambda: collections.Counter())
    for node in report["call_tree"]["nodes"]:
        from_report["wall"][node["name"]] += node["self_ns"]
        from_report["calls"][node["name"]] += node["calls"]
    for row in report.get("functions_alloc", {}).get("data", []):
        from_report["alloc_objects"][row["name"]] += row["alloc_count"]
        from_report["alloc_space"][row["name"]] += row["alloc_bytes"]
    for kind in types:
        for name in sorted(set(from_pprof[kind]) | set(from_report[kind])):
            if from_pprof[kind][name] == 0 and from_report[kind][name] == 0:
                continue
            if from_pprof[kind][name] == from_report[kind][name]:
                print("%s %s: %d" % (kind, name, from_pprof[kind][name]))
            else:
                print("mismatch %s %s: pprof %d, report %d"
                      % (kind, name, from_pprof[kind][name], from_report[kind][name]))
    total = sum(from_pprof["wall"].values())
    print("wall total: pprof %d, report %d" % (total, sum(from_report["wall"].values())))
    top = go_pprof("-top", "-sample_index=wall", profile).splitlines()
    header = next(i for i, line in enumerate(top) if line.strip().startswith("flat"))
    first = top[header + 1].split()[-1]
    hottest = max(from_report["wall"], key=lambda name: from_report["wall"][name])
    print("top: pprof %s, report %s" % (first, hottest))


if __name__ == "__main__":
    main()
