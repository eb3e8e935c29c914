"""Checks the off-CPU stacks of the waiting program (Inputs/waiting_program.cpp)
against the figures it measured itself: each function that blocked has its waits
under its own frame, ending in the C library function it blocked in, and their
time (in microseconds) within 5% of the program's timer; the function that only
computes has none. Then the flame graph as headless Chromium shows it: a frame per
such function with that same count, drawn in the browser, and a screenshot.

usage: offcpu_check.py EXPECTED.json FOLDED SVG PNG
"""
import json
import sys

import flamegraph_in_browser

# The function that blocked, and the C library function it blocked in.
BLOCKED_IN = {
    "app::wait_for_lock": "pthread_mutex_lock",
    "app::wait_for_condition": "pthread_cond_wait",
    "app::read_pipe": "read",
    "app::read_switched_pipe": "read",
    "app::read_ioctl_switched_pipe": "read",
    "app::nap": "nanosleep",
    "app::join_worker": "pthread_join",
}
function_of = flamegraph_in_browser.function_of


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

    # The flame graph in the browser: each function drawn with the time of the
    # stacks under it.
    title, drawn, is_png = flamegraph_in_browser.drawn(svg_path, png_path, list(BLOCKED_IN))
    check(title == "Off-CPU Flame Graph", "the graph's title is %r" % title)
    for name in BLOCKED_IN:
        check(drawn.get(name, 0) == sum(under.get(name, {}).values()),
              "%s: the browser draws %s us, the folded stacks have %s"
              % (name, drawn.get(name), sum(under.get(name, {}).values())))
    check(is_png, "no PNG screenshot")

    if failures:
        sys.exit("\n".join(failures))
    print("off-CPU stacks: %d functions under their frames, drawn by the browser"
          % len(BLOCKED_IN))


if __name__ == "__main__":
    main()
