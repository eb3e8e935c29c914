"""Compares the rows of two hotpath JSON reports: exit 1 if they differ in a row's
name, signature or calls. Prints the first report's rows as "name calls"."""
import json
import sys


def rows(path):
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle.read().splitlines() if line.startswith("{")]
    report = json.loads(lines[-1])
    return sorted(
        (row["name"], row["signature"], row["calls"])
        for row in report["functions_timing"]["data"]
    )


plugin, rewritten = rows(sys.argv[1]), rows(sys.argv[2])
for name, _, calls in plugin:
    print("%s %d" % (name, calls))
if plugin != rewritten:
    print(
        "rows differ:\n  only in plugin:    %s\n  only in rewritten: %s"
        % (sorted(set(plugin) - set(rewritten)), sorted(set(rewritten) - set(plugin))),
        file=sys.stderr,
    )
    sys.exit(1)
