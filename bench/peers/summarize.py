#!/usr/bin/env python3
"""Prints, as Markdown, what bench/peers/run.sh measured: what each tool adds to a
call of each kind of function, and the average each tool reports against the true
one. Every figure is the median over the rounds.

What a tool adds is taken from the workload's median slices, which ran undisturbed
by the rest of the machine, and so are the true times. A tool's average covers
every call, including those during which the machine paused the program: a round
with such pauses reports more, and the median over the rounds leaves it out as long
as such rounds are fewer than half.

    bench/peers/summarize.py WORK_DIR     (run.sh's work directory)
"""

import csv
import json
import os
import re
import statistics
import sys

# (kind, the workload's function, the column's title)
KINDS = [
    ("tiny", "workload::tiny", "1 ns leaf"),
    ("fib", "workload::fib", "fib(21), recursive"),
    ("microsecond", "workload::microsecond", "1 us function"),
    ("map", "workload::map_and_strings", "std::map + std::string"),
]
TOOLS = [
    ("hotpath", "hotpath"),
    ("uftrace", "uftrace"),
    ("xray", "XRay"),
    ("gprof", "gprof"),
    ("finstrument", "-finstrument-functions"),
]
UNITS = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}


def is_function(name, function):
    """Whether a report's name (with or without its parameters) is `function`."""
    return name == function or name.startswith(function + "(")


def kind_of(name):
    for kind, function, _ in KINDS:
        if is_function(name, function):
            return kind
    return None


def read_phases(path):
    """{kind: per-call time of the median slice} and the extra figures of a workload's
    stdout."""
    phases, extra = {}, {}
    with open(path) as lines:
        for line in lines:
            fields = line.split()
            if len(fields) == 5 and fields[0] == "phase":
                phases[fields[1]] = float(fields[4])
            elif len(fields) == 2:
                extra[fields[0]] = float(fields[1])
    return phases, extra


def hotpath_averages(path):
    """{kind: (compensated, raw)} from the JSON report: total_ns / calls (avg_ns is
    rounded to whole nanoseconds) and measured_total_ns / calls, the durations as the
    clock measured them, which is what HOTPATH_COMPENSATE=0 reports."""
    with open(path) as report:
        rows = json.load(report)["functions_timing"]["data"]
    averages = {}
    for row in rows:
        kind = kind_of(row["signature"])
        if kind and row["calls"]:
            raw = row.get("measured_total_ns", row["total_ns"])
            averages[kind] = (row["total_ns"] / row["calls"], raw / row["calls"])
    return averages


def uftrace_averages(path):
    """{kind: Total avg} from `uftrace report -f total-avg,self-avg,call`."""
    number = r"([\d.]+)\s+(ns|us|ms|s)"
    pattern = re.compile(r"^\s*" + number + r"\s+" + number + r"\s+(\d+)\s+(\S.*)$")
    averages = {}
    with open(path) as lines:
        for line in lines:
            match = pattern.match(line)
            if match and kind_of(match.group(6).strip()):
                kind = kind_of(match.group(6).strip())
                averages[kind] = float(match.group(1)) * UNITS[match.group(2)]
    return averages


def xray_averages(path):
    """{kind: sum / count} from `llvm-xray account -format=csv`."""
    averages = {}
    with open(path, newline="") as table:
        for row in csv.DictReader(table):
            kind = kind_of(row["function"])
            if kind and int(row["count"]):
                averages[kind] = float(row["sum"]) * 1e9 / int(row["count"])
    return averages


def gprof_averages(flat_path, graph_path):
    """{kind: self seconds / calls}: self seconds from the flat profile; the calls from
    the call graph, whose count of a recursive function ("2+1271240") includes the
    recursive calls, which the flat profile leaves out."""
    calls = {}
    graph_line = re.compile(
        r"^\[\d+\]\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+(\d+)(?:\+(\d+))?\s+(.*?) \[\d+\]$"
    )
    with open(graph_path) as lines:
        for line in lines:
            match = graph_line.match(line.rstrip("\n"))
            if match and kind_of(match.group(3)):
                calls[kind_of(match.group(3))] = int(match.group(1)) + int(match.group(2) or 0)
    flat_line = re.compile(r"^\s*[\d.]+\s+[\d.]+\s+([\d.]+)\s+\d+\s+[\d.]+\s+[\d.]+\s+(.*)$")
    averages = {}
    with open(flat_path) as lines:
        for line in lines:
            match = flat_line.match(line.rstrip("\n"))
            if match and kind_of(match.group(2)) in calls:
                kind = kind_of(match.group(2))
                averages[kind] = float(match.group(1)) * 1e9 / calls[kind]
    return averages


def reported_averages(work, tool, round_name):
    """{kind: average} from one run's report, or None when the tool reports nothing.
    hotpath's figures are (compensated, raw) pairs."""
    base = os.path.join(work, "runs", f"{tool}.{round_name}")
    if tool == "hotpath":
        return hotpath_averages(base + ".json")
    if tool == "uftrace":
        return uftrace_averages(base + ".report")
    if tool == "xray":
        return xray_averages(base + ".csv")
    if tool == "gprof":
        return gprof_averages(base + ".flat", base + ".graph")
    return None


def nanoseconds(value, sign=""):
    """Three significant figures or so; sign="+" writes the sign of any value."""
    if value is None:
        return "-"
    magnitude = abs(value)
    if magnitude >= 100:
        return f"{value:{sign},.0f}"
    if magnitude >= 10:
        return f"{value:{sign}.1f}"
    return f"{value:{sign}.2f}"


def ratio(value, reference):
    if value is None or reference is None or reference <= 0:
        return "-"
    return f"{value / reference:.2f}x" if value / reference < 10 else f"{value / reference:.0f}x"


def median_or_none(values):
    return statistics.median(values) if values else None


def figure_and_ratio(value, truth):
    return f"{nanoseconds(value)} ({ratio(value, truth)})"


def read_key_values(path, separator):
    with open(path) as lines:
        return dict(line.rstrip("\n").split(separator, 1) for line in lines if line.strip())


def row(cells):
    return "| " + " | ".join(cells) + " |"


def main():
    work = sys.argv[1]
    info = read_key_values(os.path.join(work, "info"), " ")
    status = read_key_values(os.path.join(work, "tools"), "\t")

    # The rounds each tool completed: {tool: {round: (phases, extra)}}.
    runs = {}
    for name in sorted(os.listdir(os.path.join(work, "runs"))):
        if name.endswith(".phases"):
            tool, round_name, _ = name.split(".")
            runs.setdefault(tool, {})[round_name] = read_phases(os.path.join(work, "runs", name))
    baseline = runs.get("baseline", {})
    if not baseline:
        sys.exit("summarize.py: no complete run of the uninstrumented program")

    # Undisturbed true times per call: the uninstrumented program's median slices.
    true_self = {
        kind: statistics.median(phases[kind] for phases, _ in baseline.values())
        for kind, _, _ in KINDS
    }
    fib_inclusive = median_or_none(
        [extra["fib_inclusive_ns"] for _, extra in baseline.values() if "fib_inclusive_ns" in extra]
    )
    true_inclusive = dict(true_self, fib=fib_inclusive)

    overhead = {}  # {(tool, kind): ns per call}
    reported = {}  # {(tool, kind): average}
    uncompensated = {}  # {kind: average}: hotpath's before compensation
    for tool, _ in TOOLS:
        tool_runs = runs.get(tool, {})
        for kind, _, _ in KINDS:
            overhead[tool, kind] = median_or_none(
                [
                    phases[kind] - baseline[r][0][kind]
                    for r, (phases, _) in tool_runs.items()
                    if r in baseline
                ]
            )
        per_round = {r: reported_averages(work, tool, r) for r in tool_runs}
        if not per_round or None in per_round.values():
            continue
        for kind, _, _ in KINDS:
            values = [averages[kind] for averages in per_round.values() if kind in averages]
            if tool == "hotpath":
                uncompensated[kind] = median_or_none([value[1] for value in values])
                values = [value[0] for value in values]
            reported[tool, kind] = median_or_none(values)

    def unusable(tool):
        """Why a tool has no figures, or None."""
        if status.get(tool, "available") != "available":
            return "not available: " + status[tool]
        if not runs.get(tool):
            return "failed in every round"
        return None

    titles = [title for _, _, title in KINDS]
    print(
        f"Measured {info['date']}: {info['cpus']} CPUs ({info['cpu']}), load average "
        f"{info['load']} at the end; {info['compiler']}; medians of {info['rounds']} rounds."
    )
    print()
    print("What each tool adds to a call, in ns (wall time per call in the workload's median")
    print("slice, less the uninstrumented program's in the same round), and as a multiple of")
    print("what hotpath adds:")
    print()
    print(row([""] + titles))
    print(row(["---"] * (len(KINDS) + 1)))
    undisturbed = [nanoseconds(true_self[kind]) for kind, _, _ in KINDS]
    print(row(["uninstrumented: ns per call"] + undisturbed))
    for tool, title in TOOLS:
        reason = unusable(tool)
        if reason:
            print(row([title, reason] + [""] * (len(KINDS) - 1)))
            continue
        cells = [
            f"{nanoseconds(overhead[tool, kind], '+')} "
            f"({ratio(overhead[tool, kind], overhead.get(('hotpath', kind)))})"
            for kind, _, _ in KINDS
        ]
        print(row([title] + cells))
    print()

    print("The average per call each tool reports, in ns, against the true one")
    print("(reported / true):")
    print()
    print(row(["", "compared"] + titles))
    print(row(["---"] * (len(KINDS) + 2)))
    inclusive_cells = [nanoseconds(true_inclusive[k]) for k, _, _ in KINDS]
    print(row(["true, undisturbed", "inclusive"] + inclusive_cells))
    self_cells = [nanoseconds(true_self[k]) if k != "map" else "-" for k, _, _ in KINDS]
    print(row(["true, undisturbed", "self"] + self_cells))
    compared = {
        "hotpath": "inclusive, compensated (default)",
        "uftrace": "inclusive: Total avg",
        "xray": "inclusive: sum / count",
        "gprof": "self: self seconds / calls (sampled)",
    }
    for tool, title in TOOLS:
        if tool not in compared:
            print(row([title, "reports nothing"] + [""] * len(KINDS)))
            continue
        reason = unusable(tool)
        if reason:
            print(row([title, compared[tool], reason] + [""] * (len(KINDS) - 1)))
            continue
        # gprof's self time of the map function leaves out its callees (std::map and
        # std::string code, libc); it is set against the whole call, the only truth
        # there is.
        truth = dict(true_self) if tool == "gprof" else true_inclusive
        cells = [figure_and_ratio(reported.get((tool, k)), truth[k]) for k, _, _ in KINDS]
        print(row([title, compared[tool]] + cells))
        if tool == "hotpath":
            cells = [figure_and_ratio(uncompensated.get(k), truth[k]) for k, _, _ in KINDS]
            print(row([title, "inclusive, uncompensated (measured_total_ns)"] + cells))
    for tool, title in TOOLS:
        if not unusable(tool) and len(runs[tool]) < int(info["rounds"]):
            print(f"\n{title} completed {len(runs[tool])} of {info['rounds']} rounds.")


if __name__ == "__main__":
    main()
