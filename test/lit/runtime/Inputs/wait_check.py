"""Checks the wait section of a JSON report against the figures the waiting
program measured itself (Inputs/waiting_program.cpp): each function's waits of
its cause are exactly as many, their time within 5% of the program's own timer,
its I/O bytes exact; a function that only computes has no waits, nor one whose
reads find their answer at once; a function that waits only through its callees has their waits inclusively and none of its own.

usage: wait_check.py EXPECTED.json REPORT.json
"""
import json
import sys

CAUSE_OF = {
    "app::wait_for_lock": "lock",
    "app::wait_for_condition": "condition",
    "app::read_pipe": "io",
    "app::read_switched_pipe": "io",
    "app::read_ioctl_switched_pipe": "io",
    "app::nap": "sleep",
    "app::join_worker": "other",
}


def main():
    with open(sys.argv[1]) as handle:
        expected = json.load(handle)
    with open(sys.argv[2]) as handle:
        report = json.load(handle)
    section = report["functions_wait"]
    rows = {row["name"]: row for row in section["data"]}
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    for name, cause in CAUSE_OF.items():
        own = expected[name]
        row = rows.get(name)
        if row is None:
            failures.append("%s: no wait row" % name)
            continue
        figures = row["causes"][cause]
        check(figures["self_count"] == own["count"],
              "%s: %d %s waits, expected %d" % (name, figures["self_count"], cause, own["count"]))
        check(figures["count"] == own["count"],
              "%s: inclusive %s count %d, expected %d" % (name, cause, figures["count"], own["count"]))
        error = abs(figures["self_ns"] - own["ns"]) / own["ns"]
        check(error <= 0.05,
              "%s: %s time %d ns, the program's timer %d ns (%.1f%% apart)"
              % (name, cause, figures["self_ns"], own["ns"], 100 * error))
        check(figures["self_ns"] <= own["ns"] * 1.001,
              "%s: %s time %d ns is more than the program's timer %d ns"
              % (name, cause, figures["self_ns"], own["ns"]))
        check(row["self_io_bytes"] == own["bytes"],
              "%s: %d I/O bytes, expected %d" % (name, row["self_io_bytes"], own["bytes"]))

    check("app::compute" not in rows, "app::compute computes only, yet has waits")
    # 2,000 reads that find their answer at once: not waits, but for a preemption
    # in one of them now and then.
    ready = rows.get("app::read_ready")
    ready_count = ready["causes"]["io"]["self_count"] if ready else 0
    check(ready_count <= 20, "app::read_ready: %d of 2000 reads that cannot wait counted" % ready_count)

    # app::outer waits only through its callees; main has them all.
    for name in ("app::outer", "main"):
        row = rows.get(name)
        if row is None:
            failures.append("%s: no wait row" % name)
            continue
        check(row["self_count"] == 0, "%s: %d waits of its own" % (name, row["self_count"]))
        for callee, cause in CAUSE_OF.items():
            check(row["causes"][cause]["count"] >= expected[callee]["count"],
                  "%s: fewer %s waits than %s" % (name, cause, callee))
        check(row["io_bytes"] == sum(expected[callee]["bytes"] for callee in CAUSE_OF) +
              (ready["self_io_bytes"] if ready else 0),
              "%s: %d I/O bytes inclusive" % (name, row["io_bytes"]))
        total = sum(rows[callee]["total_ns"] for callee in CAUSE_OF)
        total += ready["total_ns"] if ready else 0
        # Each row's ticks are converted to ns on their own: a few ns of rounding.
        check(abs(row["total_ns"] - total) <= 10 * (len(CAUSE_OF) + 1),
              "%s: %d ns blocked, its callees %d ns" % (name, row["total_ns"], total))

    if failures:
        print("\n".join(failures))
        return 1
    print("waits as measured: %s" % ", ".join(
        "%s %d" % (name, rows[name]["causes"][cause]["self_count"])
        for name, cause in CAUSE_OF.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
