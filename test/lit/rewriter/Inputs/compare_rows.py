"""Compares the (name, calls) rows of two hotpath JSON reports: exit 1 if they differ."""
import json
import sys


def rows(path):
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle.read().splitlines() if line.startswith("{")]
    report = json.loads(lines[-1])
    return sorted((row["name"], row["calls"]) for row in report["functions_timing"]["data"])


plugin, rewritten = rows(sys.argv[1]), rows(sys.argv[2])
for name, calls in plugin:
    print("%s %d" % (name, calls))
if plugin != rewritten:
    print("rows differ:\n  plugin:    %s\n  rewritten: %s" % (plugin, rewritten), file=sys.stderr)
    sys.exit(1)
