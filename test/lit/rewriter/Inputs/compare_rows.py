"""Compares the rows of two hotpath JSON reports: exit 1 if they differ in a row's
name, signature or calls. Prints the first report's rows as "name calls", or with
--signatures as "name | signature | calls" and then "N rows".

--ignore=TEXT leaves out the rows whose name contains TEXT.

usage: compare_rows.py [--signatures] [--ignore=TEXT]... FIRST.json SECOND.json"""
import json
import sys


def rows(path, ignored):
    with open(path, encoding="utf-8") as handle:
        lines = [line for line in handle.read().splitlines() if line.startswith("{")]
    report = json.loads(lines[-1])
    return sorted(
        (row["name"], row["signature"], row["calls"])
        for row in report["functions_timing"]["data"]
        if not any(text in row["name"] for text in ignored)
    )


options = [argument for argument in sys.argv[1:] if argument.startswith("--")]
arguments = [argument for argument in sys.argv[1:] if not argument.startswith("--")]
with_signatures = "--signatures" in options
ignored = [option[len("--ignore="):] for option in options if option.startswith("--ignore=")]
plugin, rewritten = rows(arguments[0], ignored), rows(arguments[1], ignored)
for name, signature, calls in plugin:
    if with_signatures:
        print("%s | %s | %d" % (name, signature, calls))
    else:
        print("%s %d" % (name, calls))
if with_signatures:
    print("%d rows" % len(plugin))
if plugin != rewritten:
    print(
        "rows differ:\n  only in plugin:    %s\n  only in rewritten: %s"
        % (sorted(set(plugin) - set(rewritten)), sorted(set(rewritten) - set(plugin))),
        file=sys.stderr,
    )
    sys.exit(1)
