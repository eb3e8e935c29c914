#!/usr/bin/env python3
"""Does measure-all keep a real package building, passing and fast? One package's bars.

    cost.py [--exact LABEL] [--max-ratio 1.5] [--top 10] PACKAGE_DIR

PACKAGE_DIR is what bench/real_code_names/run.sh made for one package with the
builds baseline, plugin, original and rewrite (the instrumented builds and the
uninstrumented ones of the same compiler: plugin with baseline, clang++ 19; rewrite
with original, g++). For each instrumented build it prints, with PASS or FAIL:

  compiles   its build succeeded wherever its uninstrumented build did, and its log
             has no warning the uninstrumented log lacks (warnings.py's matching:
             option, file name and text);
  tests      every workload process that succeeds uninstrumented succeeds
             instrumented, in every run (a process failing in both is the
             package's own failure, listed but not held against the build);
  time       the workload's seconds, each process's best run summed, at most
             --max-ratio times the uninstrumented build's;
  exact      the rows of process LABEL (--exact) have the same call counts in
             every run; and, once for both builds, the names in both have the same
             counts in the plugin and the rewrite build.

It also lists the processes whose counts repeat in every run and build, the rows
with the most calls (what the time goes to when the ratio is high), and the build
seconds. The exit status is 0 when every bar passes, 1 when one fails, 2 when an
input cannot be read.
"""

import argparse
import glob
import importlib.util
import os
import re
import sys
from collections import Counter

NAMES_HARNESS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "real_code_names")


def harness_module(name):
    """A module of the names harness, loaded by path (its warnings.py would shadow the
    standard library's)."""
    spec = importlib.util.spec_from_file_location(f"real_code_names_{name}", os.path.join(NAMES_HARNESS, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ReportSet = harness_module("compare").ReportSet  # the reader of hotpath JSON reports
warnings_of = harness_module("warnings").warnings_of  # the warning lines of a build log

PAIRS = (("plugin", "baseline"), ("rewrite", "original"))
COMPILER = {"plugin": "clang++ 19", "rewrite": "g++"}


def fail(message):
    print(f"cost.py: {message}", file=sys.stderr)
    sys.exit(2)


def verdict(ok):
    return "PASS" if ok else "FAIL"


def read_tsv(path):
    """The rows of a tab-separated file as lists of fields; none when it is missing."""
    if not os.path.isfile(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [line.rstrip("\n").split("\t") for line in f if line.strip()]


class Build:
    """One build's directory: its build status and log, and its workload's runs."""

    def __init__(self, package_dir, mode):
        self.mode = mode
        self.dir = os.path.join(package_dir, mode)
        if not os.path.isdir(self.dir):
            fail(f"{self.dir}: no such build (run.sh with MODES including {mode})")
        self.runs = []  # per run: {label: (status, seconds)}
        for run in range(1, 1000):
            suffix = "" if run == 1 else f".{run}"
            rows = read_tsv(os.path.join(self.dir, f"workload{suffix}.tsv"))
            if not rows:
                break
            self.runs.append({label: (int(status), float(seconds)) for label, status, seconds in rows})
        if not self.runs:
            fail(f"{self.dir}: no workload.tsv (the workload did not run)")

    def reports(self, run):
        suffix = "" if run == 1 else f".{run}"
        return os.path.join(self.dir, f"reports{suffix}")

    def labels(self):
        return sorted(set().union(*self.runs))

    def failed(self):
        """Labels of the processes that failed or did not run in some run."""
        return sorted(label for label in self.labels()
                      if any(run.get(label, (1, 0))[0] != 0 for run in self.runs))

    def best_seconds(self, label):
        return min(run[label][1] for run in self.runs if label in run)


def build_status(package_dir):
    """{step: (seconds, status)} of timings.tsv."""
    return {row[0]: (int(row[1]), int(row[2])) for row in read_tsv(os.path.join(package_dir, "timings.tsv"))
            if len(row) == 3}


def check_compiles(package_dir, inst, plain, steps):
    build_ok = steps.get(f"{inst.mode}-build", (0, 1))[1] == 0 or steps.get(f"{plain.mode}-build", (0, 1))[1] != 0
    logs = [os.path.join(b.dir, "build.log") for b in (plain, inst)]
    try:
        before, after = (warnings_of(log) for log in logs)
    except OSError as error:
        fail(f"cannot read {error.filename}: {error.strerror}")
    added = Counter(after) - Counter(before)
    ok = build_ok and not added
    status = "built" if steps.get(f"{inst.mode}-build", (0, 1))[1] == 0 else "the build failed"
    print(f"  compiles  {verdict(ok)}  {status}; warnings {len(after)} ({plain.mode} {len(before)}), "
          f"only in {inst.mode}: {sum(added.values())}")
    for (option, name, text), count in sorted(added.items())[:20]:
        print(f"            {count} x {name}: {text} [{option}]")
    return ok


def check_tests(inst, plain):
    failed, plain_failed = inst.failed(), set(plain.failed())
    missing = sorted(set(plain.labels()) - set(inst.labels()))
    own = [label for label in failed if label in plain_failed]
    new = [label for label in failed if label not in plain_failed] + missing
    ok = not new
    print(f"  tests     {verdict(ok)}  {len(inst.labels())} processes x {len(inst.runs)} runs; failed only "
          f"instrumented: {len(new)}{' (' + ' '.join(new) + ')' if new else ''}; failed in both "
          f"(the package's own): {len(own)}{' (' + ' '.join(own) + ')' if own else ''}")
    return ok


def check_time(inst, plain, max_ratio):
    labels = sorted(set(inst.labels()) & set(plain.labels()))
    a = sum(inst.best_seconds(label) for label in labels)
    b = sum(plain.best_seconds(label) for label in labels)
    ratio = a / b if b else float("inf")
    ok = ratio <= max_ratio

    def totals(build):
        return ", ".join(f"{sum(run[label][1] for label in labels if label in run):.1f}" for run in build.runs)

    print(f"  time      {verdict(ok)}  {a:.1f} s vs {plain.mode} {b:.1f} s: {ratio:.2f}x (bar {max_ratio}x; "
          f"best run of each process; runs in all: {inst.mode} {totals(inst)}, {plain.mode} {totals(plain)})")
    if len(labels) > 1:
        added = sorted(labels, key=lambda label: plain.best_seconds(label) - inst.best_seconds(label))[:3]
        print("            most seconds added: " + ", ".join(
            f"{label} {inst.best_seconds(label):.2f} vs {plain.best_seconds(label):.2f}" for label in added))
    return ok


def counts_of(build, run, label):
    """{name: calls} of process label in run, None when it wrote no report."""
    path = os.path.join(build.reports(run), f"{label}.json")
    return dict(ReportSet(build.mode, path, None).calls) if os.path.isfile(path) else None


def differing(a, b):
    """Names whose calls differ between a and b, among the names of both."""
    return sorted(n for n in set(a) & set(b) if a[n] != b[n])


def check_repeat(build, label):
    runs = [counts_of(build, run, label) for run in range(1, len(build.runs) + 1)]
    if any(r is None for r in runs):
        print(f"  exact     FAIL  {label}: no report in some run")
        return False, None
    differ = sorted(set().union(*(differing(runs[0], r) for r in runs[1:])))
    names = sorted(set().union(*(set(r) ^ set(runs[0]) for r in runs[1:])))
    ok = not differ and not names and len(runs) > 1
    note = " (one run: nothing to compare)" if len(runs) == 1 else ""
    print(f"  exact     {verdict(ok)}  {label}: {len(runs[0])} rows, {sum(runs[0].values())} calls; "
          f"across {len(runs)} runs: {len(differ)} counts differ, {len(names)} names differ{note}")
    for name in differ[:10]:
        print(f"            {name}: " + ", ".join(str(r.get(name)) for r in runs))
    return ok, runs[0]


def check_across(plugin, rewrite, label):
    both = set(plugin) & set(rewrite)
    differ = differing(plugin, rewrite)
    ok = not differ
    print(f"exact counts of {label}, plugin vs rewrite: {verdict(ok)}  names in both {len(both)}, counts "
          f"differ {len(differ)}; names only in plugin {len(set(plugin) - both)}, only in rewrite "
          f"{len(set(rewrite) - both)} (naming: bench/real_code_names)")
    for name in differ[:10]:
        print(f"  {name}: plugin {plugin[name]}, rewrite {rewrite[name]}")
    return ok


def repeats(build, label):
    """The counts of process label when they are the same in every run, else None."""
    runs = [counts_of(build, run, label) for run in range(1, len(build.runs) + 1)]
    if any(r is None or r != runs[0] for r in runs):
        return None
    return runs[0]


def repeating_processes(plugin, rewrite):
    """Labels whose counts repeat in every run of each build and agree between them."""
    found = []
    for label in sorted(set(plugin.labels()) & set(rewrite.labels())):
        a, b = repeats(plugin, label), repeats(rewrite, label)
        if a is not None and b is not None and not differing(a, b):
            found.append(label)
    return found


def top_rows(build, top):
    if not glob.glob(os.path.join(build.reports(1), "*.json")):
        return
    merged = ReportSet(build.mode, build.reports(1), None)
    rows = sorted(merged.calls.items(), key=lambda item: -item[1])
    total = sum(merged.calls.values())
    print(f"  most calls ({len(rows)} rows, {total} calls in all, run 1): " + "; ".join(
        f"{name} {calls}" for name, calls in rows[:top]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("package_dir")
    parser.add_argument("--exact", default="", help="label of a deterministic workload process")
    parser.add_argument("--max-ratio", type=float, default=1.5, help="the time bar (1.5)")
    parser.add_argument("--top", type=int, default=8, help="rows listed by most calls (8)")
    args = parser.parse_args()
    package_dir = os.path.normpath(args.package_dir)
    steps = build_status(package_dir)
    builds = {mode: Build(package_dir, mode) for pair in PAIRS for mode in pair}
    checksums = os.path.join(package_dir, "hotpath", ".checksums")
    tools = []
    if os.path.isfile(checksums):
        with open(checksums, encoding="utf-8") as f:
            tools = [line.split()[0][:12] + " " + line.split()[1][2:] for line in f
                     if re.search(r" \./(bin/clang-hotpath-rewrite|lib/hotpath/hotpath\.so|lib/libhotpath\.so\.[0-9.]+)$",
                                  line)]
    print(f"{os.path.basename(package_dir)}: {', '.join(tools)}")
    seconds = {step: value[0] for step, value in steps.items()}
    print(f"build seconds: baseline {seconds.get('baseline-build')}, plugin {seconds.get('plugin-build')}; "
          f"original {seconds.get('original-build')}, rewrite {seconds.get('rewrite-build')} "
          f"(+ rewriter {seconds.get('rewrite')})")
    passed = True
    first = {}
    for inst_mode, plain_mode in PAIRS:
        inst, plain = builds[inst_mode], builds[plain_mode]
        print(f"{inst_mode} ({COMPILER[inst_mode]}, measure-all) vs {plain_mode} (uninstrumented):")
        passed &= check_compiles(package_dir, inst, plain, steps)
        passed &= check_tests(inst, plain)
        passed &= check_time(inst, plain, args.max_ratio)
        if args.exact:
            ok, first[inst_mode] = check_repeat(inst, args.exact)
            passed &= ok
        else:
            print("  exact     FAIL  no deterministic process named (--exact)")
            passed = False
        top_rows(inst, args.top)
    if all(first.get(mode) is not None for mode in ("plugin", "rewrite")):
        passed &= check_across(first["plugin"], first["rewrite"], args.exact)
    same = repeating_processes(builds["plugin"], builds["rewrite"])
    print(f"processes with the same counts in every run of both builds: {len(same)} of "
          f"{len(builds['plugin'].labels())}: {' '.join(same)}")
    print(f"{os.path.basename(package_dir)}: {verdict(passed)}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
