"""Checks a Chrome trace-event file written by HOTPATH_TRACE.

usage: check_trace.py FILE CHECK...

Checks:
  NAME@THREAD=N    exactly N complete events named NAME on the thread named THREAD
  NAME@THREAD>=MS  every NAME event on THREAD lasts at least MS milliseconds ("d>=")
  nested           on every thread, events nest: each one lies within the enclosing
                   event that started before it, or after it ends
  dropped=N        otherData.dropped_calls is N
  events@THREAD=N  exactly N complete events on THREAD

Prints the events per (name, thread) on failure and exits 1.
"""

import collections
import json
import re
import sys

CHECK = re.compile(r"^(.+?)@(.+?)(=|d>=)(\d+)$")


def main(argv):
    with open(argv[1], encoding="utf-8") as f:
        document = json.load(f)
    events = document["traceEvents"]
    threads = {e["tid"]: e["args"]["name"] for e in events
               if e["ph"] == "M" and e["name"] == "thread_name"}
    calls = [e for e in events if e["ph"] == "X"]
    for event in calls:
        for key in ("name", "cat", "pid", "tid", "ts", "dur"):
            if key not in event:
                sys.exit(f"event without {key}: {event}")
        if event["tid"] not in threads:
            sys.exit(f"event on a thread without a name: {event}")
    by_key = collections.defaultdict(list)
    for event in calls:
        by_key[(event["name"], threads[event["tid"]])].append(event)
    failed = []
    for check in argv[2:]:
        if check == "nested":
            per_thread = collections.defaultdict(list)
            for event in calls:
                per_thread[event["tid"]].append(event)
            for tid, thread_calls in per_thread.items():
                open_ends = []
                for event in thread_calls:  # the file lists them by start, callers first
                    start, end = event["ts"], event["ts"] + event["dur"]
                    # Times are in microseconds with three decimals: allow rounding.
                    while open_ends and open_ends[-1] <= start + 0.002:
                        open_ends.pop()
                    if open_ends and end > open_ends[-1] + 0.002:
                        failed.append(f"{event} overlaps its caller ending at {open_ends[-1]}")
                        break
                    open_ends.append(end)
            continue
        if check.startswith("dropped="):
            dropped = document["otherData"]["dropped_calls"]
            if dropped != int(check.split("=")[1]):
                failed.append(f"dropped_calls is {dropped}")
            continue
        match = CHECK.match(check)
        if not match:
            sys.exit(f"bad check {check}")
        name, thread, operator, value = match.groups()
        if name == "events":
            count = sum(1 for e in calls if threads[e["tid"]] == thread)
            if count != int(value):
                failed.append(f"{count} events on {thread}, expected {value}")
            continue
        found = by_key.get((name, thread), [])
        if operator == "=" and len(found) != int(value):
            failed.append(f"{len(found)} {name} events on {thread}, expected {value}")
        if operator == "d>=":
            if not found:
                failed.append(f"no {name} event on {thread}")
            for event in found:
                if event["dur"] < int(value) * 1000:
                    failed.append(f"{name} on {thread} lasts {event['dur']} us")
    if failed:
        for line in failed:
            print(line)
        for (name, thread), found in sorted(by_key.items()):
            print(f"  {name}@{thread}: {len(found)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
