"""Drives test/lit/runtime/metrics_prometheus.cpp: a real Prometheus scrapes the
program's /metrics every second; once it has scraped it, the program makes its
calls (about 12 s). Once every call has returned and a scrape has seen the last
of them, the checks go through Prometheus's HTTP API: every scrape up and under
a second, one scrape a second, call counters that never went back, and for each
function histogram_quantile(0.95, ...) within 10% of the p95 of the program's
own report (/functions_timing, taken after the last call, as the last scrape
was). Prints the figures, then one verdict line per check for FileCheck; exits 1
when a check failed. Prometheus and the program end with this script, even
killed.

usage: metrics_prometheus_check.py PROGRAM DIRECTORY"""
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
import urllib.request

sys.path.insert(0, os.path.dirname(__file__))
from prometheus_server import Prometheus, end_with_parent  # noqa: E402

FUNCTIONS = ["app::wait_1us", "app::wait_30us", "app::wait_1ms", "app::wait_20ms",
             "app::wait_300ms", "app::wait_2s"]
TOLERANCE = 0.10

program, directory = sys.argv[1], sys.argv[2]
shutil.rmtree(directory, ignore_errors=True)
os.makedirs(directory)
start_file = os.path.join(directory, "start")
calls_file = os.path.join(directory, "calls")
stop_file = os.path.join(directory, "stop")
failed = []
program_stderr = []


def verdict(line, ok):
    print("%s: %s" % (line, "yes" if ok else "NO"))
    if not ok:
        failed.append(line)


def wait_for(what, seconds, condition):
    """Polls `condition` every 0.2 s until it returns something true, which it
    returns; exits saying `what` was never seen, or that the program ended."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if program_process.poll() is not None:
            sys.exit("the program ended (status %d) before %s; its stderr:\n%s" % (
                program_process.returncode, what, "".join(program_stderr)))
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    sys.exit("never happened within %d s: %s" % (seconds, what))


def start_program():
    """The program with live metrics on a port the system picks: (process, port)."""
    settings = dict(os.environ, HOTPATH_LIVE="1", HOTPATH_METRICS_PORT="0",
                    HOTPATH_OUTPUT_FORMAT="none")
    process = subprocess.Popen([program, start_file, calls_file, stop_file], env=settings,
                               stderr=subprocess.PIPE, text=True, preexec_fn=end_with_parent)
    for line in process.stderr:
        found = re.search(r"live metrics at http://127\.0\.0\.1:(\d+)/", line)
        if found:
            # The rest of stderr is kept, and read so that the program never blocks
            # on it.
            threading.Thread(target=lambda: program_stderr.extend(process.stderr),
                             daemon=True).start()
            return process, int(found.group(1))
    sys.exit("%s did not say where it serves" % program)


def report_rows(port):
    """The rows of the program's /functions_timing, all of them, by name."""
    url = "http://127.0.0.1:%d/functions_timing?limit=0" % port
    with urllib.request.urlopen(url, timeout=30) as answer:
        section = json.load(answer)
    return {row["name"]: row for row in section["data"]}


def figure(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds * 1e9)


program_process, port = start_program()
try:
    with Prometheus(os.path.join(directory, "prometheus"), port) as prometheus:
        prometheus.wait_until_ready()
        print("prometheus: ready")

        # The calls start once Prometheus scrapes the program (its first scrape
        # waits for its target list, which it updates every 5 s).
        def first_scrape():
            found = prometheus.instant('up{job="hotpath"} == 1')
            return bool(found)

        wait_for("a first scrape", 30, first_scrape)
        open(start_file, "w").close()
        started_at = time.time()

        # Every call has returned; then the program's report counts all of them,
        # and then a scrape has seen that report.
        def calls_written():
            return os.path.exists(calls_file) and open(calls_file).read().strip()

        expected_calls = int(wait_for("the program's last call", 60, calls_written))

        def report_of_every_call():
            rows = report_rows(port)
            return rows if sum(row["calls"] for row in rows.values()) == expected_calls else None

        rows = wait_for("a report with every call", 20, report_of_every_call)
        scraped_calls = 'sum(hotpath_function_calls_total{job="hotpath"})'

        def scrape_of_every_call():
            now = time.time()
            found = prometheus.instant(scraped_calls, now)
            return now if found and found[0][1] == expected_calls else None

        last_at = wait_for("a scrape of every call", 20, scrape_of_every_call)
        # A scrape is stored when it ends, under the time it started: one that
        # started before `last_at` may still be under way.
        time.sleep(1.5)
        print("program: %d calls, in the report and in the last scrape" % expected_calls)

        # Scrapes: each one's `up` and `scrape_duration_seconds`, as stored, from
        # the last before the calls started to the first after they all returned.
        since = started_at - 1.5
        ups = prometheus.samples('up{job="hotpath"}', since, last_at)
        durations = prometheus.samples('scrape_duration_seconds{job="hotpath"}', since,
                                       last_at)
        ups = ups[0] if ups else []
        durations = durations[0] if durations else []
        seconds = last_at - since
        gaps = [later[0] - earlier[0] for earlier, later in zip(ups, ups[1:])]
        print("scrapes: %d in %.1f s, longest gap %.2f s" % (
            len(ups), seconds, max(gaps) if gaps else 0))
        verdict("scrapes: one a second", len(ups) >= 10 and
                abs(len(ups) - seconds) <= 1.5 and max(gaps) < 1.5)
        verdict("up: 1 at every scrape", bool(ups) and all(value == 1 for _, value in ups))
        longest = max((value for _, value in durations), default=99)
        print("scrape_duration_seconds: max %.4f s over %d scrapes" % (longest, len(durations)))
        verdict("scrape_duration_seconds: under 1 s at every scrape",
                len(durations) == len(ups) and longest < 1)

        # The counters, second by second (query_range, its last step the moment
        # of the checks): never back.
        totals = prometheus.over_range(scraped_calls, last_at - int(last_at - since), last_at)
        totals = totals[0] if totals else []
        verdict("calls_total: never went back, %d at the end" % expected_calls,
                bool(totals) and totals[-1][1] == expected_calls and
                all(later[1] >= earlier[1] for earlier, later in zip(totals, totals[1:])))

        # Each function's p95: Prometheus's estimate from the buckets of the last
        # scrape, and the program's own from the same histogram.
        for function in FUNCTIONS:
            found = prometheus.instant(
                'histogram_quantile(0.95, hotpath_function_duration_seconds_bucket'
                '{job="hotpath",function="%s"})' % function, last_at)
            estimate = found[0][1] if found else float("nan")
            reported = rows[function]["p95_ns"] / 1e9 if function in rows else float("nan")
            error = abs(estimate - reported) / reported if reported else float("nan")
            print("%s: %d calls, report p95 %s, prometheus %s, error %.1f%%" % (
                function, rows.get(function, {}).get("calls", 0), figure(reported),
                figure(estimate), 100 * error))
            verdict("%s: within 10%%" % function, error <= TOLERANCE)

        open(stop_file, "w").close()
        program_status = program_process.wait(timeout=30)
        prometheus_status = prometheus.stop()
        verdict("stopped: program exit %d, prometheus exit %d" % (
            program_status, prometheus_status), program_status == 0 and prometheus_status == 0)
finally:
    if program_process.poll() is None:
        program_process.kill()
        program_process.wait()

sys.exit(1 if failed else 0)
