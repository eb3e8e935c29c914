"""Drives test/lit/runtime/live_quick_exit.cpp: starts PROGRAM COUNT times at once
with live metrics, waits for each at most 60 s, kills those still running, and
prints how many ended and with which exit statuses ("hung" for those killed).

usage: quick_exit_runs.py PROGRAM COUNT"""
import os
import subprocess
import sys
import time

program, count = sys.argv[1], int(sys.argv[2])
environment = dict(os.environ, HOTPATH_LIVE="1", HOTPATH_METRICS_PORT="0",
                   HOTPATH_OUTPUT_FORMAT="none")
runs = [subprocess.Popen([program], env=environment, stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL) for _ in range(count)]
deadline = time.monotonic() + 60
endings = []
for run in runs:
    try:
        endings.append(str(run.wait(timeout=max(0.1, deadline - time.monotonic()))))
    except subprocess.TimeoutExpired:
        run.kill()
        run.wait()
        endings.append("hung")
print("runs %d ended with %s" % (count, sorted(set(endings))))
