"""Prints the call counts of app::work and main in a dump and in the report at the
end (JSON reports), for test/lit/runtime/dump_signal.cpp.

usage: dump_rows.py DUMP.json END.json"""
import json
import sys

for label, path in (("dump", sys.argv[1]), ("end", sys.argv[2])):
    with open(path, encoding="utf-8") as handle:
        rows = {row["name"]: row["calls"] for row in json.load(handle)["functions_timing"]["data"]}
    for name in ("app::work", "main"):
        print("%s: %s" % (label, "%s %d" % (name, rows[name]) if name in rows else "no row of " + name))
