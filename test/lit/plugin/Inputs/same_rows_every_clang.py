"""Builds one program with the plugin of every Clang version built, runs each build,
and compares the rows of their JSON reports: the same names with the same calls.
Prints the versions, the rows of the first, and whether all are identical.

usage: same_rows_every_clang.py VERSION=PLUGIN=CLANGXX[,...] OUTPUT_PREFIX -- ARGS...
ARGS are the compiler arguments (sources, flags, libraries)."""
import json
import os
import subprocess
import sys

builds = [entry.split("=", 2) for entry in sys.argv[1].split(",")]
prefix = sys.argv[2]
arguments = sys.argv[sys.argv.index("--") + 1:]


def rows_of(version, plugin, clangxx):
    program = "%s.clang-%s" % (prefix, version)
    subprocess.run([clangxx, "-fplugin=" + plugin, *arguments, "-o", program], check=True)
    report = subprocess.run([program], check=True, capture_output=True, text=True,
                            env=dict(os.environ, HOTPATH_OUTPUT_FORMAT="json")).stdout
    timing = json.loads(report[report.index("{"):])["functions_timing"]["data"]
    return sorted((row["name"], row["calls"]) for row in timing)


rows = {version: rows_of(version, plugin, clangxx) for version, plugin, clangxx in builds}
first = builds[0][0]
print("built with the plugin of Clang %s" % ", ".join(version for version, _, _ in builds))
for name, calls in rows[first]:
    print("row: %s %d" % (name, calls))
different = [version for version in rows if rows[version] != rows[first]]
print("identical: %s" % ("yes" if not different else "no, Clang " + ", ".join(different)))
for version in different:
    print("Clang %s rows: %s" % (version, rows[version]))
