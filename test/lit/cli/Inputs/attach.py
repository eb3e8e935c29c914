"""Attaches `hotpath flamegraph --perf --pid` to a running program, then stops it as
Ctrl-C would.

usage: attach.py SECONDS PROGRAM [ARGS...] -- HOTPATH [OPTIONS...]

Starts PROGRAM, runs HOTPATH OPTIONS --pid <its pid>, sends SIGINT to hotpath after
SECONDS, ends the program, and exits with hotpath's exit status.
"""

import signal
import subprocess
import sys
import time


def main():
    if len(sys.argv) < 5 or "--" not in sys.argv:
        sys.exit(__doc__)
    separator = sys.argv.index("--")
    seconds = float(sys.argv[1])
    program = sys.argv[2:separator]
    hotpath = sys.argv[separator + 1 :]
    target = subprocess.Popen(program)
    try:
        time.sleep(0.2)  # the program is running
        recorder = subprocess.Popen(hotpath + ["--pid", str(target.pid)])
        time.sleep(seconds)
        recorder.send_signal(signal.SIGINT)
        status = recorder.wait(timeout=120)
    finally:
        target.kill()
        target.wait()
    sys.exit(status if status >= 0 else 128 - status)


if __name__ == "__main__":
    main()
