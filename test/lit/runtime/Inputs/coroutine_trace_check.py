"""Checks the coroutine events of a HOTPATH_TRACE file, as a trace viewer reads
them: for each function named, its instances (async "b"/"e" pairs, category
hotpath.coroutine), the segments of each (complete events whose args name the
instance), and the flow through them ("s", "t"..., "f", each bound to the start of
one of the instance's segments on that segment's thread, in time order).

Prints, per function: instances, segments, flow steps, and the fewest and the
most threads one instance ran on; exits non-zero with the reason on any inconsistency.

usage: coroutine_trace_check.py TRACE.json FUNCTION...
"""
import collections
import json
import sys


def fail(message):
    print("error: " + message)
    sys.exit(1)


def main():
    trace = json.load(open(sys.argv[1]))
    events = trace["traceEvents"]
    lives = collections.defaultdict(dict)  # id -> {"b": event, "e": event}
    flows = collections.defaultdict(list)  # id -> flow events
    segments = collections.defaultdict(list)  # id -> complete events
    for event in events:
        if event.get("cat") == "hotpath.coroutine":
            if event["ph"] in ("b", "e"):
                if event["ph"] in lives[event["id"]]:
                    fail("instance %s has two '%s' events" % (event["id"], event["ph"]))
                lives[event["id"]][event["ph"]] = event
            elif event["ph"] in ("s", "t", "f"):
                flows[event["id"]].append(event)
            else:
                fail("unexpected phase %r" % event["ph"])
        elif event.get("ph") == "X" and "instance" in event.get("args", {}):
            segments[event["args"]["instance"]].append(event)
    for function in sys.argv[2:]:
        ids = [i for i, life in lives.items() if life.get("b", {}).get("name") == function]
        total_segments = total_steps = 0
        fewest_threads = None
        most_threads = 0
        for instance in ids:
            life = lives[instance]
            if "e" not in life or life["e"]["name"] != function:
                fail("instance %s of %s has no end" % (instance, function))
            if life["e"]["ts"] < life["b"]["ts"]:
                fail("instance %s of %s ends before it begins" % (instance, function))
            pieces = sorted(segments[instance], key=lambda e: e["ts"])
            for piece in pieces:
                if piece["name"] != function:
                    fail("segment of instance %s is named %s" % (instance, piece["name"]))
                if piece["ts"] < life["b"]["ts"] - 0.001 or \
                        piece["ts"] + piece["dur"] > life["e"]["ts"] + 0.001:
                    fail("segment of instance %s outside its life" % instance)
            steps = sorted(flows[instance], key=lambda e: e["ts"])
            if len(pieces) > 1:
                phases = [step["ph"] for step in steps]
                expected = ["s"] + ["t"] * (len(pieces) - 2) + ["f"]
                if phases != expected:
                    fail("flow of instance %s is %s, expected %s" % (instance, phases, expected))
                for step, piece in zip(steps, pieces):
                    if (step["tid"], step["ts"]) != (piece["tid"], piece["ts"]):
                        fail("flow step of instance %s is not at its segment's start" % instance)
            elif steps:
                fail("instance %s has one segment and a flow" % instance)
            threads = len({piece["tid"] for piece in pieces})
            fewest_threads = threads if fewest_threads is None else min(fewest_threads, threads)
            most_threads = max(most_threads, threads)
            total_segments += len(pieces)
            total_steps += len(steps)
        print("%s: %d instances, %d segments, %d flow steps, %s to %d threads an instance"
              % (function, len(ids), total_segments, total_steps, fewest_threads, most_threads))


if __name__ == "__main__":
    main()
