"""Drives test/lit/runtime/live_rows.cpp: starts the program with live metrics
(HOTPATH_METRICS_LIMIT=20), asks the routes for more rows than a report has
durations for, and prints one line per check for FileCheck.

usage: live_rows_check.py PROGRAM STOP_FILE"""
import json
import os
import sys
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_program import get as request, start_live_program  # noqa: E402

program, stop_file = sys.argv[1], sys.argv[2]


def wait_for(path):
    for _ in range(1200):
        if os.path.exists(path):
            return
        time.sleep(0.05)
    sys.exit("%s never appeared" % path)


def timing_rows(port, query):
    status, body = request(port, "/functions_timing" + query)
    if status != 200:
        sys.exit("/functions_timing%s: %d %s" % (query, status, body))
    return json.loads(body)["data"]


def metrics_functions(port, query):
    """Function -> whether it has finite buckets, of /metrics."""
    status, text = request(port, "/metrics" + query)
    buckets = {}
    for line in text.splitlines():
        if line.startswith("hotpath_function_calls_total{"):
            buckets.setdefault(line.split('function="', 1)[1].split('"', 1)[0], False)
        if line.startswith("hotpath_function_duration_seconds_bucket{") and 'le="+Inf"' not in line:
            buckets[line.split('function="', 1)[1].split('"', 1)[0]] = True
    return buckets


def quoted(name):
    return urllib.parse.quote(name, safe="")


for path in [stop_file + suffix for suffix in
             ["", ".ready", ".later", ".later.done", ".again", ".again.done"]]:
    if os.path.exists(path):
        os.remove(path)
environment = dict(os.environ, HOTPATH_METRICS_LIMIT="20")
for name in ["HOTPATH_LIMIT", "HOTPATH_METRICS_AUTH_TOKEN", "HOTPATH_FOCUS"]:
    environment.pop(name, None)
process, port = start_live_program([program, stop_file], environment)
try:
    wait_for(stop_file + ".ready")
    # A report taken before the calls ended may still be served for 100 ms.
    time.sleep(0.3)
    # The calls are over: every answer has the same totals.
    every_row = timing_rows(port, "?limit=0")
    largest = sorted(every_row, key=lambda row: row["total_ns"], reverse=True)
    for query in ["", "?limit=20", "?limit=0", "?focus=" + quoted("work<[0-9]>$"), "?limit=25"]:
        rows = timing_rows(port, query)
        with_p95 = sum(1 for row in rows if row.get("p95_ns", 0) > 0)
        line = "%s: %d rows, with p95 %d" % (urllib.parse.unquote(query[1:]) or "default",
                                            len(rows), with_p95)
        if not query:
            # Which work<N> comes first depends on the machine's load (a call is a
            # 50 us spin): the rows are the largest totals, whichever they are.
            line += ", the largest totals %s" % (
                [row["name"] for row in rows] == [row["name"] for row in largest[:len(rows)]])
        print(line)

    status, body = request(port, "/functions/%s/histogram" % quoted("app::work<0>"))
    histogram = json.loads(body)
    print("histogram of app::work<0>: %d, %d calls, counts add up to %d" % (
        status, histogram["calls"], sum(histogram["counts"])))

    for query in ["", "?limit=0"]:
        functions = metrics_functions(port, query)
        print("metrics%s: %d functions, each with buckets %s" % (
            query, len(functions), all(functions.values())))

    status, body = request(port, "/functions/%s/logs" % quoted("app::work<3>"))
    print("logs of app::work<3>: %d, %d calls" % (status, len(json.loads(body)["logs"])))

    logs_before, _ = request(port, "/functions/%s/logs" % quoted("app::later"))
    histogram_before, _ = request(port, "/functions/%s/histogram" % quoted("app::later"))
    open(stop_file + ".later", "w").close()
    wait_for(stop_file + ".later.done")
    # A report taken in the last 100 ms is recent enough for a name it lacks.
    time.sleep(0.3)
    status, body = request(port, "/functions/%s/logs" % quoted("app::later"))
    print("logs of app::later: %d before its first call, %d and %d call after" % (
        logs_before, status, len(json.loads(body).get("logs", []))))
    status, body = request(port, "/functions/%s/histogram" % quoted("app::later"))
    print("histogram of app::later: %d before its first call, %d and %d call after" % (
        histogram_before, status, json.loads(body).get("calls", 0)))

    # Read at once, not from the report: the calls made since the last report count.
    first, _ = request(port, "/functions/%s/histogram" % quoted("app::later"))
    open(stop_file + ".again", "w").close()
    wait_for(stop_file + ".again.done")
    status, body = request(port, "/functions/%s/histogram" % quoted("app::later"))
    histogram = json.loads(body)
    print("histogram of app::later after 5 more calls: %d, %d calls, counts add up to %d" % (
        status, histogram["calls"], sum(histogram["counts"])))
finally:
    open(stop_file, "w").close()
    process.wait(timeout=60)
