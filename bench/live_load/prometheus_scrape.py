"""A real Prometheus scraping /metrics every second of the program with 10,000
functions and 8 busy threads (workload.cpp, with --spread: also calls of 1 us to
60 s), while 50 clients (clients.cpp) ask /functions_timing for 60 s, on
127.0.0.1 only. Prints the clients' figures, then what Prometheus stored of the
60 s: scrapes ok / total, the longest and the p99 scrape_duration_seconds, the
least `up`, the series of hotpath_* and the size of /metrics. Once every call of
1 us to 60 s has returned and a scrape has seen them, each of those functions'
histogram_quantile(0.95, ...) is compared with the p95 of the program's own
report (/functions_timing, after the last call as the last scrape).

Exits 1 when a scrape failed or took 1 s or more, when a p95 is 10% or more off,
or when the clients failed (a failed request, or a p99 latency of 50 ms or more).

usage: prometheus_scrape.py WORKLOAD [--clients N] [--seconds S] [--route PATH]
(--clients 0: Prometheus alone for S seconds)"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test",
                                "lit", "runtime", "Inputs"))
from live_program import start_live_program  # noqa: E402
from prometheus_server import Prometheus  # noqa: E402

SPREAD_FUNCTIONS = ["spread::wait_1us", "spread::wait_30us", "spread::wait_1ms",
                    "spread::wait_20ms", "spread::wait_300ms", "spread::wait_2s",
                    "spread::wait_60s"]
TOLERANCE = 0.10

parser = argparse.ArgumentParser()
parser.add_argument("workload")
parser.add_argument("--clients", type=int, default=50)
parser.add_argument("--seconds", type=int, default=60)
parser.add_argument("--route", default="/functions_timing")
options = parser.parse_args()

failures = []


def judge(ok, what):
    if not ok:
        failures.append(what)
    return "ok" if ok else "FAILED: " + what


def wait_for(what, seconds, condition):
    """Polls `condition` every 0.5 s until it returns something true, which it
    returns; exits saying `what` was never seen."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.5)
    sys.exit("prometheus_scrape: never happened within %d s: %s" % (seconds, what))


def get(port, path):
    with urllib.request.urlopen("http://127.0.0.1:%d%s" % (port, path), timeout=60) as answer:
        return answer.read()


def figure(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds * 1e9)


# The workload outlives the clients and the calls of up to 66 s that started with it.
environment = {name: value for name, value in os.environ.items()
               if not name.startswith("HOTPATH_")}
workload, port = start_live_program(
    [options.workload, str(options.seconds + 240), "--spread"], environment)
spread_done = {}


def read_stderr():
    for line in workload.stderr:
        found = re.search(r"spread calls done: (\d+) calls", line)
        if found:
            spread_done["calls"] = int(found.group(1))
        else:
            sys.stderr.write(line)


threading.Thread(target=read_stderr, daemon=True).start()
try:
    # All 10,000 functions have rows before the clients start.
    wait_for("the workload's 10,000 functions", 60, lambda: json.loads(
        get(port, "/functions_timing?limit=1"))["total_functions"] >= 10000)
    with tempfile.TemporaryDirectory(prefix="hotpath-prometheus-") as directory, \
            Prometheus(directory, port) as prometheus:
        prometheus.wait_until_ready()
        wait_for("a first scrape", 60, lambda: prometheus.instant('up{job="hotpath"} == 1'))

        clients = os.path.join(os.path.dirname(os.path.abspath(options.workload)),
                               "hotpath_live_load_clients")
        started_at = time.time()
        if options.clients > 0:
            clients_status = subprocess.call([clients, str(port), options.route,
                                              str(options.clients), str(options.seconds)])
            print("clients: %s" % judge(clients_status == 0, "the clients' bar (exit %d)" %
                                        clients_status))
        else:
            time.sleep(options.seconds)
        ended_at = time.time()

        # What Prometheus stored of the clients' seconds: a scrape is stored when it
        # ends, under the time it started, so the last one is waited for.
        time.sleep(1.5)
        window = "[%ds]" % int(ended_at - started_at)

        def value(query):
            found = prometheus.instant(query, ended_at)
            return found[0][1] if found else float("nan")

        total = value('count_over_time(up{job="hotpath"}%s)' % window)
        ok = value('sum_over_time(up{job="hotpath"}%s)' % window)
        least_up = value('min_over_time(up{job="hotpath"}%s)' % window)
        longest = value('max_over_time(scrape_duration_seconds{job="hotpath"}%s)' % window)
        p99 = value('quantile_over_time(0.99, scrape_duration_seconds{job="hotpath"}%s)' % window)
        median = value('quantile_over_time(0.5, scrape_duration_seconds{job="hotpath"}%s)' % window)
        samples = value('max_over_time(scrape_samples_scraped{job="hotpath"}%s)' % window)
        series = value('count({__name__=~"hotpath_.*"})')
        fetched_at = time.monotonic()
        metrics = get(port, "/metrics")
        fetch_seconds = time.monotonic() - fetched_at
        print("prometheus: scrapes every 1 s (timeout 1 s) for %d s, with %d clients" %
              (ended_at - started_at, options.clients))
        print("scrapes ok %d / %d, up min %d: %s" % (
            ok, total, least_up, judge(total > 0 and ok == total, "a scrape failed")))
        print("scrape_duration_seconds max %.3f s, p99 %.3f s, median %.3f s: %s" % (
            longest, p99, median, judge(longest < 1, "a scrape took 1 s or more")))
        print("/metrics %d bytes (%d samples a scrape, fetched in %.3f s); %d hotpath_* series" % (
            len(metrics), samples, fetch_seconds, series))

        # The calls of 1 us to 60 s: all returned, in the report and in a scrape.
        calls = wait_for("the workload's calls of 1 us to 60 s", 240,
                         lambda: spread_done.get("calls"))
        focus = "/functions_timing?limit=0&focus=%5Espread%3A%3A"

        def report_of_every_call():
            rows = {row["name"]: row for row in json.loads(get(port, focus))["data"]}
            return rows if sum(row["calls"] for row in rows.values()) == calls else None

        rows = wait_for("a report of every call of 1 us to 60 s", 60, report_of_every_call)
        scraped = 'sum(hotpath_function_calls_total{job="hotpath",function=~"spread::.*"})'

        def scrape_of_every_call():
            now = time.time()
            found = prometheus.instant(scraped, now)
            return now if found and found[0][1] == calls else None

        last_at = wait_for("a scrape of every call of 1 us to 60 s", 60, scrape_of_every_call)
        print("p95 of the calls of 1 us to 60 s (%d calls), the report's and "
              "histogram_quantile(0.95) of the last scrape:" % calls)
        for function in SPREAD_FUNCTIONS:
            found = prometheus.instant(
                'histogram_quantile(0.95, hotpath_function_duration_seconds_bucket'
                '{job="hotpath",function="%s"})' % function, last_at)
            estimate = found[0][1] if found else float("nan")
            reported = rows[function]["p95_ns"] / 1e9 if function in rows else float("nan")
            error = abs(estimate - reported) / reported if reported else float("nan")
            print("  %-20s %7d calls, report %-9s prometheus %-9s error %5.1f%%: %s" % (
                function, rows.get(function, {}).get("calls", 0), figure(reported),
                figure(estimate), 100 * error,
                judge(error < TOLERANCE, "%s's p95 is 10%% or more off" % function)))
finally:
    workload.terminate()
    workload.wait(timeout=60)

sys.exit(1 if failures else 0)
