#!/usr/bin/env python3
"""Checks a measured Asio example's report and trace against the load it was given.

    check.py EXAMPLE BUILD REPORT TRACE --connections N --requests N
    check.py chat_server BUILD REPORT TRACE --participants N --messages N

EXAMPLE is echo_server, refactored_echo_server or chat_server; BUILD is `plugin`
(clang++ with the plugin: every co_await is watched, so the coroutine section,
coroutine tree and trace segments must all be there) or `rewrite` (g++ on
clang-hotpath-rewrite's copy: Asio's awaitable has await_transform, which the
rewriter cannot reach, so its coroutines are measured over their logical life only,
as docs/rewriter.md says, and the report must have no coroutine section). REPORT is
the JSON report (HOTPATH_OUTPUT_FORMAT=json, HOTPATH_LIMIT=0), TRACE the timeline
(HOTPATH_TRACE).

What the load implies, derived from the examples' code:
  echo_server             `echo` per connection: a first segment, a read and a write
                          per request, the read that ends with end of file: 2R+2
  refactored_echo_server  `echo_once` per request and one more that meets end of
                          file: a first segment, a read and a write (the last: first
                          and read); `echo` resumes once per `echo_once` it awaits
  chat_server             `chat_session::reader` per participant: a first segment,
                          one line per resume, end of file; the room delivers each
                          line to every participant; `chat_session::writer` writes
                          each line once (a wake of its timer may come before a
                          write): between P*M+2 and 2*P*M+2 resumes
  all                     `listener`: one instance that accepts every connection and
                          is destroyed while suspended in its next accept when the
                          server stops

Each check is printed with what was found; the exit status is 1 when one fails, 2
when an input cannot be read.
"""

import argparse
import json
import sys
from collections import Counter


class Exact:
    """An exact expected value."""

    def __init__(self, value):
        self.value = value

    def holds(self, found):
        return found == self.value

    def __str__(self):
        return str(self.value)


class Between:
    """An expected value in [low, high]: a count that depends on timing."""

    def __init__(self, low, high):
        self.low, self.high = low, high

    def holds(self, found):
        return found is not None and self.low <= found <= self.high

    def __str__(self):
        return f"{self.low}..{self.high}"


def expectations(example, args):
    """The calls of each function, and instances, completed, destroyed and resumes of
    each coroutine, with each coroutine's parent in the coroutine tree."""
    if example in ("echo_server", "refactored_echo_server"):
        c, r = args.connections, args.requests
        calls = {"main": Exact(1), "listener": Exact(1), "echo": Exact(c)}
        coroutines = {"listener": (1, 0, 1, Exact(c + 1), None)}
        if example == "echo_server":
            coroutines["echo"] = (c, c, 0, Exact(c * (2 * r + 2)), "listener")
        else:
            calls["echo_once"] = Exact(c * (r + 1))
            coroutines["echo"] = (c, c, 0, Exact(c * (r + 2)), "listener")
            coroutines["echo_once"] = (c * (r + 1), c * (r + 1), 0, Exact(c * (3 * r + 2)), "echo")
        return calls, coroutines
    p, m = args.participants, args.messages
    calls = {
        "main": Exact(1),
        "listener": Exact(1),
        "chat_session::chat_session": Exact(p),
        "chat_session::start": Exact(p),
        "chat_room::join": Exact(p),
        "chat_room::deliver": Exact(p * m),
        "chat_session::deliver": Exact(p * p * m),
        "chat_session::reader": Exact(p),
        "chat_session::writer": Exact(p),
        # The reader stops its session at end of file, the writer too when its write
        # fails first.
        "chat_session::stop": Between(p, 2 * p),
        "chat_room::leave": Between(p, 2 * p),
        "chat_participant::~chat_participant": Exact(p),
    }
    coroutines = {
        "listener": (1, 0, 1, Exact(p + 1), None),
        "chat_session::reader": (p, p, 0, Exact(p * (m + 2)), "listener"),
        "chat_session::writer": (p, p, 0, Between(p * (p * m + 2), p * (2 * p * m + 2)),
                                 "listener"),
    }
    return calls, coroutines


class Checker:
    def __init__(self):
        self.failed = 0

    def check(self, what, expected, found):
        ok = expected.holds(found)
        self.failed += not ok
        print(f"  {'ok  ' if ok else 'FAIL'} {what}: {found} (expected {expected})")


def load_json(path):
    try:
        with open(path, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as error:
        print(f"check.py: cannot read {path}: {error}", file=sys.stderr)
        sys.exit(2)


def rows_by_name(report, section):
    data = report.get(section, {}).get("data", [])
    return {row["name"]: row for row in data}


def trace_counts(trace):
    """Segments (complete slices) and async begin/end events of each name."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    return Counter((event.get("name"), event.get("ph")) for event in events)


def main():
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("example", choices=["echo_server", "refactored_echo_server", "chat_server"])
    parser.add_argument("build", choices=["plugin", "rewrite"])
    parser.add_argument("report")
    parser.add_argument("trace")
    parser.add_argument("--connections", type=int, default=0)
    parser.add_argument("--requests", type=int, default=0)
    parser.add_argument("--participants", type=int, default=0)
    parser.add_argument("--messages", type=int, default=0)
    args = parser.parse_args()

    report, trace = load_json(args.report), load_json(args.trace)
    calls, coroutines = expectations(args.example, args)
    checker = Checker()
    timing = rows_by_name(report, "functions_timing")
    print(f"{args.example} ({args.build}): calls of the timing rows")
    for name, expected in calls.items():
        checker.check(name, expected, timing.get(name, {}).get("calls"))

    events = trace_counts(trace)
    if args.build == "rewrite":
        print(f"{args.example} ({args.build}): coroutines measured over their logical life only")
        checker.check("rows of the coroutine section", Exact(0),
                      len(rows_by_name(report, "coroutines")))
        for name, (instances, _, _, _, _) in coroutines.items():
            checker.check(f"{name}: async tracks in the trace", Exact(instances),
                          events[(name, "b")])
        return 1 if checker.failed else 0

    rows = rows_by_name(report, "coroutines")
    print(f"{args.example} ({args.build}): coroutine section, tree and trace")
    nodes = report.get("coroutine_tree", {}).get("nodes", [])
    for name, (instances, completed, destroyed, resumes, parent) in coroutines.items():
        row = rows.get(name, {})
        checker.check(f"{name}: instances", Exact(instances), row.get("instances"))
        checker.check(f"{name}: completed", Exact(completed), row.get("completed"))
        checker.check(f"{name}: destroyed", Exact(destroyed), row.get("destroyed"))
        checker.check(f"{name}: resumes", resumes, row.get("resumes"))
        found_resumes = row.get("resumes")
        checker.check(f"{name}: trace segments (= resumes)", Exact(found_resumes),
                      events[(name, "X")])
        checker.check(f"{name}: async tracks begun", Exact(instances), events[(name, "b")])
        checker.check(f"{name}: async tracks ended", Exact(instances), events[(name, "e")])
        parents = sorted(
            nodes[node["parent"]]["name"] if node["parent"] is not None else None
            for node in nodes if node["name"] == name)
        checker.check(f"{name}: parents in the coroutine tree", Exact([parent]), parents)
    return 1 if checker.failed else 0


if __name__ == "__main__":
    sys.exit(main())
