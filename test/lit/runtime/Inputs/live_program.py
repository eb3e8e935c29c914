"""Starting a program with live metrics on a free port, for the scripts that drive
a live server (the lit tests' and bench/live_load's), and asking it."""
import http.client
import os
import re
import subprocess
import sys


def start_live_program(arguments, environment=None):
    """Starts `arguments` with HOTPATH_LIVE=1 on a port the system picks, reads the
    port from the program's line on stderr, and returns (process, port). Exits
    with a message when the program never says where it serves."""
    settings = dict(os.environ if environment is None else environment)
    settings.update(HOTPATH_LIVE="1", HOTPATH_METRICS_PORT="0")
    settings.setdefault("HOTPATH_OUTPUT_FORMAT", "none")
    process = subprocess.Popen(arguments, env=settings, stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        found = re.search(r"live metrics at http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return process, int(found.group(1))
    sys.exit("%s did not say where it serves" % arguments[0])


def get(port, path, timeout=60):
    """GETs `path` of the server on 127.0.0.1:`port`: (status, body as text)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()
