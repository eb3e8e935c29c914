"""Checks the off-CPU stacks of the waiting program (Inputs/waiting_program.cpp)
against the figures it measured itself: each function that blocked has its waits
under its own frame, ending in the C library function it blocked in, and their
time (in microseconds) within 5% of the program's timer; the function that only
computes has none. Then the flame graph as headless Chromium shows it: a frame per
such function with that same count, drawn in the browser, and a screenshot.

usage: offcpu_check.py EXPECTED.json FOLDED SVG PNG
"""
import json
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

# The function that blocked, and the C library function it blocked in.
BLOCKED_IN = {
    "app::wait_for_lock": "pthread_mutex_lock",
    "app::wait_for_condition": "pthread_cond_wait",
    "app::read_pipe": "read",
    "app::read_switched_pipe": "read",
    "app::nap": "nanosleep",
    "app::join_worker": "pthread_join",
}
SVG_NS = "{http://www.w3.org/2000/svg}"


def function_of(frame):
    """'app::read_pipe(int)' -> 'app::read_pipe'."""
    return frame.split("(", 1)[0]


def main():
    expected_path, folded_path, svg_path, png_path = sys.argv[1:5]
    with open(expected_path) as handle:
        expected = json.load(handle)
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    # Waits per function of the main thread: stacks through its frame (not the
    # threads it started, whose frames are lambdas), by leaf.
    under = {}
    with open(folded_path) as handle:
        for line in handle:
            stack, count = line.rstrip("\n").rsplit(" ", 1)
            frames = stack.split(";")
            for frame in frames:
                name = function_of(frame)
                if name in BLOCKED_IN or name == "app::compute":
                    leaves = under.setdefault(name, {})
                    leaves[frames[-1]] = leaves.get(frames[-1], 0) + int(count)
    for name, leaf in BLOCKED_IN.items():
        own_us = expected[name]["ns"] / 1000
        found = under.get(name, {})
        got = found.get(leaf, 0)
        check(abs(got - own_us) <= 0.05 * own_us and got <= own_us * 1.001 + 2,
              "%s: %d us in %s, the program's timer %.0f us (all its leaves: %s)"
              % (name, got, leaf, own_us, found))
    check("app::compute" not in under, "app::compute computes only, yet has off-CPU stacks")

    # The flame graph in the browser.
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    profile = os.path.join(os.path.dirname(os.path.abspath(png_path)), "offcpu-chromium-profile")
    base = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--hide-scrollbars", f"--user-data-dir={profile}"]
    url = "file://" + os.path.abspath(svg_path)
    dom = subprocess.run(base + ["--dump-dom", url], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    root = ElementTree.fromstring(dom.strip())
    drawn = {}
    title = ""
    for element in root.iter():
        if element.tag == f"{SVG_NS}text" and element.get("id") == "title":
            title = element.text or ""
        if element.tag != f"{SVG_NS}g" or "frame" not in element.get("class", "").split():
            continue
        name = function_of(element.get("data-name") or "")
        if name in BLOCKED_IN:
            drawn[name] = drawn.get(name, 0) + int(element.get("data-count"))
    check(title == "Off-CPU Flame Graph", "the graph's title is %r" % title)
    for name in BLOCKED_IN:
        check(drawn.get(name, 0) == sum(under.get(name, {}).values()),
              "%s: the browser draws %s us, the folded stacks have %s"
              % (name, drawn.get(name), sum(under.get(name, {}).values())))
    if os.path.exists(png_path):
        os.remove(png_path)
    subprocess.run(base + ["--window-size=1200,800", f"--screenshot={png_path}", url],
                   capture_output=True, timeout=60, check=True)
    with open(png_path, "rb") as handle:
        check(handle.read(8) == b"\x89PNG\r\n\x1a\n", "no PNG screenshot")

    if failures:
        sys.exit("\n".join(failures))
    print("off-CPU stacks: %d functions under their frames, drawn by the browser"
          % len(BLOCKED_IN))


if __name__ == "__main__":
    main()
