"""Prints each timing row of a JSON report as `name calls file`, sorted by name,
for test/lit/plugin/unload.cpp.

usage: rows.py REPORT.json"""
import json
import os
import sys

with open(sys.argv[1], encoding="utf-8") as handle:
    rows = json.load(handle)["functions_timing"]["data"]
for row in sorted(rows, key=lambda row: row["name"]):
    print("%s %d %s" % (row["name"], row["calls"], os.path.basename(row["location"]["file"])))
