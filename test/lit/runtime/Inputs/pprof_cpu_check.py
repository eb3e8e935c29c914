"""Reads the CPU samples of a pprof profile (HOTPATH_PPROF of a program linked with
hotpath-cpu) with `go tool pprof` and compares them with hotpath's own JSON report
of the same run.

usage: pprof_cpu_check.py PROFILE REPORT.json PROGRAM

From `go tool pprof -raw`: the samples and CPU time in all, each measured
function's samples where it is the innermost measured function on the native stack
(the report counts a sample for the innermost measured call), the mapping of the
program with its build id (compared with the one `readelf -n` reads from the
file). From `go tool pprof -top`: the function with the most CPU time, and with
-tagfocus, the one of the thread named "worker". Prints what it found, one fact a
line.
"""
import collections
import json
import re
import subprocess
import sys


def run(*args):
    return subprocess.run(list(args), check=True, capture_output=True, text=True).stdout


def read_raw(profile):
    text = run("go", "tool", "pprof", "-raw", profile)
    types, samples, locations, mappings = [], [], {}, []
    section, location = None, None
    for line in text.splitlines():
        if line.startswith("PeriodType:") or line.startswith("Period:"):
            key, value = line.split(":", 1)
            mappings.append((key, value.strip()))
            continue
        if line.startswith("Samples:"):
            section = "header"
        elif line.startswith("Locations"):
            section = "locations"
        elif line.startswith("Mappings"):
            section = "mappings"
        elif section == "header":
            types = [t.replace("[dflt]", "").split("/")[0] for t in line.split()]
            section = "samples"
        elif section == "samples" and re.match(r"\s*\d", line):
            values, stack = line.split(":", 1)
            samples.append(([int(v) for v in values.split()], [int(s) for s in stack.split()]))
        elif section == "locations":
            # A location's first line, then one line per further (calling) frame.
            match = re.match(r"\s*(\d+): 0x[0-9a-f]+ (?:M=\d+ )?(\S+)", line)
            if match:
                location = int(match.group(1))
                locations[location] = [match.group(2)]
            elif line.strip() and location is not None:
                locations[location].append(line.split()[0])
        elif section == "mappings" and line.strip():
            mappings.append(("mapping", line.strip()))
    return types, samples, locations, mappings


def top(profile, *options):
    lines = run("go", "tool", "pprof", "-top", "-sample_index=cpu", *options, profile).splitlines()
    header = next(i for i, line in enumerate(lines) if line.strip().startswith("flat"))
    return lines[header + 1].split()[-1]


def main():
    profile, report_path, program = sys.argv[1:4]
    report = json.load(open(report_path))
    cpu = report["functions_cpu"]
    measured = {row["name"] for row in report["functions_timing"]["data"]}
    types, samples, locations, mappings = read_raw(profile)
    index = {kind: types.index(kind) for kind in ("samples", "cpu")}

    total = sum(values[index["samples"]] for values, _ in samples)
    cpu_ns = sum(values[index["cpu"]] for values, _ in samples)
    print("samples: pprof %d, report %d" % (total, cpu["total_samples"]))
    print("cpu: pprof %d, samples x period %d" % (cpu_ns, total * cpu["sample_period_ns"]))
    period = dict(m for m in mappings if m[0] != "mapping")
    print("period: %s %s" % (period.get("PeriodType"), period.get("Period")))

    innermost = collections.Counter()
    for values, stack in samples:
        if values[index["samples"]] == 0:
            continue
        # Innermost first, and within a location, inlined frames first.
        frames = [name for location in stack for name in locations[location]]
        name = next((frame for frame in frames if frame in measured), "(not measured)")
        innermost[name] += values[index["samples"]]
    # A sample taken while a guard updates its thread's shadow stack may count for
    # the caller in one and the callee in the other: a sample or two of leeway.
    for row in sorted(cpu["data"], key=lambda row: row["name"]):
        difference = abs(innermost[row["name"]] - row["samples"])
        print("%s: %s (pprof %d, report %d)" % (
            row["name"], "close" if difference <= 2 else "far apart",
            innermost[row["name"]], row["samples"]))

    hottest = max(cpu["data"], key=lambda row: row["samples"])["name"]
    print("top: pprof %s, report %s" % (top(profile), hottest))
    print("worker's top: %s" % top(profile, "-tagfocus=thread=worker"))

    build_id = re.search(r"Build ID: ([0-9a-f]+)", run("readelf", "-n", program)).group(1)
    own = [value for key, value in mappings if key == "mapping" and value.split()[2] == program]
    if own and own[0].split()[3] == build_id and own[0].endswith("[FN][FL][LN][IN]"):
        print("mapping: the program, with its build id, symbolized")
    else:
        print("mapping: %s, build id %s" % (own, build_id))


if __name__ == "__main__":
    main()
