"""Compares speedscope files made from one run.

usage: speedscope_compare.py timeline RUNTIME.json CONVERTED.json
       speedscope_compare.py tree CONVERTED.json REPORT.json

timeline: the evented profiles of the file the program wrote (HOTPATH_SPEEDSCOPE)
and of the one `hotpath speedscope` made from its trace (HOTPATH_TRACE) have the
same names and the same events, at times at most 1 ns apart (the trace keeps
microseconds with three decimals, start and duration rounded apart).

tree: the one sampled profile made from a report: per function, the weight of the
stacks it ends equals the report's self time in its call tree.
"""
import collections
import json
import sys


def evented(document):
    frames = [frame["name"] for frame in document["shared"]["frames"]]
    return {p["name"]: [(e["type"], frames[e["frame"]], e["at"]) for e in p["events"]]
            for p in document["profiles"] if p["type"] == "evented"}


def timeline(runtime_path, converted_path):
    runtime = evented(json.load(open(runtime_path)))
    converted = evented(json.load(open(converted_path)))
    print("threads: %s" % ", ".join(sorted(n.split(" (")[0] for n in converted)))
    if sorted(runtime) != sorted(converted):
        print("different threads: %s, %s" % (sorted(runtime), sorted(converted)))
        return
    for name in runtime:
        a, b = runtime[name], converted[name]
        if len(a) != len(b) or any(x[:2] != y[:2] or abs(x[2] - y[2]) > 1 for x, y in zip(a, b)):
            print("%s: events differ" % name)
            return
    print("same events: %d" % sum(len(events) for events in runtime.values()))


def tree(converted_path, report_path):
    document = json.load(open(converted_path))
    frames = [frame["name"] for frame in document["shared"]["frames"]]
    profiles = document["profiles"]
    print("profiles: %s" % ", ".join("%s (%s)" % (p["name"], p["type"]) for p in profiles))
    weights = collections.Counter()
    for stack, weight in zip(profiles[0]["samples"], profiles[0]["weights"]):
        weights[frames[stack[-1]]] += weight
    report = json.load(open(report_path))
    self_ns = collections.Counter()
    for node in report["call_tree"]["nodes"]:
        self_ns[node["name"]] += node["self_ns"]
    for name in sorted(set(weights) | set(self_ns)):
        print("%s: %s" % (name, "equal" if weights[name] == self_ns[name] else
                          "speedscope %d, report %d" % (weights[name], self_ns[name])))


if __name__ == "__main__":
    {"timeline": timeline, "tree": tree}[sys.argv[1]](sys.argv[2], sys.argv[3])
