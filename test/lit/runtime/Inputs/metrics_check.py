"""Drives test/lit/runtime/metrics_top.cpp: starts the program with HOTPATH_LIVE=1
on a free port and the settings given, once its measured calls are done asks
/metrics with and without query parameters, and prints one line per check for
FileCheck.

usage: metrics_check.py PROGRAM STOP_FILE [NAME=VALUE...]"""
import json
import math
import os
import re
import socket
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_program import get  # noqa: E402

program, stop_file = sys.argv[1], sys.argv[2]
settings = dict(pair.split("=", 1) for pair in sys.argv[3:])

# 2^(j/8), as the runtime writes them (DurationBuckets::bound_ns).
EIGHTHS = [1.0, 1.0905077326652577, 1.189207115002721, 1.2968395546510096,
           1.4142135623730951, 1.5422108254079407, 1.681792830507429, 1.8340080864093424]


def bound_ns(index):
    return math.ldexp(EIGHTHS[index % 8], index // 8)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port, path):
    return get(port, path, timeout=30)


SAMPLE = re.compile(r'^(\w+)\{([^}]*)\} (\S+)$')


def samples(text):
    """(family, labels, value) of each sample line."""
    found = []
    for line in text.splitlines():
        match = SAMPLE.match(line)
        if match:
            labels = dict(re.findall(r'(\w+)="((?:[^"\\]|\\.)*)"', match.group(2)))
            found.append((match.group(1), labels, match.group(3)))
    return found


def functions(text):
    return sorted({labels["function"] for _, labels, _ in samples(text) if "function" in labels})


for path in [stop_file, stop_file + ".ready"]:
    if os.path.exists(path):
        os.remove(path)
port = free_port()
environment = dict(os.environ, HOTPATH_LIVE="1", HOTPATH_METRICS_PORT=str(port),
                   HOTPATH_OUTPUT_FORMAT="none", HOTPATH_PERCENTILES="0,95,100")
for name in ["HOTPATH_METRICS_LIMIT", "HOTPATH_METRICS_THREADS", "HOTPATH_METRICS_AUTH_TOKEN"]:
    environment.pop(name, None)
environment.update(settings)
process = subprocess.Popen([program, stop_file], env=environment, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True)
try:
    for _ in range(400):
        if os.path.exists(stop_file + ".ready"):
            break
        time.sleep(0.05)
    else:
        sys.exit("the program never finished its calls")
    # A report taken before the calls ended may still be served for 100 ms.
    time.sleep(0.3)

    status, text = request(port, "/metrics")
    checked = subprocess.run(["promtool", "check", "metrics"], input=text, text=True,
                             capture_output=True)
    print("metrics: %d, promtool exit %d%s" % (
        status, checked.returncode,
        (": " + checked.stdout + checked.stderr).rstrip() if checked.returncode else ""))
    print("functions: " + " ".join(functions(text)))
    families = sorted({family for family, labels, _ in samples(text)
                       if labels.get("function") == "app::large"})
    print("families with app::large: " + " ".join(families))
    threads = sorted({labels["thread"] for _, labels, _ in samples(text) if "thread" in labels})
    print("threads: " + ("main among %d" % len(threads) if "main" in threads else
                         " ".join(threads) or "none"))

    for query in ["limit=0", "limit=1", "focus=small", "focus=app&limit=1"]:
        status, body = request(port, "/metrics?" + query)
        print("%s: %s" % (query, " ".join(functions(body)) if status == 200 else status))
    status, body = request(port, "/metrics?threads=1")
    threads = {labels["thread"] for _, labels, _ in samples(body) if "thread" in labels}
    print("threads=1: " + ("main among %d" % len(threads) if "main" in threads else
                           " ".join(sorted(threads)) or "none"))
    for query in ["limit=abc", "focus=("]:
        status, body = request(port, "/metrics?" + query)
        json_status, json_body = request(port, "/functions_timing?" + query)
        print("%s: %d %s, as /functions_timing: %s" % (
            query, status, json.loads(body)["error"], (status, body) == (json_status, json_body)))
    for query in ["other=1", "threads=2"]:
        status, body = request(port, "/metrics?" + query)
        print("%s: %d %s" % (query, status, json.loads(body)["error"]))

    status, text = request(port, "/metrics?limit=0")
    _, again = request(port, "/metrics?limit=0&focus=app")
    status, body = request(port, "/functions_timing?limit=0")
    rows = {row["name"]: row for row in json.loads(body)["data"]}
    for name in functions(text):
        row = rows[name]
        def buckets(of):
            return [(labels["le"], int(value)) for family, labels, value in samples(of)
                    if family == "hotpath_function_duration_seconds_bucket"
                    and labels["function"] == name]
        written = buckets(text)
        finite = written[:-1]
        indexes = [round(8 * math.log2(float(le) * 1e9)) for le, _ in finite]
        on_grid = all(float(le) == bound_ns(k) / 1e9 for (le, _), k in zip(finite, indexes))
        consecutive = indexes == list(range(indexes[0], indexes[0] + len(indexes)))
        shortest, longest = row["p0_ns"], row["p100_ns"]
        # Prometheus' histogram_quantile(0.95): linear inside the bucket of the rank.
        rank = 0.95 * written[-1][1]
        estimate = None
        for i, (le, count) in enumerate(finite):
            if count >= rank:
                below_le, below = float(finite[i - 1][0]), finite[i - 1][1]
                estimate = (below_le + (float(le) - below_le) * (rank - below) / (count - below)) * 1e9
                break
        p95 = row["p95_ns"]
        print("%s: %d calls, le on the grid %s, consecutive %s, first le below the shortest call %s, "
              "first count %d, last le holds the longest call %s, last count %d, +Inf %d, "
              "the same text twice %s, histogram_quantile(0.95) within 10%% of p95 %s" % (
                  name, row["calls"], on_grid, consecutive,
                  bound_ns(indexes[0]) < shortest <= bound_ns(indexes[0] + 1),
                  finite[0][1], bound_ns(indexes[-1] - 1) < longest <= bound_ns(indexes[-1]),
                  finite[-1][1], written[-1][1], written == buckets(again),
                  estimate is not None and abs(estimate - p95) <= 0.10 * p95))
finally:
    open(stop_file, "w").close()
    process.communicate(timeout=60)
