#!/usr/bin/env python3
"""Headline figures of the hotpath benchmarks, from the medians in Google Benchmark's
JSON output (run with --benchmark_repetitions and aggregates). Timing figures are
ratios against baselines measured in the same run, because the machines these run
on are shared and their absolute speed drifts; absolute values are printed for
context only. CPU time is used throughout: it does not count time the process
spent descheduled.

    bench/summarize.py RESULTS_DIR [--check]

RESULTS_DIR holds guard_overhead.json, memory.json, report.json, and the runs
alloc_baseline.N.json and alloc_overhead.N.json of the same allocation benchmarks
without and with hotpath-alloc, made in turns. Their figure is the difference between
the fastest runs of the two programs: a run can only be slowed down by the rest of
the machine, never sped up, so the fastest is the closest to the code's own cost.
With --check the exit status is 1 when a figure misses its target.
"""

import json
import os
import statistics
import sys

NS_PER_UNIT = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}

TARGET_OVERHEAD_CLOCK_READS = 2.0
TARGET_CALL_TREE_NS = 2.0
TARGET_UNTIMED_CALL_NS = 3.0
TARGET_ADAPTIVE_CALL_NS = 2.5
TARGET_UNTIMED_RATIO = 6.0
TARGET_THREAD_RATIO = 1.2
TARGET_BYTES_PER_FUNCTION_THREAD = 8 * 1024
TARGET_STEADY_STATE_HEAP_BYTES = 0
TARGET_ALLOC_PAIR_OVERHEAD_NS = 5.0
ALLOC_PAIRS = [
    ("BM_NewDelete", "operator new(64) + delete"),
    ("BM_NewSizedDelete", "operator new(64) + sized delete"),
    ("BM_MallocFree", "malloc(64) + free"),
]


def load(results_dir, name):
    with open(os.path.join(results_dir, name + ".json"), encoding="utf-8") as f:
        return json.load(f)


def aggregates(document, aggregate):
    """Maps run name to its entry for one aggregate (median, mean, ...)."""
    rows = {}
    for entry in document["benchmarks"]:
        if entry.get("run_type") == "aggregate" and entry.get("aggregate_name") == aggregate:
            rows[entry["run_name"]] = entry
    return rows


def cpu_ns(rows, run_name):
    entry = rows[run_name]
    return entry["cpu_time"] * NS_PER_UNIT[entry["time_unit"]]


def alloc_runs(results_dir, program):
    """Maps benchmark name to its CPU times (ns) over the runs of one allocation program."""
    times = {}
    for entry in sorted(os.listdir(results_dir)):
        if entry.startswith(program + ".") and entry.endswith(".json"):
            document = load(results_dir, entry[: -len(".json")])
            for row in document["benchmarks"]:
                if row.get("run_type", "iteration") == "iteration":
                    times.setdefault(row["name"], []).append(
                        row["cpu_time"] * NS_PER_UNIT[row["time_unit"]])
    if not times:
        raise SystemExit(f"no runs of {program} in {results_dir}")
    return times


def verdict(ok):
    return "ok" if ok else "MISSED"


def headline(missed, label, value, unit, target, ok):
    """Prints one figure against its target, and notes it in `missed` if it missed."""
    if not ok:
        missed.append(label)
    unit_text = f" {unit}" if unit else ""
    print(f"{label:<26}{value}{unit_text:<15}(target {target})  {verdict(ok)}")


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def main(argv):
    args = [a for a in argv[1:] if a != "--check"]
    if len(args) != 1:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    results_dir = args[0]
    guard_doc = load(results_dir, "guard_overhead")
    memory_doc = load(results_dir, "memory")
    report_doc = load(results_dir, "report")
    guard = aggregates(guard_doc, "median")
    memory = aggregates(memory_doc, "median")
    memory_mean = aggregates(memory_doc, "mean")
    report = aggregates(report_doc, "median")
    missed = []

    context = guard_doc["context"]
    repetitions = guard_doc["benchmarks"][0].get("repetitions", "?")
    print(f"hotpath benchmarks, {context['date']}: {cpu_model()}, {context['num_cpus']} CPUs, "
          f"load average {', '.join(f'{x:.2f}' for x in context.get('load_avg', []))}")
    print(f"medians of {repetitions} repetitions, CPU time")
    print()

    uninstrumented = cpu_ns(guard, "BM_Uninstrumented")
    instrumented = cpu_ns(guard, "BM_Instrumented")
    clock_read = cpu_ns(guard, "BM_ClockRead")
    steady_clock = cpu_ns(guard, "BM_SteadyClockNow")
    pair = cpu_ns(guard, "BM_ClockReadPair")
    overhead = (instrumented - uninstrumented) / clock_read
    headline(missed, "guard overhead", f"{overhead:6.2f}", "clock reads",
             f"<= {TARGET_OVERHEAD_CLOCK_READS}", overhead <= TARGET_OVERHEAD_CLOCK_READS)
    print(f"    instrumented call {instrumented:.2f} ns, uninstrumented {uninstrumented:.2f} ns, "
          f"clock read {clock_read:.2f} ns, steady_clock::now {steady_clock:.2f} ns")
    print(f"    two clock reads around the same body {pair:.2f} ns: bookkeeping beyond them "
          f"{instrumented - pair:.2f} ns ({(instrumented - pair) / clock_read:.2f} clock reads)")

    # Time sampling: what an untimed call costs, and how much cheaper than a timed one.
    untimed = cpu_ns(guard, "BM_InstrumentedUntimed") - uninstrumented
    timed = instrumented - uninstrumented
    headline(missed, "untimed call (sampling)", f"{untimed:6.2f}", "ns",
             f"<= {TARGET_UNTIMED_CALL_NS:g} ns, and {TARGET_UNTIMED_RATIO:g}x cheaper",
             untimed <= TARGET_UNTIMED_CALL_NS and timed >= TARGET_UNTIMED_RATIO * untimed)
    print(f"    a timed call adds {timed:.2f} ns, an untimed one {untimed:.2f} ns: "
          f"{timed / untimed if untimed > 0 else float('inf'):.1f}x cheaper")

    # Adaptive timing: what a call of a function it stopped timing costs.
    adaptive = cpu_ns(guard, "BM_InstrumentedAdaptive") - uninstrumented
    headline(missed, "adaptive call", f"{adaptive:6.2f}", "ns",
             f"<= {TARGET_ADAPTIVE_CALL_NS:g} ns", adaptive <= TARGET_ADAPTIVE_CALL_NS)
    print(f"    a call adaptive timing stopped timing adds {adaptive:.2f} ns to the bare call "
          f"({timed / adaptive if adaptive > 0 else float('inf'):.1f}x less than a timed one)")

    without_tree = cpu_ns(guard, "BM_InstrumentedWithoutCallTree")
    in_caller = cpu_ns(guard, "BM_InstrumentedInMeasuredCaller")
    tree_cost = max(instrumented, in_caller) - without_tree
    headline(missed, "call tree per call", f"{tree_cost:+6.2f}", "ns",
             f"<= +{TARGET_CALL_TREE_NS} ns", tree_cost <= TARGET_CALL_TREE_NS)
    print(f"    guard without the call tree {without_tree:.2f} ns; with it {instrumented:.2f} ns "
          f"(no measured caller), {in_caller:.2f} ns (in a measured caller)")

    one = cpu_ns(guard, "BM_Instrumented/threads:1")
    two = cpu_ns(guard, "BM_Instrumented/threads:2")
    eight = cpu_ns(guard, "BM_Instrumented/threads:8")
    headline(missed, "8 threads / 1 thread", f"{eight / one:6.2f}", "",
             f"<= {TARGET_THREAD_RATIO}", eight / one <= TARGET_THREAD_RATIO)
    print(f"    per-call CPU time: 1 thread {one:.2f} ns, 2 threads {two:.2f} ns "
          f"({two / one:.2f}), 8 threads {eight:.2f} ns")

    three_decades = memory["BM_RecordThreeDecades"]
    per_function = three_decades["bytes_per_function_thread"]
    headline(missed, "bytes per function-thread", f"{per_function:6.0f}", "",
             f"<= {TARGET_BYTES_PER_FUNCTION_THREAD}",
             per_function <= TARGET_BYTES_PER_FUNCTION_THREAD)
    print(f"    {three_decades['histogram_rows']:.0f} histogram rows for durations of 1 us..1 ms "
          f"({three_decades['ticks_per_ns']:.3f} ticks/ns); "
          f"record_call {cpu_ns(memory, 'BM_RecordThreeDecades'):.2f} ns")

    heap = memory["BM_SteadyStateGuardHeap"]
    heap_median = heap["heap_bytes"]
    headline(missed, "steady-state heap bytes", f"{heap_median:6.0f}", "",
             f"{TARGET_STEADY_STATE_HEAP_BYTES}", heap_median <= TARGET_STEADY_STATE_HEAP_BYTES)
    print(f"    over {heap['guard_calls']:,.0f} guard calls after the first; "
          f"{heap['histogram_rows']:.0f} histogram rows in use")
    # A repetition that allocated shows in the mean, not in the median.
    heap_mean = memory_mean["BM_SteadyStateGuardHeap"]
    if heap_mean["heap_bytes"] > 0:
        print(f"    note: mean over repetitions {heap_mean['heap_bytes']:.0f} bytes, "
              f"{heap_mean['new_histogram_rows']:.2f} new histogram rows per repetition "
              f"(rows for preempted calls; a full arena takes a new chunk)")

    # The same program with and without hotpath-alloc: the difference is the cost of
    # tracking; the headline is the worst of the three kinds of pair.
    tracked = alloc_runs(results_dir, "alloc_overhead")
    untracked = alloc_runs(results_dir, "alloc_baseline")
    added = {name: min(tracked[name]) - min(untracked[name]) for name, _ in ALLOC_PAIRS}
    worst = max(added.values())
    headline(missed, "alloc+free pair overhead", f"{worst:6.2f}", "ns",
             f"<= {TARGET_ALLOC_PAIR_OVERHEAD_NS:g} ns", worst <= TARGET_ALLOC_PAIR_OVERHEAD_NS)
    print(f"    fastest of {len(tracked[ALLOC_PAIRS[0][0]])} runs each, with and without "
          f"hotpath-alloc, in turns (median in parentheses)")
    for name, label in ALLOC_PAIRS:
        print(f"    {label}: {min(tracked[name]):.2f} ns ({statistics.median(tracked[name]):.2f}) "
              f"with, {min(untracked[name]):.2f} ns ({statistics.median(untracked[name]):.2f}) "
              f"without: {added[name]:+.2f} ns")

    def ms(name):
        return cpu_ns(report, name) / 1e6

    print(f"report, 10,000 functions x 8 threads: {ms('BM_Report_Total/limit:15'):.1f} ms "
          f"(default 15 rows), {ms('BM_Report_Total/limit:0'):.1f} ms (all rows)")
    print("    total = snapshot + build + table + JSON")
    print(f"    snapshot + build {ms('BM_Report_SnapshotAndBuild'):.1f} ms; "
          f"table {ms('BM_Report_RenderTable/limit:15'):.3f} ms (15 rows), "
          f"{ms('BM_Report_RenderTable/limit:0'):.1f} ms (all); "
          f"JSON {ms('BM_Report_RenderJson/limit:15'):.3f} ms (15 rows), "
          f"{ms('BM_Report_RenderJson/limit:0'):.1f} ms (all)")

    if missed:
        print()
        print("missed: " + ", ".join(missed))
    return 1 if missed and "--check" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
