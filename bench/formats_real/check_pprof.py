#!/usr/bin/env python3
"""Reads HOTPATH_PPROF's profile of a real program back with `go tool pprof` and
compares it with the JSON report the same run wrote.

usage: check_pprof.py PROFILE.pb.gz REPORT.json [TOP_LINES]

Prints, one fact a line:
  - the sample types and the period (`go tool pprof -raw`);
  - the samples and CPU time in all, against the report's CPU section;
  - each mapping with a file: whether its build id is the one `readelf -n` reads
    from the file;
  - names: the report's functions with samples in its CPU section, and how many of
    them name a native frame of the profile exactly as the report names them, and
    the call tree's (calls, wall) functions that are not report names;
  - the ten functions with the most samples, innermost measured frame of each
    native stack (matched by the report's names, then by the names with return type
    and parameters taken off), next to the report's ten;
  - the first TOP_LINES lines of `go tool pprof -top -sample_index=cpu` and the
    first stack of `-traces`.
"""
import collections
import json
import re
import subprocess
import sys


def run(*args):
    return subprocess.run(list(args), check=True, capture_output=True, text=True).stdout


def read_raw(profile):
    """Sample types, samples (values, location ids), locations (id -> frame names,
    innermost first, each name the profile's own: the system name when go tool pprof
    shows a shortened one), mappings, period lines."""
    text = run("go", "tool", "pprof", "-raw", profile)
    types, samples, locations, mappings, header = [], [], {}, [], {}
    section, location = None, None
    frame = re.compile(r"(?:\s*(\d+): 0x[0-9a-f]+ (?:M=\d+ )?|\s+)(.*?) \S*:-?\d+ s=-?\d+(?:\((.*)\))?$")
    for line in text.splitlines():
        if line.startswith(("PeriodType:", "Period:")):
            key, value = line.split(":", 1)
            header[key] = value.strip()
            continue
        if line.startswith("Samples:"):
            section = "header"
        elif line.startswith("Locations"):
            section = "locations"
        elif line.startswith("Mappings"):
            section = "mappings"
        elif section == "header":
            types = [t.replace("[dflt]", "") for t in line.split()]
            section = "samples"
        elif section == "samples" and re.match(r"\s*\d", line):
            values, stack = line.split(":", 1)
            samples.append(([int(v) for v in values.split()], [int(s) for s in stack.split()]))
        elif section == "locations":
            match = frame.match(line)
            if not match:
                continue
            name = match.group(3) or match.group(2)
            if match.group(1):
                location = int(match.group(1))
                locations[location] = [name]
            elif location is not None:
                locations[location].append(name)
        elif section == "mappings" and line.strip():
            mappings.append(line.strip())
    return types, samples, locations, mappings, header


def build_id_of(path):
    try:
        found = re.search(r"Build ID: ([0-9a-f]+)", run("readelf", "-n", path))
    except (subprocess.CalledProcessError, FileNotFoundError):
        return None
    return found.group(1) if found else None


def short_name(name):
    """A demangled name without its return type and parameter list:
    "int A::f<B>(B const&) const" -> "A::f<B>"."""
    depth, cut = 0, len(name)
    # The parameter list: the last "(" at depth 0 whose ")" ends the name but for
    # qualifiers; "operator()" is a name, not a list.
    for i in range(len(name) - 1, -1, -1):
        c = name[i]
        if c in ")>":
            depth += 1
        elif c in "(<":
            depth -= 1
            if depth == 0 and c == "(" and not name[:i].endswith("operator"):
                cut = i
                break
    head = name[:cut]
    depth = 0
    for i in range(len(head) - 1, -1, -1):
        c = head[i]
        if c in ">)":
            depth += 1
        elif c in "<(":
            depth -= 1
        elif c == " " and depth == 0 and not head[:i].endswith("operator") \
                and not head[i + 1:].startswith(("const", "volatile")):
            return head[i + 1:]
    return head


def main():
    profile, report_path = sys.argv[1], sys.argv[2]
    top_lines = int(sys.argv[3]) if len(sys.argv) > 3 else 12
    report = json.load(open(report_path))
    cpu = report["functions_cpu"]
    names = {row["name"] for row in report["functions_timing"]["data"]}
    types, samples, locations, mappings, header = read_raw(profile)
    print("sample types: %s" % " ".join(types))
    print("period: %s %s" % (header.get("PeriodType"), header.get("Period")))
    index = {t.split("/")[0]: i for i, t in enumerate(types)}

    total = sum(v[index["samples"]] for v, _ in samples)
    cpu_ns = sum(v[index["cpu"]] for v, _ in samples)
    print("samples: pprof %d, report %d%s" % (
        total, cpu["total_samples"], "" if total == cpu["total_samples"] else "  DIFFERENT"))
    print("cpu ns: pprof %d, report's samples x period %d (its cpu_ns, measured, %d)" % (
        cpu_ns, cpu["total_samples"] * cpu["sample_period_ns"], cpu["cpu_ns"]))

    for mapping in mappings:
        fields = mapping.split()
        if len(fields) < 4 or not fields[2].startswith("/"):
            print("mapping without a file: %s" % mapping)
            continue
        expected = build_id_of(fields[2])
        state = "build id ok" if fields[3] == expected else "build id %s, file has %s" % (fields[3], expected)
        print("mapping %s: %s%s" % (fields[2], state, ", symbolized" if mapping.endswith("[FN][FL][LN][IN]") else ""))

    cpu_frames, tree_frames = set(), set()
    for values, stack in samples:
        frames = {name for location in stack for name in locations[location]}
        (cpu_frames if values[index["samples"]] else tree_frames).update(frames)
    sampled = [row["name"] for row in cpu["data"]]
    exact = [name for name in sampled if name in cpu_frames]
    shortened = {short_name(frame) for frame in cpu_frames}
    by_short = [name for name in sampled if name not in cpu_frames and name in shortened]
    print("names: %d functions with CPU samples in the report; %d name a native frame exactly, "
          "%d only once the frame's return type and parameters are taken off, %d neither" % (
              len(sampled), len(exact), len(by_short), len(sampled) - len(exact) - len(by_short)))
    for name in [n for n in sampled if n not in cpu_frames][:5]:
        frame = next((f for f in sorted(cpu_frames) if short_name(f) == name), None)
        print("  report %s, native frame %s" % (name, frame or "(none)"))
    strangers = sorted(tree_frames - names)
    print("call tree: %d functions, %d not named as in the report%s" % (
        len(tree_frames), len(strangers), (": " + ", ".join(strangers[:5])) if strangers else ""))

    # The innermost measured function of each stack, as the report's CPU section
    # counts it (mode self).
    innermost = collections.Counter()
    for values, stack in samples:
        if not values[index["samples"]]:
            continue
        frames = [name for location in stack for name in locations[location]]
        name = next((f if f in names else short_name(f) for f in frames
                     if f in names or short_name(f) in names), "(not measured)")
        innermost[name] += values[index["samples"]]
    ours = [(row["samples"], row["name"]) for row in sorted(cpu["data"], key=lambda r: -r["samples"])[:10]]
    print("top 10 by samples (innermost measured frame in pprof | report's CPU section):")
    for (theirs, (count, name)) in zip(innermost.most_common(10), ours):
        print("  %6d %-55s | %6d %s" % (theirs[1], theirs[0][:55], count, name))
    agree = innermost.most_common(1)[0][0] == ours[0][1]
    print("hottest: %s" % ("the same" if agree else "DIFFERENT"))

    print("go tool pprof -top -sample_index=cpu (first %d lines):" % top_lines)
    for line in run("go", "tool", "pprof", "-top", "-sample_index=cpu", profile).splitlines()[:top_lines]:
        print("  " + line)
    print("go tool pprof -traces -sample_index=cpu (the first stack with CPU time):")
    traces = re.split(r"-+\+-+\n", run("go", "tool", "pprof", "-traces", "-sample_index=cpu", profile))
    first = next((t for t in traces[1:] if re.match(r"\s*[1-9][0-9.]*[mun]?s ", t)), "")
    for line in first.strip("\n").splitlines()[:14]:
        print("  " + line)


if __name__ == "__main__":
    main()
