"""Drives test/lit/runtime/live_slow_client.cpp: while one client has sent half a
request and stalls, other clients are answered at once, a POST is refused with 405
before any body is read, and the stalled client is dropped in the end. Prints one
line per check for FileCheck.

usage: live_slow_client.py PROGRAM STOP_FILE"""
import os
import socket
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from live_program import start_live_program  # noqa: E402

# Generous for a loaded 2-core machine; a held server thread costs 2 s.
PROMPT_SECONDS = 1.0

program, stop_file = sys.argv[1], sys.argv[2]
if os.path.exists(stop_file):
    os.remove(stop_file)


def exchange(port, request):
    """Sends `request` as it is and reads until the server closes: (seconds, answer)."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request.encode())
        answer = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
    return time.monotonic() - started, answer.decode(errors="replace")


def status_and_headers(answer):
    head, _, body = answer.partition("\r\n\r\n")
    lines = head.split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return lines[0], headers, body


process, port = start_live_program([program, stop_file])
for _ in range(200):
    try:
        exchange(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        break
    except OSError:
        time.sleep(0.05)

# One client sends half a request and stalls.
stalled = socket.create_connection(("127.0.0.1", port), timeout=30)
stalled.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
stalled_since = time.monotonic()
time.sleep(0.2)  # the server has taken it by now

times = []
statuses = set()
for _ in range(5):
    seconds, answer = exchange(port, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    times.append(seconds)
    statuses.add(status_and_headers(answer)[0])
print("healthz x5 while a client stalls: %s, each in < %g s: %s" % (
    " ".join(sorted(statuses)), PROMPT_SECONDS, max(times) < PROMPT_SECONDS))

seconds, answer = exchange(port, "HEAD /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
print("HEAD /healthz: %s, in < %g s: %s" % (status_and_headers(answer)[0], PROMPT_SECONDS,
                                          seconds < PROMPT_SECONDS))

# POSTs whose body never comes: refused before the server waits for it.
for name, request in [
        ("without Content-Length", "POST /report HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
        ("Content-Length 100, no body", "POST /report HTTP/1.1\r\nHost: 127.0.0.1\r\n"
         "Content-Length: 100\r\n\r\n"),
        ("PUT, chunked, no chunk", "PUT /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n"
         "Transfer-Encoding: chunked\r\n\r\n")]:
    seconds, answer = exchange(port, request)
    status, headers, body = status_and_headers(answer)
    print("%s: %s, Allow: %s, %s, in < %g s: %s" % (
        name, status, headers.get("Allow"), body, PROMPT_SECONDS, seconds < PROMPT_SECONDS))

# The stalled client is dropped after the read timeout (2 s), not held forever.
# (httplib answers 400 to the headers it could not read, then closes.)
try:
    while stalled.recv(65536):
        pass
    dropped = True
except socket.timeout:
    dropped = False
except OSError:
    dropped = True
print("stalled client dropped: %s, after %s" % (
    dropped, "1 to 10 s" if 1 <= time.monotonic() - stalled_since < 10 else
    "%.1f s" % (time.monotonic() - stalled_since)))
stalled.close()

open(stop_file, "w").close()
process.communicate(timeout=60)
print("exit %d" % process.returncode)
