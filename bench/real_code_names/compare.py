#!/usr/bin/env python3
"""Compares the row names of two sets of hotpath JSON reports.

    compare.py [--labels A,B] [--root DIR_A --root DIR_B] [--limit N] REPORTS_A REPORTS_B

REPORTS_A and REPORTS_B are each a JSON report or a directory of them (*.json, not
recursive). The rows of functions_timing.data of every report of a set are merged by
name, their calls summed. Printed: the distinct names of each set, how many are in
both, their share of all distinct names, the names in one set only (the first N of
each, sorted), and whether the call counts of the names in both agree.

Names in one set only are also paired by where the function is defined (the
location of their rows, file and line), which shows the two spellings of a name that
differ. --root gives, once per set and in order, the directory of the sources the
set's locations are in; it is taken off their paths so that two copies of the same
sources compare equal. Without it the paths are compared as they are.

The exit status is 0 whatever the figures (this is a measurement); 2 when an input
cannot be read or is not a hotpath report.
"""

import argparse
import json
import os
import sys
from collections import defaultdict


def fail(message):
    print(f"compare.py: {message}", file=sys.stderr)
    sys.exit(2)


def report_files(path):
    if os.path.isdir(path):
        files = sorted(os.path.join(path, f) for f in os.listdir(path) if f.endswith(".json"))
        if not files:
            fail(f"{path}: no *.json report in this directory")
        return files
    if os.path.isfile(path):
        return [path]
    fail(f"{path}: no such file or directory")


class ReportSet:
    def __init__(self, label, path, root):
        self.label = label
        self.files = report_files(path)
        self.root = os.path.normpath(root) + os.sep if root else None
        self.calls = defaultdict(int)          # name -> summed calls
        self.locations = defaultdict(set)      # name -> {(file, line)}
        self.truncated = []                    # reports whose data lacks rows
        self.per_file = {}                     # file name -> {name: calls}
        for file in self.files:
            self._read(file)

    def _read(self, file):
        try:
            with open(file, encoding="utf-8") as f:
                report = json.load(f)
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            fail(f"{file}: cannot read the report: {error}")
        if not isinstance(report, dict):
            fail(f"{file}: not a hotpath report (not a JSON object)")
        timing = report.get("functions_timing")
        if report.get("schema_version") != 1 or not isinstance(timing, dict) or not isinstance(
                timing.get("data"), list):
            fail(f"{file}: not a hotpath report of schema version 1 with functions_timing.data")
        rows = timing["data"]
        own = self.per_file.setdefault(os.path.basename(file), defaultdict(int))
        if timing.get("total_functions", len(rows)) > len(rows):
            self.truncated.append(f"{file}: {len(rows)} of {timing['total_functions']} rows")
        for row in rows:
            try:
                name, calls = row["name"], row["calls"]
            except (TypeError, KeyError):
                fail(f"{file}: a row without name or calls: {row!r}")
            self.calls[name] += calls
            own[name] += calls
            location = row.get("location") or {}
            path = location.get("file", "")
            if self.root and path.startswith(self.root):
                path = path[len(self.root):]
            self.locations[name].add((path, location.get("line", 0)))


def print_list(title, items, limit):
    print(f"{title}: {len(items)}" + (f" (first {limit})" if len(items) > limit else ""))
    for item in items[:limit]:
        print(f"  {item}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("reports_a")
    parser.add_argument("reports_b")
    parser.add_argument("--labels", default="A,B", help="names of the two sets, e.g. plugin,rewrite")
    parser.add_argument("--root", action="append", default=[],
                        help="source directory of a set's locations (twice: A's, then B's)")
    parser.add_argument("--limit", type=int, default=40, help="names listed per list (40)")
    args = parser.parse_args()
    labels = args.labels.split(",")
    if len(labels) != 2 or not all(labels):
        fail("--labels takes two names separated by a comma")
    if len(args.root) not in (0, 2):
        fail("--root is given twice (A's sources, then B's) or not at all")
    roots = args.root or [None, None]
    a = ReportSet(labels[0], args.reports_a, roots[0])
    b = ReportSet(labels[1], args.reports_b, roots[1])
    la, lb = labels
    width = max(len(la), len(lb))

    names_a, names_b = set(a.calls), set(b.calls)
    both = names_a & names_b
    union = names_a | names_b
    only_a = sorted(names_a - names_b)
    only_b = sorted(names_b - names_a)

    def share(n, d):
        return f"{100.0 * n / d:.1f}%" if d else "n/a"

    print(f"reports: {la} {len(a.files)} ({args.reports_a}), {lb} {len(b.files)} ({args.reports_b})")
    for s in (a, b):
        for t in s.truncated:
            print(f"warning: {s.label}: rows left out by the row limit (set HOTPATH_LIMIT=0): {t}")
    print(f"distinct names: {la:<{width}} {len(names_a)}")
    print(f"                {lb:<{width}} {len(names_b)}")
    print(f"identical in both: {len(both)}")
    print(f"share identical: {share(len(both), len(union))} of the {len(union)} distinct names of "
          f"both builds ({share(len(both), len(names_a))} of {la}'s, "
          f"{share(len(both), len(names_b))} of {lb}'s)")
    print()
    print_list(f"only in {la}", only_a, args.limit)
    print_list(f"only in {lb}", only_b, args.limit)

    # The same definition under two names: rows of one set only, grouped by location.
    places = defaultdict(lambda: (set(), set()))
    for index, (report_set, names) in enumerate(((a, only_a), (b, only_b))):
        for name in names:
            for location in report_set.locations[name]:
                places[location][index].add(name)
    shared = sorted(loc for loc, (na, nb) in places.items() if na and nb)
    explained_a = set().union(*(places[loc][0] for loc in shared)) if shared else set()
    explained_b = set().union(*(places[loc][1] for loc in shared)) if shared else set()
    print()
    print(f"definitions with a name in each build, the names differing (matched by location "
          f"file:line; they cover {len(explained_a)} of the {len(only_a)} names only in {la} and "
          f"{len(explained_b)} of the {len(only_b)} only in {lb}): {len(shared)}"
          + (f" (first {args.limit})" if len(shared) > args.limit else ""))
    for location in shared[:args.limit]:
        print(f"  {location[0]}:{location[1]}")
        for label, names in ((la, places[location][0]), (lb, places[location][1])):
            names = sorted(names)
            for name in names[:3]:
                print(f"    {label:<{width}}  {name}")
            if len(names) > 3:
                print(f"    {label:<{width}}  ... and {len(names) - 3} more")

    agree = sorted(n for n in both if a.calls[n] == b.calls[n])
    differ = sorted(n for n in both if a.calls[n] != b.calls[n])
    print()
    print(f"call counts of the {len(both)} names in both: {len(agree)} agree, {len(differ)} differ"
          f" ({share(len(agree), len(both))} agree)")
    print_list("calls differ (name: " + f"{la} calls, {lb} calls)",
               [f"{n}: {a.calls[n]}, {b.calls[n]}" for n in differ], args.limit)

    # Report by report, for the reports of the same file name in both sets (one per
    # workload process): where the names and the calls differ.
    common = sorted(set(a.per_file) & set(b.per_file))
    if len(common) > 1:
        print()
        print(f"by report ({len(common)} file names in both sets; names: {la}, {lb}, identical; "
              f"calls agreeing of the identical names):")
        for file in common:
            ca, cb = a.per_file[file], b.per_file[file]
            same = set(ca) & set(cb)
            agreeing = sum(1 for n in same if ca[n] == cb[n])
            print(f"  {file}: {len(ca)}, {len(cb)}, {len(same)}; calls agree {agreeing} of {len(same)}")
        for label, s, other in ((la, a, b), (lb, b, a)):
            alone = sorted(set(s.per_file) - set(other.per_file))
            if alone:
                print(f"  only in {label}: {' '.join(alone)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
