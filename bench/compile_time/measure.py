#!/usr/bin/env python3
"""Times the compile-time benchmark's four compilations and prints the ratios.

    measure.py [--runs N] [--instructions] NAME=COMMAND ...

Each NAME=COMMAND is one compilation (a shell-quoted command line). After one
untimed warm-up of each, the commands run interleaved, N rounds, the order rotating
from round to round, so that a machine that slows down or speeds up during the
measurement affects every command alike. For each command it prints the median
wall time and the median CPU time (user + system of the compiler's processes,
which does not count time spent waiting for a core on a shared machine), then the
ratios a/b and c/d of the medians (and of the fastest runs, the least disturbed by
other work on a shared machine).

With --instructions it also runs each command once under valgrind's callgrind and
prints the instructions each executed, and their ratios: exact, repeatable figures
where a shared machine makes the timings noisy (about 40 times slower).
"""

import argparse
import re
import resource
import shlex
import statistics
import subprocess
import sys
import time


def run_once(argv):
    """Runs argv; returns (wall seconds, CPU seconds of the children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    completed = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        sys.exit(f"measure.py: failed ({completed.returncode}): {shlex.join(argv)}\n"
                 f"{completed.stderr.decode(errors='replace')}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def count_instructions(argv):
    """Instructions executed by argv (clang runs its cc1 in process), via callgrind."""
    completed = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"Collected\s*:\s*(\d+)", completed.stderr)
    if completed.returncode != 0 or not found:
        sys.exit(f"measure.py: valgrind failed on {shlex.join(argv)}\n{completed.stderr}")
    return int(found.group(1))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions under callgrind")
    parser.add_argument("commands", nargs="+", metavar="NAME=COMMAND")
    args = parser.parse_args()

    commands = {}
    for item in args.commands:
        name, _, command = item.partition("=")
        commands[name] = shlex.split(command)
    names = list(commands)

    for name in names:  # warm-up: page cache, dynamic loader, CPU frequency
        run_once(commands[name])

    wall = {name: [] for name in names}
    cpu = {name: [] for name in names}
    for round_index in range(args.runs):
        shift = round_index % len(names)
        for name in names[shift:] + names[:shift]:
            w, c = run_once(commands[name])
            wall[name].append(w)
            cpu[name].append(c)
        print(f"  round {round_index + 1}/{args.runs} done", file=sys.stderr)

    median_wall = {name: statistics.median(values) for name, values in wall.items()}
    median_cpu = {name: statistics.median(values) for name, values in cpu.items()}
    print(f"{'':4}{'median wall':>14}{'median CPU':>14}{'min CPU':>10}{'max CPU':>10}")
    for name in names:
        print(f"{name:4}{median_wall[name]:13.3f}s{median_cpu[name]:13.3f}s"
              f"{min(cpu[name]):9.3f}s{max(cpu[name]):9.3f}s")
    for top, bottom in (("a", "b"), ("c", "d")):
        if top in commands and bottom in commands:
            print(f"{top}/{bottom}: median wall {median_wall[top] / median_wall[bottom]:.3f}, "
                  f"median CPU {median_cpu[top] / median_cpu[bottom]:.3f}, "
                  f"min CPU {min(cpu[top]) / min(cpu[bottom]):.3f}")

    if args.instructions:
        print("instructions executed (callgrind, one run each):", file=sys.stderr)
        counts = {name: count_instructions(commands[name]) for name in names}
        for name in names:
            print(f"{name:4}{counts[name]:>16,} instructions")
        for top, bottom in (("a", "b"), ("c", "d")):
            if top in counts and bottom in counts:
                print(f"{top}/{bottom}: instructions {counts[top] / counts[bottom]:.4f}")


if __name__ == "__main__":
    main()
