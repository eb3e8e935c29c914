"""Drives test/lit/runtime/live.cpp: starts the program with HOTPATH_LIVE=1 on a
free port, asks the live server's routes, and prints one line per check for
FileCheck.

usage: live_check.py PROGRAM STOP_FILE
       live_check.py --once PROGRAM STOP_FILE ROUTE [NAME=VALUE...]
The second form starts the program with the environment variables given (no
HOTPATH_LIVE unless given), prints what ROUTE answers (or that nothing listens),
the program's lines about live metrics, its exit status and the functions of the
JSON report it printed."""
import http.client
import json
import os
import socket
import subprocess
import sys
import time

once = sys.argv[1] == "--once"
if once:
    sys.argv.pop(1)
program, stop_file = sys.argv[1], sys.argv[2]


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start(port, *arguments, token=None, live="1", extra=None):
    if os.path.exists(stop_file):
        os.remove(stop_file)
    environment = dict(os.environ, HOTPATH_METRICS_PORT=str(port), HOTPATH_OUTPUT_FORMAT="json")
    for name in ["HOTPATH_LIVE", "HOTPATH_METRICS_AUTH_TOKEN"]:
        environment.pop(name, None)
    if live is not None:
        environment["HOTPATH_LIVE"] = live
    if token:
        environment["HOTPATH_METRICS_AUTH_TOKEN"] = token
    environment.update(extra or {})
    return subprocess.Popen([program, stop_file, *arguments], env=environment,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def request(port, path, method="GET", headers=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request(method, path, headers=headers or {})
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def wait_until_serving(port, token=None):
    headers = {"Authorization": "Bearer " + token} if token else {}
    for _ in range(200):
        try:
            return request(port, "/healthz", headers=headers)
        except OSError:
            time.sleep(0.05)
    sys.exit("the live server never answered on port %d" % port)


def stop(process):
    open(stop_file, "w").close()
    out, err = process.communicate(timeout=60)
    return process.returncode, out, err


def error_of(body):
    return json.loads(body)["error"]


def rows(body):
    return {row["name"]: row["calls"] for row in json.loads(body)["data"]}


if once:
    route, settings = sys.argv[3], dict(pair.split("=", 1) for pair in sys.argv[4:])
    port = free_port()
    process = start(port, live=None, extra=settings)
    answer = None
    for _ in range(40):
        try:
            answer = request(port, route)
            break
        except OSError:
            time.sleep(0.05)
    returncode, out, err = stop(process)
    print("%s: %s" % (route, "%d %s" % answer if answer else "nothing listens"))
    for line in err.splitlines():
        if "live metrics" in line or "HOTPATH_METRICS" in line:
            print("stderr: " + line.replace(":%d/" % port, ":PORT/"))
    print("exit %d" % returncode)
    try:
        functions = sorted(rows(json.dumps(json.loads(out)["functions_timing"])))
        print("stdout: a report of %s" % " ".join(functions))
    except (ValueError, KeyError):
        print("stdout: %r" % out[:200])
    sys.exit(0)

port = free_port()
program_process = start(port)
status, body = wait_until_serving(port)
health = json.loads(body)
print("healthz: %d %s, %s" % (status, health["status"],
      "pid of the program" if health["pid"] == program_process.pid else "pid %s" % health["pid"]))

# The program polls every 5 ms: wait for a first poll to have returned.
for _ in range(100):
    status, body = request(port, "/functions_timing")
    if rows(body).get("app::poll", 0) > 0:
        break
    time.sleep(0.06)
timing = rows(body)
print("functions_timing: %d, app::setup %d calls, app::poll calls > 0: %s" % (
    status, timing.get("app::setup", 0), timing.get("app::poll", 0) > 0))
status, body = request(port, "/functions_timing?limit=1")
section = json.loads(body)
print("limit=1: %d, %d row of total_functions %d" % (status, len(section["data"]),
      section["total_functions"]))
status, body = request(port, "/functions_timing?focus=setup")
print("focus=setup: %d, rows %s" % (status, " ".join(sorted(rows(body)))))
status, body = request(port, "/report")
print("report: %d, sections %s" % (status, " ".join(sorted(json.loads(body)))))
# Asked by a browser, which accepts compressed answers: sent as they are.
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
connection.request("GET", "/report", headers={"Accept-Encoding": "gzip, deflate, br"})
response = connection.getresponse()
print("report to a browser: %d, content encoding %s, sections %s" % (
    response.status, response.getheader("Content-Encoding", "none"),
    " ".join(sorted(json.loads(response.read())))))
connection.close()
status, body = request(port, "/call_tree")
nodes = json.loads(body)["nodes"]
setup = [node for node in nodes if node["name"] == "app::setup"]
parent = nodes[setup[0]["parent"]]["name"] if setup and setup[0]["parent"] is not None else None
print("call_tree: %d, app::setup under %s" % (status, parent))
# Prometheus: the format as promtool reads it, and the values.
connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
connection.request("GET", "/metrics")
response = connection.getresponse()
metrics = response.read().decode()
connection.close()
checked = subprocess.run(["promtool", "check", "metrics"], input=metrics, text=True,
                         capture_output=True)
print("metrics: %d %s, promtool exit %d%s" % (
    response.status, response.getheader("Content-Type"), checked.returncode,
    (": " + checked.stdout + checked.stderr).rstrip() if checked.returncode else ""))
samples = dict(line.rsplit(" ", 1) for line in metrics.splitlines() if not line.startswith("#"))
print("metrics: %s %s" % ('hotpath_function_calls_total{function="app::setup"}',
                          samples.get('hotpath_function_calls_total{function="app::setup"}')))
# The buckets of the grid 2^(k/8) ns (test/lit/runtime/metrics_top.cpp checks them
# bound by bound): from one of none, just below the shortest call (>= 100 us), up
# to one of all five calls.
prefix = 'hotpath_function_duration_seconds_bucket{function="app::setup",le="'
setup_buckets = [(float(key[len(prefix):-2]), int(value)) for key, value in samples.items()
                 if key.startswith(prefix) and not key.endswith('"+Inf"}')]
print("metrics: app::setup buckets: first count %s, last count %s, first le over 90 us %s" % (
    setup_buckets[0][1] if setup_buckets else None, setup_buckets[-1][1] if setup_buckets else None,
    bool(setup_buckets) and setup_buckets[0][0] > 90e-6))
for name in ['hotpath_function_duration_seconds_bucket{function="app::setup",le="+Inf"}',
             'hotpath_function_duration_seconds_count{function="app::setup"}']:
    print("metrics: %s %s" % (name, samples.get(name)))
# With hotpath-wait (test/lit/runtime/live_waits.cpp): app::setup's five sleeps.
for name in ['hotpath_function_waits_total{function="app::setup",cause="sleep"}']:
    if name in samples:
        print("metrics: %s %s" % (name, samples[name]))

status, body = request(port, "/functions/app::setup/logs")
logs = json.loads(body)["logs"]
print("logs: %d, %d calls, newest first %s, all of the main thread %s, each >= 100 us %s" % (
    status, len(logs), all(a["end_ns"] >= b["end_ns"] for a, b in zip(logs, logs[1:])),
    all(call["tid"] == program_process.pid for call in logs),
    all(call["duration_ns"] >= 100000 for call in logs)))

status, body = request(port, "/threads")
threads = json.loads(body)
main_rows = [row for row in threads["data"] if row["name"] == "main"]
print("threads: %d, interval_ms %d, main %s, status %s" % (
    status, threads["interval_ms"], "found" if main_rows else "missing",
    main_rows[0]["status"] if main_rows else None))

for path in ["/functions_alloc", "/functions_timing?limit=abc", "/functions_timing?focus=(",
             "/functions_timing?other=1", "/nothing"]:
    status, body = request(port, path)
    print("%s: %d %s" % (path.split("?")[-1], status, error_of(body)))
status, body = request(port, "/report", method="POST")
print("POST /report: %d %s" % (status, error_of(body)))
# A page of another site whose name resolves to 127.0.0.1 (DNS rebinding) sends
# that name as the Host; this machine's own names are answered.
for host in ["evil.example:%d" % port, "127.0.0.1.evil.example", "localhost:%d" % port,
             "127.0.0.1:%d" % port, "[::1]:%d" % port]:
    status, body = request(port, "/functions_timing", headers={"Host": host})
    line = "Host %s: %d %s" % (host, status, error_of(body) if status != 200 else "")
    print(line.replace(":%d" % port, ":PORT").rstrip())
try:
    status, body = request(port, "/report", headers={"X-Filler": "x" * 100000})
    print("huge header: %d" % status)
except (ConnectionError, http.client.HTTPException) as failure:
    print("huge header: connection dropped (%s)" % type(failure).__name__)

# A second program on the same port warns and runs on, unserved.
second = start(port)
time.sleep(0.3)
returncode, out, err = stop(second)
warning = [line for line in err.splitlines() if "live metrics" in line]
print('taken port: warned "%s", exit %d, report %s' % (
    warning[0] if warning else "", returncode, "printed" if "functions_timing" in out else "missing"))
returncode, out, err = stop(program_process)
final = rows(json.dumps(json.loads(out)["functions_timing"]))

# Bearer token.
port = free_port()
guarded = start(port, token="s3cret")
wait_until_serving(port, token="s3cret")
status, body = request(port, "/healthz")
print("token, none sent: %d %s" % (status, error_of(body)))
status, body = request(port, "/healthz", headers={"Authorization": "Bearer wrong"})
print("token, wrong: %d" % status)
status, body = request(port, "/healthz", headers={"Authorization": "Bearer s3cret"})
print("token, right: %d" % status)
# A proxy may send its own name as the Host: with a token, which no page of another
# site can know, it is answered.
status, body = request(port, "/healthz",
                       headers={"Authorization": "Bearer s3cret", "Host": "profiler.example"})
print("token, right, Host profiler.example: %d" % status)
stop(guarded)

# Fork: the child outlives its parent by 3 s; once the parent has exited, nothing
# listens on the port.
port = free_port()
forking = start(port, "3000")
wait_until_serving(port)
stop(forking)
try:
    request(port, "/healthz")
    print("after the parent exits, its forked child still answers")
except ConnectionRefusedError:
    print("after the parent exits, its forked child does not listen: connection refused")
except OSError as failure:
    print("after the parent exits, connecting fails otherwise: %s" % failure)
print("final report: app::setup %d calls" % final.get("app::setup", 0))
