#!/usr/bin/env python3
"""Times commands against a baseline and prints the ratios (run.sh).

    compare.py [--runs N] --baseline NAME [--overhead NAME] [--target NAME=RATIO]
               NAME=COMMAND ...

After one untimed warm-up of each command (page cache, dynamic loader), the
commands run N rounds in the order given, so consecutive runs of different
commands share whatever else the machine is doing at that moment. For each it
prints the median wall time and the median CPU time (user + system of its
processes and threads, which does not count time spent waiting for a core), and
both divided by the baseline's. With --overhead, the named command's times are
a part of the baseline's that the others do not pay (such as starting a process
per file), and the ratios to the baseline without that part are printed too. A
target (on the ratios to the whole baseline) puts ok or MISSED after a command's
wall-time and CPU-time ratios; missing it does not change the exit status.
"""

import argparse
import importlib.util
import pathlib
import shlex
import statistics
import sys


def load_run_once():
    """The timing of one run, shared with the compile-time benchmark."""
    path = pathlib.Path(__file__).resolve().parent.parent / "compile_time" / "measure.py"
    spec = importlib.util.spec_from_file_location("compile_time_measure", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.run_once


run_once = load_run_once()


def parse_pairs(items, convert):
    pairs = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep:
            sys.exit(f"compare.py: expected NAME=VALUE, got {item!r}")
        pairs[name] = convert(value)
    return pairs


def verdict(ratio, target):
    return "ok" if ratio <= target else "MISSED"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--baseline", required=True, metavar="NAME")
    parser.add_argument("--overhead", metavar="NAME")
    parser.add_argument("--target", action="append", default=[], metavar="NAME=RATIO")
    parser.add_argument("commands", nargs="+", metavar="NAME=COMMAND")
    args = parser.parse_args()
    commands = parse_pairs(args.commands, shlex.split)
    targets = parse_pairs(args.target, float)
    for name in (args.baseline, args.overhead, *targets):
        if name is not None and name not in commands:
            sys.exit(f"compare.py: no command named {name}")

    for argv in commands.values():
        run_once(argv)
    wall = {name: [] for name in commands}
    cpu = {name: [] for name in commands}
    for round_index in range(args.runs):
        for name, argv in commands.items():
            w, c = run_once(argv)
            wall[name].append(w)
            cpu[name].append(c)
        print(f"  round {round_index + 1}/{args.runs} done", file=sys.stderr)

    wall = {name: statistics.median(values) for name, values in wall.items()}
    cpu = {name: statistics.median(values) for name, values in cpu.items()}
    base = args.baseline
    columns = {f"/{base}": (wall[base], cpu[base])}
    if args.overhead:
        net = f"{base}-{args.overhead}"
        wall[net] = wall[base] - wall[args.overhead]
        cpu[net] = cpu[base] - cpu[args.overhead]
        columns[f"/({net})"] = (wall[net], cpu[net])
    print(f"medians of {args.runs} runs")
    header = f"{'':6}{'wall':>8}{'CPU':>8}"
    for suffix in columns:
        header += f"{'wall' + suffix:>13}{'CPU' + suffix:>13}"
    print(header)
    for name in wall:
        line = f"{name:6}{wall[name]:7.2f}s{cpu[name]:7.2f}s"
        for base_wall, base_cpu in columns.values():
            line += f"{wall[name] / base_wall:13.3f}{cpu[name] / base_cpu:13.3f}"
        if name in targets:
            target = targets[name]
            line += (f"   target {name}/{base} <= {target:g}: "
                     f"wall {verdict(wall[name] / wall[base], target)}, "
                     f"CPU {verdict(cpu[name] / cpu[base], target)}")
        print(line)


if __name__ == "__main__":
    main()
