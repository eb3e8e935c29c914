"""The live server under load: 50 clients asking /functions_timing (and /metrics,
/report) of a program with 10,000 functions and 8 busy threads, for 30 s, against
127.0.0.1 only. Prints the requests made, those that failed, and the latencies.

usage: load.py WORKLOAD [--clients N] [--seconds S] [--route PATH]"""
import argparse
import http.client
import os
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "test",
                                "lit", "runtime", "Inputs"))
from live_program import start_live_program  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("workload")
parser.add_argument("--clients", type=int, default=50)
parser.add_argument("--seconds", type=float, default=30)
parser.add_argument("--route", default="/functions_timing")
options = parser.parse_args()

process, port = start_live_program([options.workload, str(int(options.seconds) + 30)], {})


def get(path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


# All 10,000 functions have rows before the clients start.
for _ in range(600):
    status, body = get("/functions_timing?limit=1")
    if status == 200 and b'"total_functions":10000' in body:
        break
    time.sleep(0.1)
else:
    sys.exit("the workload never had its 10,000 functions")

latencies, failures, sizes = [], [], []
lock = threading.Lock()
deadline = time.monotonic() + options.seconds


def client():
    while time.monotonic() < deadline:
        started = time.monotonic()
        try:
            status, body = get(options.route)
            ok = status == 200
        except OSError as failure:
            ok, status, body = False, str(failure), b""
        elapsed = time.monotonic() - started
        with lock:
            latencies.append(elapsed)
            sizes.append(len(body))
            if not ok:
                failures.append(status)


threads = [threading.Thread(target=client) for _ in range(options.clients)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
process.terminate()
process.wait(timeout=30)

latencies.sort()


def percentile(p):
    return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000


print("%s: %d clients for %.0f s, 10,000 functions, 8 threads" % (
    options.route, options.clients, options.seconds))
print("requests %d (%.0f/s), failed %d%s" % (
    len(latencies), len(latencies) / options.seconds, len(failures),
    (" (" + ", ".join(sorted(set(map(str, failures)))) + ")") if failures else ""))
print("latency p50 %.1f ms, p99 %.1f ms, max %.1f ms; response %d bytes" % (
    percentile(50), percentile(99), latencies[-1] * 1000, sizes[-1] if sizes else 0))
sys.exit(1 if failures or percentile(99) >= 50 else 0)
