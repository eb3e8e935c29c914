"""The live server under load: 50 clients asking /functions_timing (and /metrics,
/report) of a program with 10,000 functions and 8 busy threads, for 30 s, against
127.0.0.1 only. Starts the program, waits for its 10,000 functions, then runs the
clients (clients.cpp), which print the requests made, those that failed, and the
latencies.

usage: load.py WORKLOAD [--clients N] [--seconds S] [--route PATH]"""
import argparse
import http.client
import os
import subprocess
import sys
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
# The route once before the clients: a route that needs more of a report than the
# others (every row's durations: limit=0, a focus) waits for its first such report,
# once; the clients measure the answers after it.
get(options.route)


# The clients run in a program of their own (clients.cpp), built next to the workload.
clients = os.path.join(os.path.dirname(os.path.abspath(options.workload)),
                       "hotpath_live_load_clients")
status = subprocess.call([clients, str(port), options.route, str(options.clients),
                          str(int(options.seconds))])
process.terminate()
process.wait(timeout=30)
sys.exit(status)
