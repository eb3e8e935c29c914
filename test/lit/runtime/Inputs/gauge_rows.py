"""Prints the gauges section of a JSON report (a file, or stdin), one row a line
with its keys sorted, for gauges.cpp: exact values, compared with FileCheck."""
import json
import sys

document = json.load(open(sys.argv[1], encoding="utf-8") if len(sys.argv) > 1 else sys.stdin)
gauges = document["gauges"]
print("total_gauges %d" % gauges["total_gauges"])
for row in gauges["data"]:
    print(json.dumps(row, sort_keys=True, ensure_ascii=False))
