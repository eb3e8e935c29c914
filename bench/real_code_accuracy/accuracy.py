#!/usr/bin/env python3
"""Are measure-all's averages right? The steps of bench/real_code_accuracy/run.sh.

    accuracy.py pick REPORT.json --fine 5 --coarse 2 > targets.json
    accuracy.py others targets.json ALL.filter > others.filter
    accuracy.py compare targets.json REFERENCE.json [--tolerance 30]

pick     chooses, in a measure-all report (one process's, HOTPATH_LIMIT=0), the fine
         functions (average under 2 us, at least 10,000 calls) and the coarse ones
         (average of 2 us or more) that took the most time: where a wrong average
         would mislead most. Each is written with its calls and average.
others   drops the targets from a filter that lists every function of the report
         (hotpath filter --min-calls 0 --min-share 0 --min-ratio 0 --budget 0): built again
         with it, measure-all measures the targets and nothing else they call.
compare  prints, for each target, the measure-all average against the reference's
         (the same process in that build): the same work with only its own guard,
         compensated, around it, none in its callees. PASS when within
         --tolerance percent, FAIL otherwise; the exit status is 1 when one fails, 2
         when an input cannot be read.
"""

import argparse
import json
import sys

FINE_LIMIT_NS = 2000.0
FINE_MIN_CALLS = 10000


def fail(message):
    print(f"accuracy.py: {message}", file=sys.stderr)
    sys.exit(2)


def rows_of(path):
    """The rows of a hotpath JSON report, by signature."""
    try:
        with open(path, encoding="utf-8") as stream:
            report = json.load(stream)
        rows = report["functions_timing"]["data"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        fail(f"{path}: not a hotpath JSON report ({error})")
    return {row.get("signature") or row["name"]: row for row in rows}


def pick(args):
    rows = rows_of(args.report).values()
    fine = [r for r in rows if r["avg_ns"] < FINE_LIMIT_NS and r["calls"] >= FINE_MIN_CALLS]
    coarse = [r for r in rows if r["avg_ns"] >= FINE_LIMIT_NS]
    targets = []
    for kind, candidates, count in (("fine", fine, args.fine), ("coarse", coarse, args.coarse)):
        chosen = sorted(candidates, key=lambda r: r["total_ns"], reverse=True)[:count]
        if not chosen:
            fail(f"{args.report}: no {kind} function, {count} asked")
        if len(chosen) < count:
            # A filter round may leave fewer: those are compared.
            print(f"accuracy.py: {args.report}: {len(chosen)} {kind} functions, {count} asked",
                  file=sys.stderr)
        for row in chosen:
            targets.append(
                {
                    "kind": kind,
                    "name": row["name"],
                    "signature": row.get("signature") or row["name"],
                    "calls": row["calls"],
                    "avg_ns": row["avg_ns"],
                    "timing": row.get("timing", "every call"),
                }
            )
    json.dump(targets, sys.stdout, indent=1)
    print()


def load_targets(path):
    try:
        with open(path, encoding="utf-8") as stream:
            return json.load(stream)
    except (OSError, ValueError) as error:
        fail(f"{path}: {error}")


def without_template_arguments(signature):
    """The signature with every `<...>` taken out: what a filter entry leaves out is
    the template, every instance of it (plan/FunctionFilter.h)."""
    # The angle brackets of operators are no template arguments.
    for operator in ("<<=", ">>=", "->*", "<=>", "<<", ">>", "<=", ">=", "->", "<", ">"):
        signature = signature.replace("operator" + operator, "operator" + "\0" * len(operator))
    text, depth = [], 0
    for char in signature:
        if char == "<":
            depth += 1
        elif char == ">" and depth > 0:
            depth -= 1
        elif depth == 0:
            text.append(char)
    return "".join(text)


def others(args):
    wanted = {target["signature"] for target in load_targets(args.targets)}
    try:
        with open(args.filter, encoding="utf-8") as stream:
            lines = stream.read().splitlines()
    except OSError as error:
        fail(f"{args.filter}: {error}")
    missing = wanted - set(lines)
    if missing:
        fail(f"{args.filter} does not list {sorted(missing)[0]}")
    # The other instances of a target's template stay measured too: listing one
    # would leave the target out with it.
    templates = {without_template_arguments(signature) for signature in wanted}
    kept = [line for line in lines if line.startswith("#") or without_template_arguments(line) not in templates]
    print("\n".join(kept))


def compare(args):
    targets = load_targets(args.targets)
    reference = rows_of(args.reference)
    failed = False
    print(f"{'':7} {'calls':>12} {'measure-all':>13} {'reference':>11} {'ratio':>7}  function")
    for target in targets:
        row = reference.get(target["signature"])
        if row is None:
            print(f"FAIL   {target['calls']:>12,} {target['avg_ns']:>10.1f} ns {'missing':>11}  {target['name']}")
            failed = True
            continue
        if row["calls"] != target["calls"]:
            print(f"note: {target['name']}: {row['calls']:,} calls in the reference, {target['calls']:,} measured all")
        ratio = target["avg_ns"] / row["avg_ns"] if row["avg_ns"] > 0 else float("inf")
        ok = abs(ratio - 1.0) * 100.0 <= args.tolerance
        failed = failed or not ok
        timing = "" if target["timing"] == "every call" else f", {target['timing']}"
        print(
            f"{'PASS' if ok else 'FAIL':6} {target['calls']:>12,} {target['avg_ns']:>10.1f} ns"
            f" {row['avg_ns']:>8.1f} ns {ratio:>6.2f}x  {target['name']} ({target['kind']}{timing})"
        )
    sys.exit(1 if failed else 0)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    steps = parser.add_subparsers(dest="step", required=True)
    step = steps.add_parser("pick")
    step.add_argument("report")
    step.add_argument("--fine", type=int, default=5)
    step.add_argument("--coarse", type=int, default=2)
    step.set_defaults(run=pick)
    step = steps.add_parser("others")
    step.add_argument("targets")
    step.add_argument("filter")
    step.set_defaults(run=others)
    step = steps.add_parser("compare")
    step.add_argument("targets")
    step.add_argument("reference")
    step.add_argument("--tolerance", type=float, default=30.0)
    step.set_defaults(run=compare)
    args = parser.parse_args()
    args.run(args)


if __name__ == "__main__":
    main()
