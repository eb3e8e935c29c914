"""Checks the CPU section of a JSON report against its folded stacks and bounds.

Usage: cpu_check.py REPORT.json [--folded FILE] [CHECK...]
Checks (each an argument):
  total=FOLDED             total_samples equals the samples in the folded file
  rows=TOTAL               in self mode, the rows (with "(not measured)") add up to total_samples
  signatures=TIMING        each row has the signature of the timing row of its name, and
                           "(not measured)" (no function) a null one
  NAME=FOLDED              NAME's samples equal the folded samples whose stack has a frame
                           containing NAME, give or take 1% (at least 2 samples): the
                           measured call begins after the function's first instructions
                           (the guard's own) and ends before its last ones
  NAME~SECONDS             NAME's samples stand for SECONDS of CPU at the report's frequency,
                           from 30% less to 15% more: a machine busy with other work
                           (the test suite runs tests in parallel) loses some samples,
                           it never adds any
  NAME<=PERCENT%           NAME's share of all samples is at most PERCENT
  NAME>=COUNT              NAME has at least COUNT samples
  mode=MODE, timer=TIMER, stopped_early=true|false, lost=N
Prints one line per check and exits 1 on the first failure.
"""
import json
import sys


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def folded_samples(path, name=None):
    total = 0
    with open(path) as folded:
        for line in folded:
            line = line.rstrip("\n")
            if not line:
                continue
            stack, _, count = line.rpartition(" ")
            if name is None or any(name in frame for frame in stack.split(";")):
                total += int(count)
    return total


def main():
    report_path = sys.argv[1]
    args = sys.argv[2:]
    folded = None
    if args[:1] == ["--folded"]:
        folded, args = args[1], args[2:]
    with open(report_path) as report_file:
        report = json.load(report_file)
    cpu = report["functions_cpu"]
    rows = {row["name"]: row["samples"] for row in cpu["data"]}
    frequency = cpu["frequency_hz"]
    for check in args:
        if check == "total=FOLDED":
            expected, actual = folded_samples(folded), cpu["total_samples"]
        elif check == "rows=TOTAL":
            expected, actual = cpu["total_samples"], sum(rows.values())
        elif check == "signatures=TIMING":
            timing = {row["name"]: row["signature"] for row in report["functions_timing"]["data"]}
            timing["(not measured)"] = None
            expected = {row["name"]: timing.get(row["name"], "(no timing row)") for row in cpu["data"]}
            actual = {row["name"]: row["signature"] for row in cpu["data"]}
        elif check.startswith("mode="):
            expected, actual = check[5:], cpu["mode"]
        elif check.startswith("timer="):
            expected, actual = check[6:], cpu["timer"]
        elif check.startswith("stopped_early="):
            expected, actual = check[14:] == "true", cpu["stopped_early"]
        elif check.startswith("lost="):
            expected, actual = int(check[5:]), cpu["lost_samples"]
        elif check.endswith("=FOLDED"):
            name = check[: -len("=FOLDED")]
            expected, actual = folded_samples(folded, name), rows.get(name, 0)
            if abs(expected - actual) > max(2, expected // 100):
                fail("%s: %d samples, the folded stacks have %d" % (check, actual, expected))
            print("ok %s: %d samples, the folded stacks have %d" % (check, actual, expected))
            continue
        elif "~" in check:
            name, seconds = check.split("~")
            actual = rows.get(name, 0)
            wanted = float(seconds) * frequency
            if not 0.70 * wanted <= actual <= 1.15 * wanted:
                fail("%s: %d samples, expected %.0f -30%% +15%%" % (check, actual, wanted))
            print("ok %s: %d samples" % (check, actual))
            continue
        elif "<=" in check:
            name, percent = check.split("<=")
            share = 100.0 * rows.get(name, 0) / max(cpu["total_samples"], 1)
            if share > float(percent.rstrip("%")):
                fail("%s: %.2f%%" % (check, share))
            print("ok %s: %.2f%%" % (check, share))
            continue
        elif ">=" in check:
            name, count = check.split(">=")
            actual = rows.get(name, 0)
            if actual < int(count):
                fail("%s: %d samples" % (check, actual))
            print("ok %s: %d samples" % (check, actual))
            continue
        else:
            fail("unknown check " + check)
        if expected != actual:
            fail("%s: expected %r, got %r" % (check, expected, actual))
        print("ok %s: %r" % (check, actual))


if __name__ == "__main__":
    main()
