"""A real Prometheus scraping a program's /metrics, for the lit test
metrics_prometheus.cpp and bench/live_load/prometheus_scrape.py: starts
`prometheus` on a free port of 127.0.0.1 with a configuration of one static
target, asks its HTTP API, and stops it. Standard library only."""
import ctypes
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

_PR_SET_PDEATHSIG = 1


def end_with_parent():
    """For Popen's preexec_fn: the child gets SIGTERM when the process that started
    it dies, even killed, so that no server outlives a test that timed out."""
    ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def free_port():
    """A TCP port of 127.0.0.1 that nothing listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Prometheus:
    """A Prometheus server scraping http://127.0.0.1:`target_port``metrics_path`
    every `interval` seconds, its data and log in `directory`. Use it as a context
    manager: the server is stopped however the block ends."""

    def __init__(self, directory, target_port, interval=1, metrics_path="/metrics"):
        self.directory = directory
        self.port = free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        os.makedirs(directory, exist_ok=True)
        self.config = os.path.join(directory, "prometheus.yml")
        with open(self.config, "w") as config:
            config.write(
                "global:\n"
                "  scrape_interval: {0}s\n"
                "  scrape_timeout: {0}s\n"
                "scrape_configs:\n"
                "  - job_name: hotpath\n"
                "    metrics_path: {1}\n"
                "    static_configs:\n"
                "      - targets: ['127.0.0.1:{2}']\n".format(interval, metrics_path, target_port)
            )
        self.log_path = os.path.join(directory, "prometheus.log")
        self.process = None
        self.exit_status = None

    def __enter__(self):
        self.log = open(self.log_path, "w")
        self.process = subprocess.Popen(
            [
                "prometheus",
                "--config.file=" + self.config,
                "--storage.tsdb.path=" + os.path.join(self.directory, "data"),
                "--web.listen-address=127.0.0.1:%d" % self.port,
            ],
            stdin=subprocess.DEVNULL,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            preexec_fn=end_with_parent,
        )
        return self

    def __exit__(self, *exception):
        self.stop()
        return False

    def stop(self):
        """Stops the server (SIGTERM, then SIGKILL after 20 s) and returns its exit
        status; a second call returns the same."""
        if self.process is not None and self.exit_status is None:
            self.process.terminate()
            try:
                self.exit_status = self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.exit_status = self.process.wait()
            self.log.close()
        return self.exit_status

    def log_tail(self, lines=20):
        with open(self.log_path) as log:
            return "".join(log.readlines()[-lines:])

    def wait_until_ready(self, seconds=60):
        """Returns once /-/ready answers 200; exits with the log's end otherwise."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                with urllib.request.urlopen(self.url + "/-/ready", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                pass
            time.sleep(0.1)
        sys.exit("prometheus never became ready:\n" + self.log_tail())

    def api(self, endpoint, **parameters):
        """The `data` of /api/v1/`endpoint`'s answer; exits on an error."""
        url = "%s/api/v1/%s?%s" % (self.url, endpoint, urllib.parse.urlencode(parameters))
        try:
            with urllib.request.urlopen(url, timeout=30) as answer:
                body = json.load(answer)
        except urllib.error.HTTPError as error:
            sys.exit("prometheus: %s: %s" % (url, error.read().decode(errors="replace")))
        if body.get("status") != "success":
            sys.exit("prometheus: %s: %s" % (url, body))
        return body["data"]

    def instant(self, query, at=None):
        """An instant query's vector, as a list of (labels, float value)."""
        parameters = {"query": query}
        if at is not None:
            parameters["time"] = "%.3f" % at
        data = self.api("query", **parameters)
        if data["resultType"] == "scalar":
            return [({}, float(data["result"][1]))]
        return [(item["metric"], float(item["value"][1])) for item in data["result"]]

    def samples(self, selector, start, end):
        """Every sample scraped of `selector` between `start` and `end` (Unix
        seconds), one list of (timestamp, float value) per series: a range
        selector, which returns the raw samples, not values at steps."""
        window = max(1, int(end - start + 1))
        data = self.api("query", query="%s[%ds]" % (selector, window), time="%.3f" % end)
        return [
            [(float(at), float(value)) for at, value in item["values"] if at >= start]
            for item in data["result"]
        ]

    def over_range(self, query, start, end, step=1):
        """A range query's series (query_range), each a list of (timestamp, value)."""
        data = self.api("query_range", query=query, start="%.3f" % start, end="%.3f" % end,
                        step=str(step))
        return [[(float(at), float(value)) for at, value in item["values"]]
                for item in data["result"]]
