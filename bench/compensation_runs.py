#!/usr/bin/env python3
"""Runs hotpath_compensation_accuracy RUNS times on a quiet machine and RUNS times
with another process burning one core, taking turns (quiet, loaded, quiet, ...), and
prints each run's true and reported averages of fib(27)'s calls, of a leaf of about
1 ns and of a caller of 100 such leaves, with the reported / true ratio, then the
median ratio of each under each condition.

  bench/compensation_runs.py build/bench/hotpath_compensation_accuracy [RUNS]

Extra environment (HOTPATH_ADAPTIVE=0, HOTPATH_COMPENSATE=0) passes through."""
import json
import os
import re
import statistics
import subprocess
import sys

TRUTH = {
    "fib": re.compile(r"true average of fib\(\d+\)'s calls: ([0-9.]+) ns"),
    "leaf": re.compile(r"true leaf call: ([0-9.]+) ns"),
    "caller": re.compile(r"true caller of \d+ leaves: ([0-9.]+) ns"),
}


def burner():
    """A process that keeps one core busy until it is killed."""
    return subprocess.Popen([sys.executable, "-c", "while True: pass"])


def one_run(program):
    env = dict(os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_LIMIT="0")
    done = subprocess.run([program], env=env, capture_output=True, text=True, check=True)
    truth = {name: float(pattern.search(done.stderr).group(1)) for name, pattern in TRUTH.items()}
    rows = json.loads(done.stdout)["functions_timing"]["data"]
    reported = {}
    for row in rows:
        short = row["name"].split("::")[-1]
        if short in truth:
            reported[short] = (row["avg_ns"], row.get("timing", "every call"))
    return truth, reported


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    program = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    ratios = {(condition, name): [] for condition in ("quiet", "loaded") for name in TRUTH}
    print(f"{'run':<10} {'function':<8} {'true ns':>9} {'reported ns':>12} {'ratio':>7}  timing")
    for run in range(runs):
        for condition in ("quiet", "loaded"):
            load = burner() if condition == "loaded" else None
            try:
                truth, reported = one_run(program)
            finally:
                if load is not None:
                    load.kill()
                    load.wait()
            for name, true_ns in truth.items():
                avg, timing = reported[name]
                ratio = avg / true_ns if true_ns > 0 else float("nan")
                ratios[(condition, name)].append(ratio)
                print(f"{condition} {run + 1:<3} {name:<8} {true_ns:>9.2f} {avg:>12} {ratio:>7.2f}  {timing}")
    print()
    print(f"median of {runs} runs, reported / true:")
    for condition in ("quiet", "loaded"):
        cells = ", ".join(f"{name} {statistics.median(ratios[(condition, name)]):.2f}"
                          for name in TRUTH)
        print(f"  {condition:<6}: {cells}")


if __name__ == "__main__":
    main()
