"""Drives test/lit/cli/console.cpp: starts the program with live metrics on a free
port, runs `hotpath console` in a detached tmux session, types keys into it
(send-keys) and reads the screen (capture-pane), printing one line per check.

usage: console_check.py HOTPATH PROGRAM STOP_FILE"""
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "runtime", "Inputs"))
from live_program import start_live_program  # noqa: E402

hotpath, program, stop_file = sys.argv[1:4]
socket = "hotpath-console-test-%d" % os.getpid()  # a tmux server of its own


def tmux(*arguments):
    return subprocess.run(["tmux", "-L", socket, *arguments], capture_output=True, text=True)


def screen():
    return tmux("capture-pane", "-p", "-t", "console").stdout.splitlines()


def wait_for(condition, what):
    for _ in range(100):
        lines = screen()
        if condition(lines):
            return lines
        time.sleep(0.1)
    sys.exit("the console never showed %s; its screen:\n%s" % (what, "\n".join(screen())))


def table(lines):
    """The function rows: name and calls, in screen order."""
    rows = []
    for line in lines:
        found = re.match(r"^[> ] (app::\w+)\s+(\d+)\s", line)
        if found:
            rows.append((found.group(1), int(found.group(2))))
    return rows


if os.path.exists(stop_file):
    os.remove(stop_file)
process, port = start_live_program([program, stop_file])
try:
    tmux("new-session", "-d", "-s", "console", "-x", "110", "-y", "24",
         "%s console http://127.0.0.1:%d" % (hotpath, port))
    lines = wait_for(lambda lines: ("app::fast", 40) in table(lines), "the program's calls")
    print("start: " + ", ".join("%s %d" % row for row in table(lines)))

    tmux("send-keys", "-t", "console", "Down", "Enter")
    lines = wait_for(lambda lines: sum(" ago " in line for line in lines) >= 7, "recent calls")
    title = [line for line in lines if "(Esc closes)" in line]
    histogram = [line for line in lines if re.match(r"^\s+[<>]=? ?[\d.]+ \S+ #+ \d+", line)]
    print("detail: %s, histogram rows %d, recent calls %d" % (
        title[0].split()[0] if title else "none", len(histogram),
        sum(" ago " in line for line in lines)))

    tmux("send-keys", "-t", "console", "Escape")
    time.sleep(0.3)
    tmux("send-keys", "-t", "console", "/", "fa", "Enter")
    lines = wait_for(lambda lines: len(table(lines)) == 1, "the filtered table")
    print("filter: " + ", ".join("%s %d" % row for row in table(lines)))

    tmux("send-keys", "-t", "console", "/", "Escape", "s", "s")
    lines = wait_for(lambda lines: "sort: calls" in "\n".join(lines) and len(table(lines)) == 3,
                     "the order by calls")
    print("order by calls: " + ", ".join(name for name, _ in table(lines)))

    tmux("send-keys", "-t", "console", "t")
    lines = wait_for(lambda lines: any(line.strip().startswith("main ") for line in lines),
                     "the threads")
    main_line = [line for line in lines if line.strip().startswith("main ")][0]
    print("threads: main %s" % main_line.split()[2])

    tmux("resize-window", "-t", "console", "-x", "80", "-y", "20")
    tmux("send-keys", "-t", "console", "f")
    lines = wait_for(lambda lines: len(lines) == 20 and len(table(lines)) == 3, "the new size")
    print("resized to 80x20: widest line %d columns" % max(len(line) for line in lines))

    tmux("send-keys", "-t", "console", "q")
    for _ in range(50):
        if tmux("has-session", "-t", "console").returncode != 0:
            break
        time.sleep(0.1)
    print("quit: " + ("the console ended" if tmux("has-session", "-t", "console").returncode != 0
                      else "the console is still running"))
finally:
    tmux("kill-server")
    open(stop_file, "w").close()
    process.wait(timeout=60)
