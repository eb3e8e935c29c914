"""Checks the locks section of a JSON report against the figures the locking
program measured itself (Inputs/locking_program.cpp): each contended lock is
there under its given, derived or numbered name, with exactly its waits, their
time within 5% of the program's own timer, where it was first waited for (the
measured function and the source line of the lock call), and the measured
functions that held it, each with exactly the waits it caused. A lock never
waited for is not there.

usage: lock_check.py EXPECTED.json REPORT.json
"""
import json
import sys

# name in the report -> (kind, the waiter, {holder: waits})
LOCKS = {
    "jobs": ("mutex", "app::take_jobs", {"app::hold_long": 3, "app::hold_short": 2}),
    "app::g_state_mutex": ("mutex", "app::take_state", {"app::hold_long": 2}),
    "app::g_table": ("rwlock", "app::read_table", {"app::update_table": 2}),
    "mutex #1": ("mutex", "app::take_local", {"app::hold_short": 1}),
}
EXPECTED_KEY = {"mutex #1": "mutex"}


def main():
    with open(sys.argv[1]) as handle:
        expected = json.load(handle)
    with open(sys.argv[2]) as handle:
        report = json.load(handle)
    section = report["locks"]
    rows = {row["name"]: row for row in section["data"]}
    failures = []

    def check(condition, message):
        if not condition:
            failures.append(message)

    check(section["total_locks"] == len(LOCKS),
          "%d locks, expected %d: %s" % (section["total_locks"], len(LOCKS), sorted(rows)))
    for name, (kind, waiter, holders) in LOCKS.items():
        own = expected[EXPECTED_KEY.get(name, name)]
        row = rows.get(name)
        if row is None:
            failures.append("%s: no row (rows: %s)" % (name, sorted(rows)))
            continue
        check(row["kind"] == kind, "%s: kind %s, expected %s" % (name, row["kind"], kind))
        check(row["waits"] == own["count"],
              "%s: %d waits, expected %d" % (name, row["waits"], own["count"]))
        error = abs(row["total_ns"] - own["ns"]) / own["ns"]
        check(error <= 0.05 and row["total_ns"] <= own["ns"] * 1.001,
              "%s: %d ns waited, the program's timer %d ns (%.1f%% apart)"
              % (name, row["total_ns"], own["ns"], 100 * error))
        check(row["total_ns"] / row["waits"] <= row["max_ns"] <= row["total_ns"],
              "%s: max %d ns out of bounds (total %d ns)" % (name, row["max_ns"], row["total_ns"]))
        first = row["first_contended"]
        check(first["function"] == waiter,
              "%s: first contended in %s, expected %s" % (name, first["function"], waiter))
        location = "locking_program.cpp:%d" % own["line"]
        check(first["location"] == location,
              "%s: first contended at %r, expected %r" % (name, first["location"], location))
        found = {holder["function"]: holder["waits"] for holder in row["holders"]}
        check(found == holders, "%s: holders %s, expected %s" % (name, found, holders))

    if failures:
        sys.exit("\n".join(failures))
    print("locks: %d as the program measured them" % len(LOCKS))


if __name__ == "__main__":
    main()
