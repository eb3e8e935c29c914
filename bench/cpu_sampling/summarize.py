#!/usr/bin/env python3
"""Prints the CPU sampler's figures from the files bench/cpu_sampling/run.sh wrote."""

import json
import os
import sys
from collections import Counter

TARGET_OVERHEAD_PERCENT = 1.0
TARGET_RATE_ERROR_PERCENT = 5.0
TARGET_SPLIT_POINTS = 3.0
TARGET_END_TO_END_RATIO = 0.1


def verdict(ok):
    return "ok" if ok else "MISSED"


def short_name(frame):
    """A frame's function without its return type and parameters, as plain
    `perf script` prints it: "unsigned long ns::f<3>(unsigned long)" -> "ns::f<3>"."""
    depth = 0
    for index, char in enumerate(frame):
        if char in "<(":
            if char == "(" and depth == 0:
                frame = frame[:index]
                break
            depth += 1
        elif char in ">)":
            depth -= 1
    depth = 0
    start = 0
    for index, char in enumerate(frame):
        if char == "<":
            depth += 1
        elif char == ">":
            depth -= 1
        elif char == " " and depth == 0:
            start = index + 1
    return frame[start:]


def self_frames(path):
    """Samples per leaf frame of a folded file."""
    leaves = Counter()
    with open(path) as folded:
        for line in folded:
            stack, _, count = line.rstrip("\n").rpartition(" ")
            if stack:
                leaves[short_name(stack.split(";")[-1])] += int(count)
    return leaves


def main():
    work = sys.argv[1]
    runs = {}
    with open(os.path.join(work, "overhead.txt")) as overhead:
        for line in overhead:
            kind, seconds = line.split()
            runs.setdefault(kind, []).append(float(seconds))
    base = min(runs["base"])
    print("CPU time of the workload, fastest of %d runs each:" % len(runs["base"]))
    if "perf" in runs:
        fastest = min(runs["perf"])
        print("  %-12s %.3f s against %.3f s unsampled: %+.2f%%  (for reference: perf record -F 997)"
              % ("perf", fastest, base, 100.0 * (fastest / base - 1.0)))
    for kind in ("attribution", "stacks"):
        fastest = min(runs[kind])
        percent = 100.0 * (fastest / base - 1.0)
        print("  %-12s %.3f s against %.3f s without hotpath-cpu: %+.2f%%  (target <= %.0f%%)  %s"
              % (kind, fastest, base, percent, TARGET_OVERHEAD_PERCENT,
                 verdict(percent <= TARGET_OVERHEAD_PERCENT)))

    with open(os.path.join(work, "rate.json")) as report:
        cpu = json.load(report)["functions_cpu"]
    rate = cpu["total_samples"] / (cpu["cpu_ns"] / 1e9)
    error = 100.0 * abs(rate / cpu["frequency_hz"] - 1.0)
    print("samples per CPU second: %.1f at %d Hz asked (%d samples, %.3f s of CPU): %.2f%% off  "
          "(target <= %.0f%%)  %s" % (rate, cpu["frequency_hz"], cpu["total_samples"],
                                      cpu["cpu_ns"] / 1e9, error, TARGET_RATE_ERROR_PERCENT,
                                      verdict(error <= TARGET_RATE_ERROR_PERCENT)))

    with open(os.path.join(work, "profile_cpu.json")) as report:
        document = json.load(report)
    timing = {row["name"]: row["percent_total"] for row in document["functions_timing"]["data"]}
    cpu_rows = {row["name"]: row["percent_total"] for row in document["functions_cpu"]["data"]}
    for name in ("profile_cpu::heavy_work", "profile_cpu::light_work"):
        points = abs(timing[name] - cpu_rows.get(name, 0.0))
        print("profile_cpu %-24s wall %6.2f%%  CPU %6.2f%%: %.2f points  (target <= %.0f)  %s"
              % (name, timing[name], cpu_rows.get(name, 0.0), points, TARGET_SPLIT_POINTS,
                 verdict(points <= TARGET_SPLIT_POINTS)))

    times = {}
    with open(os.path.join(work, "end_to_end.txt")) as end_to_end:
        for line in end_to_end:
            tool, seconds = line.split()
            times[tool] = min(times.get(tool, float("inf")), float(seconds))
    if "perf" in times:
        ratio = times["hotpath"] / times["perf"]
        print("end to end: hotpath flamegraph %.2f s, perf record + script + render %.2f s: "
              "%.3f  (target <= %.1f)  %s" % (times["hotpath"], times["perf"], ratio,
                                              TARGET_END_TO_END_RATIO,
                                              verdict(ratio <= TARGET_END_TO_END_RATIO)))
        added_ours = times["hotpath"] - times["alone"]
        added_perf = times["perf"] - times["alone"]
        print("  beyond the workload's own %.2f s: hotpath %.2f s, perf %.2f s: %.3f  "
              "(target <= %.1f)  %s" % (times["alone"], added_ours, added_perf,
                                        added_ours / added_perf, TARGET_END_TO_END_RATIO,
                                        verdict(added_ours / added_perf <= TARGET_END_TO_END_RATIO)))
        ours = [name for name, _ in self_frames(os.path.join(work, "hotpath.folded")).most_common(5)]
        theirs = [name for name, _ in self_frames(os.path.join(work, "perf.folded")).most_common(5)]
        print("  top-5 self frames, hotpath: %s" % ours)
        print("  top-5 self frames, perf:    %s" % theirs)
        print("  same set: %s" % verdict(set(ours) == set(theirs)))
    else:
        print("end to end: hotpath flamegraph %.2f s (perf is not installed)" % times["hotpath"])


if __name__ == "__main__":
    main()
