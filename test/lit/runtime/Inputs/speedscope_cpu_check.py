"""Checks the sampled profiles of a speedscope file (HOTPATH_SPEEDSCOPE of a program
linked with hotpath-cpu) against hotpath's JSON report of the same run.

usage: speedscope_cpu_check.py PROFILE.json REPORT.json

Prints the sampled profiles' names, whether every sample is a list of frame
indexes the file has with one weight each, the total weight against the report's
samples x period, and for each sampled profile the function with the most self
weight, as speedscope's sandwich view would list it first.
"""
import collections
import json
import sys


def main():
    document = json.load(open(sys.argv[1]))
    report = json.load(open(sys.argv[2]))
    frames = [frame["name"] for frame in document["shared"]["frames"]]
    sampled = [p for p in document["profiles"] if p["type"] == "sampled"]
    print("sampled: %s" % ", ".join(sorted(p["name"] for p in sampled)))
    total = 0
    well_formed = True
    for profile in sampled:
        if len(profile["samples"]) != len(profile["weights"]):
            well_formed = False
        if any(not 0 <= i < len(frames) for stack in profile["samples"] for i in stack):
            well_formed = False
        if profile["endValue"] - profile["startValue"] != sum(profile["weights"]):
            well_formed = False
        total += sum(profile["weights"])
    print("well formed" if well_formed else "malformed")
    cpu = report["functions_cpu"]
    print("weight: %d, report %d" % (total, cpu["total_samples"] * cpu["sample_period_ns"]))
    for profile in sorted(sampled, key=lambda p: p["name"]):
        self_weight = collections.Counter()
        for stack, weight in zip(profile["samples"], profile["weights"]):
            self_weight[frames[stack[-1]]] += weight
        print("%s: %s" % (profile["name"], self_weight.most_common(1)[0][0]))


if __name__ == "__main__":
    main()
