"""Checks a speedscope file (HOTPATH_SPEEDSCOPE) as speedscope's importer of
evented profiles reads it, against the Chrome trace of the same run:

usage: speedscope_check.py PROFILE.json TRACE.json FUNCTION...

Every profile's events open and close frames strictly nested (a close names the
frame on top), at times that never go back, within the profile's start and end
values. Prints, for each function, how many times its frame was opened and how many
complete events the trace has for it (the same calls), and "nested" when all holds.
"""
import collections
import json
import sys


def fail(message):
    print("error: " + message)
    sys.exit(1)


def main():
    profile = json.load(open(sys.argv[1]))
    trace = json.load(open(sys.argv[2]))
    if profile.get("$schema") != "https://www.speedscope.app/file-format-schema.json":
        fail("no speedscope schema")
    frames = [frame["name"] for frame in profile["shared"]["frames"]]
    opened = collections.Counter()
    for thread in profile["profiles"]:
        if thread["type"] != "evented" or thread["unit"] != "nanoseconds":
            fail("profile %s is not evented in nanoseconds" % thread["name"])
        stack = []
        last = thread["startValue"]
        for event in thread["events"]:
            if event["at"] < last:
                fail("%s: time goes back at %s" % (thread["name"], event))
            last = event["at"]
            if event["type"] == "O":
                stack.append(event["frame"])
                opened[frames[event["frame"]]] += 1
            elif event["type"] == "C":
                if not stack or stack[-1] != event["frame"]:
                    fail("%s: %s closes a frame not on top" % (thread["name"], event))
                stack.pop()
            else:
                fail("unknown event type " + event["type"])
        if stack:
            fail("%s: frames left open" % thread["name"])
        if thread["events"] and last > thread["endValue"]:
            fail("%s: events after its end value" % thread["name"])
    traced = collections.Counter(event["name"] for event in trace["traceEvents"]
                                 if event.get("ph") == "X")
    for name in sys.argv[3:]:
        print("%s: opened %d, traced %d" % (name, opened[name], traced[name]))
    print("nested")


if __name__ == "__main__":
    main()
